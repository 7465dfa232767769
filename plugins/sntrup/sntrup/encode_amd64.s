//go:build !purego

#include "textflag.h"

// func decodePairsAVX2(out, top *uint16, s *byte, n, nbytes int, k *decodeConsts)
//
// One level of the radix decoding for 4n pairs of equal radix m: pair i
// has r = top[i]*256^nbytes + its nbytes little-endian bottom bytes, and
// gives out[2i] = r mod m, out[2i+1] = floor(r/m) mod m. The quotient is
// the truncated product of r with a double just above 1/m: exact, since
// r < 2^32 keeps the error far below the 1/m gap to the next integer; the
// quotient is below 2m, so one masked subtraction reduces it. Eight pairs
// go through the loop at a time (two vectors of doubles), a last four
// through DECODE4.
TEXT ·decodePairsAVX2(SB), NOSPLIT, $0-48
	MOVQ out+0(FP), DI
	MOVQ top+8(FP), SI
	MOVQ s+16(FP), DX
	MOVQ n+24(FP), CX
	MOVQ nbytes+32(FP), BX
	MOVQ k+40(FP), AX
	VBROADCASTSD 0(AX), Y15  // just above 1/m
	VPBROADCASTD 8(AX), Y14 // m
	VPBROADCASTD 12(AX), Y13 // m-1
	TESTQ CX, CX
	JZ dpdone
	CMPQ BX, $1
	JEQ dp1
	JGT dp2

// DECODE4 and DECODE8 take the four or eight values r in X0 or Y0 and
// store their pairs of digits.
#define DECODE4 \
	VCVTDQ2PD X0, Y2 \
	VMULPD Y15, Y2, Y2 \
	VCVTTPD2DQY Y2, X3 \
	VPMULLD X14, X3, X4 \
	VPSUBD X4, X0, X4 \
	VPCMPGTD X13, X3, X5 \
	VPAND X14, X5, X5 \
	VPSUBD X5, X3, X3 \
	VPSLLD $16, X3, X3 \
	VPOR X3, X4, X4 \
	VMOVDQU X4, (DI)

#define DECODE8 \
	VCVTDQ2PD X0, Y2 \
	VEXTRACTI128 $1, Y0, X1 \
	VCVTDQ2PD X1, Y3 \
	VMULPD Y15, Y2, Y2 \
	VMULPD Y15, Y3, Y3 \
	VCVTTPD2DQY Y2, X2 \
	VCVTTPD2DQY Y3, X3 \
	VINSERTI128 $1, X3, Y2, Y3 \
	VPMULLD Y14, Y3, Y4 \
	VPSUBD Y4, Y0, Y4 \
	VPCMPGTD Y13, Y3, Y5 \
	VPAND Y14, Y5, Y5 \
	VPSUBD Y5, Y3, Y3 \
	VPSLLD $16, Y3, Y3 \
	VPOR Y3, Y4, Y4 \
	VMOVDQU Y4, (DI) \
	ADDQ $32, DI \
	ADDQ $16, SI

dp0:
	CMPQ CX, $2
	JLT dp0last
	VPMOVZXWD (SI), Y0
	DECODE8
	SUBQ $2, CX
	JMP dp0

dp0last:
	TESTQ CX, CX
	JZ dpdone
	VPMOVZXWD (SI), X0
	DECODE4
	JMP dpdone

dp1:
	CMPQ CX, $2
	JLT dp1last
	VPMOVZXWD (SI), Y0
	VPSLLD $8, Y0, Y0
	VPMOVZXBD (DX), Y1
	VPOR Y1, Y0, Y0
	ADDQ $8, DX
	DECODE8
	SUBQ $2, CX
	JMP dp1

dp1last:
	TESTQ CX, CX
	JZ dpdone
	VPMOVZXWD (SI), X0
	VPSLLD $8, X0, X0
	VPMOVZXBD (DX), X1
	VPOR X1, X0, X0
	DECODE4
	JMP dpdone

dp2:
	CMPQ CX, $2
	JLT dp2last
	VPMOVZXWD (SI), Y0
	VPSLLD $16, Y0, Y0
	VPMOVZXWD (DX), Y1
	VPOR Y1, Y0, Y0
	ADDQ $16, DX
	DECODE8
	SUBQ $2, CX
	JMP dp2

dp2last:
	TESTQ CX, CX
	JZ dpdone
	VPMOVZXWD (SI), X0
	VPSLLD $16, X0, X0
	VPMOVZXWD (DX), X1
	VPOR X1, X0, X0
	DECODE4

dpdone:
	VZEROUPPER
	RET

// func encodePairsAVX2(out *byte, r *uint16, n, nbytes int, m uint32)
//
// One level of the radix encoding for 4n pairs of equal radix m, in place:
// pair i becomes x = r[2i] + r[2i+1]*m, whose nbytes low bytes go to out
// and whose rest to r[i]. The pairs are read before their slots, or later
// ones, are written. Eight pairs go through the loop at a time, a last
// four through the 128-bit form.
TEXT ·encodePairsAVX2(SB), NOSPLIT, $0-36
	MOVQ out+0(FP), DI
	MOVQ r+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ nbytes+24(FP), DX
	MOVL m+32(FP), AX
	VMOVD AX, X15
	VPBROADCASTD X15, Y15 // m
	MOVL $0xffff, AX
	VMOVD AX, X14
	VPBROADCASTD X14, Y14 // 0xffff
	MOVL $0xff, AX
	VMOVD AX, X13
	VPBROADCASTD X13, Y13 // 0xff
	MOVQ SI, BX
	TESTQ CX, CX
	JZ epdone

ep8loop:
	CMPQ CX, $2
	JLT eplast
	VMOVDQU (SI), Y0
	VPAND Y14, Y0, Y1
	VPSRLD $16, Y0, Y2
	VPMULLD Y15, Y2, Y2
	VPADDD Y1, Y2, Y2
	CMPQ DX, $1
	JLT ep8store
	JEQ ep81
	// The packs work within 128-bit lanes; VPERMQ gathers their
	// low halves.
	VPAND Y14, Y2, Y3
	VPACKUSDW Y3, Y3, Y3
	VPERMQ $0x08, Y3, Y3
	VMOVDQU X3, (DI)
	ADDQ $16, DI
	VPSRLD $16, Y2, Y2
	JMP ep8store

ep81:
	VPAND Y13, Y2, Y3
	VPACKUSDW Y3, Y3, Y3
	VPERMQ $0x08, Y3, Y3
	VPACKUSWB X3, X3, X3
	VMOVQ X3, (DI)
	ADDQ $8, DI
	VPSRLD $8, Y2, Y2

ep8store:
	VPACKUSDW Y2, Y2, Y2
	VPERMQ $0x08, Y2, Y2
	VMOVDQU X2, (BX)
	ADDQ $16, BX
	ADDQ $32, SI
	SUBQ $2, CX
	JMP ep8loop

eplast:
	TESTQ CX, CX
	JZ epdone
	VMOVDQU (SI), X0
	VPAND X14, X0, X1
	VPSRLD $16, X0, X2
	VPMULLD X15, X2, X2
	VPADDD X1, X2, X2
	CMPQ DX, $1
	JLT epstore
	JEQ ep1
	VPAND X14, X2, X3
	VPACKUSDW X3, X3, X3
	VMOVQ X3, (DI)
	VPSRLD $16, X2, X2
	JMP epstore

ep1:
	VPAND X13, X2, X3
	VPACKUSDW X3, X3, X3
	VPACKUSWB X3, X3, X3
	VMOVD X3, (DI)
	VPSRLD $8, X2, X2

epstore:
	VPACKUSDW X2, X2, X2
	VMOVQ X2, (BX)

epdone:
	VZEROUPPER
	RET

// func smallDecodeAVX2(out *int8, s *byte, n int)
//
// smallDecode for 32n coefficients from 8n bytes: VPSHUFB repeats each
// byte four times, a mask keeps the two bits of each position, and two
// byte compares map the codes 0, 1, 2, 3 to -1, 0, 1, 0 without
// branches or table lookups indexed by the (secret) key bytes.
TEXT ·smallDecodeAVX2(SB), NOSPLIT, $0-24
	MOVQ out+0(FP), DI
	MOVQ s+8(FP), SI
	MOVQ n+16(FP), CX
	// shuffle: output byte 4j+t takes input byte j (within each 128-bit
	// lane, so the second lane's bytes come from input bytes 4..7)
	MOVQ $0x0101010100000000, AX
	VMOVQ AX, X15
	MOVQ $0x0303030302020202, AX
	VPINSRQ $1, AX, X15, X15
	MOVQ $0x0505050504040404, AX
	VMOVQ AX, X14
	MOVQ $0x0707070706060606, AX
	VPINSRQ $1, AX, X14, X14
	VINSERTI128 $1, X14, Y15, Y15
	// mask: bits 2t..2t+1 for position t = byte index mod 4
	MOVL $0xc0300c03, AX
	VMOVD AX, X14
	VPBROADCASTD X14, Y14
	// code 2 at each position: 0x80, 0x20, 0x08, 0x02
	MOVL $0x80200802, AX
	VMOVD AX, X13
	VPBROADCASTD X13, Y13
	VPXOR Y12, Y12, Y12
	TESTQ CX, CX
	JZ sddone

sdloop:
	VPBROADCASTQ (SI), Y0
	VPSHUFB Y15, Y0, Y0
	VPAND Y14, Y0, Y0
	VPCMPEQB Y13, Y0, Y1 // code 2 -> -1 (negated below)
	VPCMPEQB Y12, Y0, Y2 // code 0 -> -1
	VPSUBB Y1, Y2, Y2     // code 0: -1, code 2: +1, else 0
	VMOVDQU Y2, (DI)
	ADDQ $32, DI
	ADDQ $8, SI
	DECQ CX
	JNZ sdloop

sddone:
	VZEROUPPER
	RET

// func smallEncodeAVX2(out *byte, f *int8, n int)
//
// smallEncode for 128n coefficients, 32 bytes at a time: VPMADDUBSW forms
// (x0+1) + 4(x1+1) from each pair of bytes and VPMADDWD adds 16 times the
// next pair, leaving each output byte in the low byte of a dword; two
// saturating packs (exact, as every value is below 2^8) gather them, and
// VPERMD restores the order that the packs' 128-bit lanes scramble.
TEXT ·smallEncodeAVX2(SB), NOSPLIT, $0-24
	MOVQ out+0(FP), DI
	MOVQ f+8(FP), SI
	MOVQ n+16(FP), CX
	MOVL $0x01010101, AX
	VMOVD AX, X15
	VPBROADCASTD X15, Y15 // bytes 1
	MOVL $0x04010401, AX
	VMOVD AX, X14
	VPBROADCASTD X14, Y14 // bytes 1, 4
	MOVL $0x00100001, AX
	VMOVD AX, X13
	VPBROADCASTD X13, Y13 // words 1, 16
	MOVQ $0x0703060205010400, AX
	VMOVQ AX, X12
	VPMOVZXBD X12, Y12    // dwords 0, 4, 1, 5, 2, 6, 3, 7
	TESTQ CX, CX
	JZ sedone

#define SMALL4(off, R) \
	VPADDB off(SI), Y15, R \
	VPMADDUBSW Y14, R, R \
	VPMADDWD Y13, R, R

seloop:
	SMALL4(0, Y0)
	SMALL4(32, Y1)
	SMALL4(64, Y2)
	SMALL4(96, Y3)
	VPACKUSDW Y1, Y0, Y0
	VPACKUSDW Y3, Y2, Y2
	VPACKUSWB Y2, Y0, Y0
	VPERMD Y0, Y12, Y0
	VMOVDQU Y0, (DI)
	ADDQ $128, SI
	ADDQ $32, DI
	DECQ CX
	JNZ seloop

sedone:
	VZEROUPPER
	RET
