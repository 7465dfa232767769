//go:build !purego

#include "textflag.h"

// func foldFreezeAVX2(out *int16, lo, hi *int32, n int, k *freezeConsts)
//
// out[i] = freeze(lo[i] + hi[i] + hi[i-1]) for i < 16n, sixteen at a time:
// the fold of a product modulo x^p - x - 1 (lo = c, hi = c+p) and its
// reduction to -(q-1)/2..(q-1)/2. Below 2^24 in magnitude the sum is exact
// in float32, and rounding it times 1/q (relative error 2^-23) gives
// round(x/q) or a neighbour only where x/q is within 1/q of a half, so
// x - t*q is off the symmetric range by at most one q, which the masked
// corrections fix. Float multiplication and conversion take the same time
// for every normal value.
TEXT ·foldFreezeAVX2(SB), NOSPLIT, $0-40
	MOVQ out+0(FP), DI
	MOVQ lo+8(FP), SI
	MOVQ hi+16(FP), DX
	MOVQ n+24(FP), CX
	MOVQ k+32(FP), AX
	VBROADCASTSS 0(AX), Y15  // 1/q
	VPBROADCASTD 4(AX), Y14  // q
	VPBROADCASTD 8(AX), Y13  // (q-1)/2
	VPXOR Y12, Y12, Y12
	VPSUBD Y13, Y12, Y12     // -(q-1)/2
	TESTQ CX, CX
	JZ ffdone

#define FOLDFREEZE8(off, R) \
	VMOVDQU off(SI), R \
	VPADDD off(DX), R, R \
	VPADDD off-4(DX), R, R \
	VCVTDQ2PS R, Y8 \
	VMULPS Y15, Y8, Y8 \
	VCVTPS2DQ Y8, Y8 \
	VPMULLD Y14, Y8, Y8 \
	VPSUBD Y8, R, R \
	VPCMPGTD Y13, R, Y9 \
	VPAND Y14, Y9, Y9 \
	VPSUBD Y9, R, R \
	VPCMPGTD R, Y12, Y9 \
	VPAND Y14, Y9, Y9 \
	VPADDD Y9, R, R

ffloop:
	FOLDFREEZE8(0, Y0)
	FOLDFREEZE8(32, Y1)
	VPACKSSDW Y1, Y0, Y0
	VPERMQ $0xd8, Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, DI
	ADDQ $64, SI
	ADDQ $64, DX
	DECQ CX
	JNZ ffloop

ffdone:
	VZEROUPPER
	RET

// F3FREEZE16 reduces the int16 lanes of R (|x| < 2^14) to {-1,0,1}:
// x - 3*round(x/3), with VPMULHRSW computing (10923*x + 2^14) >> 15 as the
// reference does. Y11 holds 10923 in every lane.
#define F3FREEZE16(R) \
	VPMULHRSW Y11, R, Y8 \
	VPSUBW Y8, R, R \
	VPSUBW Y8, R, R \
	VPSUBW Y8, R, R

// FOLD8 loads lo+hi+hi[-1] for eight int32 lanes at off into R.
#define FOLD8(off, R) \
	VMOVDQU off(SI), R \
	VPADDD off(DX), R, R \
	VPADDD off-4(DX), R, R

// func fold3AVX2(out *int8, lo, hi *int32, n int)
//
// out[i] = F3 reduction of lo[i] + hi[i] + hi[i-1] for i < 32n: fold3's
// middle coefficients. The sums of a small-by-small product stay below
// 3p < 2^12, so the int16 packing is exact.
TEXT ·fold3AVX2(SB), NOSPLIT, $0-32
	MOVQ out+0(FP), DI
	MOVQ lo+8(FP), SI
	MOVQ hi+16(FP), DX
	MOVQ n+24(FP), CX
	MOVL $10923, AX
	VMOVD AX, X11
	VPBROADCASTW X11, Y11
	TESTQ CX, CX
	JZ f3done

f3loop:
	FOLD8(0, Y0)
	FOLD8(32, Y1)
	FOLD8(64, Y2)
	FOLD8(96, Y3)
	VPACKSSDW Y1, Y0, Y0
	VPERMQ $0xd8, Y0, Y0
	VPACKSSDW Y3, Y2, Y2
	VPERMQ $0xd8, Y2, Y2
	F3FREEZE16(Y0)
	F3FREEZE16(Y2)
	VPACKSSWB Y2, Y0, Y0
	VPERMQ $0xd8, Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, DI
	ADDQ $128, SI
	ADDQ $128, DX
	DECQ CX
	JNZ f3loop

f3done:
	VZEROUPPER
	RET

// func lift3AVX2(out *int8, in *int16, n int, q int16)
//
// out[i] = the F3 reduction of freeze(3*in[i]) for canonical Fq inputs and
// i < 32n: decapsulation's e = R3_fromRq(3*f*c). 3*in lies within 3/2 q of
// zero, so one masked correction each way freezes it.
TEXT ·lift3AVX2(SB), NOSPLIT, $0-26
	MOVQ out+0(FP), DI
	MOVQ in+8(FP), SI
	MOVQ n+16(FP), CX
	MOVWLZX q+24(FP), AX
	VMOVD AX, X14
	VPBROADCASTW X14, Y14 // q
	SHRL $1, AX
	VMOVD AX, X13
	VPBROADCASTW X13, Y13 // (q-1)/2
	VPXOR Y12, Y12, Y12
	VPSUBW Y13, Y12, Y12  // -(q-1)/2
	MOVL $10923, AX
	VMOVD AX, X11
	VPBROADCASTW X11, Y11
	TESTQ CX, CX
	JZ l3done

#define LIFT16(off, R) \
	VMOVDQU off(SI), R \
	VPADDW R, R, Y9 \
	VPADDW Y9, R, R \
	VPCMPGTW Y13, R, Y9 \
	VPAND Y14, Y9, Y9 \
	VPSUBW Y9, R, R \
	VPCMPGTW R, Y12, Y9 \
	VPAND Y14, Y9, Y9 \
	VPADDW Y9, R, R \
	F3FREEZE16(R)

l3loop:
	LIFT16(0, Y0)
	LIFT16(32, Y2)
	VPACKSSWB Y2, Y0, Y0
	VPERMQ $0xd8, Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, DI
	ADDQ $64, SI
	DECQ CX
	JNZ l3loop

l3done:
	VZEROUPPER
	RET

// func decodePairsAVX2(out, top *uint16, s *byte, n, nbytes int, k *decodeConsts)
//
// One level of the radix decoding for 4n pairs of equal radix m: pair i
// has r = top[i]*256^nbytes + its nbytes little-endian bottom bytes, and
// gives out[2i] = r mod m, out[2i+1] = floor(r/m) mod m. The quotient is
// the truncated product of r with a double just above 1/m: exact, since
// r < 2^32 keeps the error far below the 1/m gap to the next integer; the
// quotient is below 2m, so one masked subtraction reduces it.
TEXT ·decodePairsAVX2(SB), NOSPLIT, $0-48
	MOVQ out+0(FP), DI
	MOVQ top+8(FP), SI
	MOVQ s+16(FP), DX
	MOVQ n+24(FP), CX
	MOVQ nbytes+32(FP), BX
	MOVQ k+40(FP), AX
	VBROADCASTSD 0(AX), Y15  // just above 1/m
	VPBROADCASTD 8(AX), X14  // m
	VPBROADCASTD 12(AX), X13 // m-1
	TESTQ CX, CX
	JZ dpdone
	CMPQ BX, $1
	JEQ dp1
	JGT dp2

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
	VMOVDQU X4, (DI) \
	ADDQ $16, DI \
	ADDQ $8, SI

dp0:
	VPMOVZXWD (SI), X0
	DECODE4
	DECQ CX
	JNZ dp0
	JMP dpdone

dp1:
	VPMOVZXWD (SI), X0
	VPSLLD $8, X0, X0
	VPMOVZXBD (DX), X1
	VPOR X1, X0, X0
	ADDQ $4, DX
	DECODE4
	DECQ CX
	JNZ dp1
	JMP dpdone

dp2:
	VPMOVZXWD (SI), X0
	VPSLLD $16, X0, X0
	VPMOVZXWD (DX), X1
	VPOR X1, X0, X0
	ADDQ $8, DX
	DECODE4
	DECQ CX
	JNZ dp2

dpdone:
	VZEROUPPER
	RET

// func encodePairsAVX2(out *byte, r *uint16, n, nbytes int, m uint32)
//
// One level of the radix encoding for 4n pairs of equal radix m, in place:
// pair i becomes x = r[2i] + r[2i+1]*m, whose nbytes low bytes go to out
// and whose rest to r[i]. The pairs are read before their slots, or later
// ones, are written.
TEXT ·encodePairsAVX2(SB), NOSPLIT, $0-36
	MOVQ out+0(FP), DI
	MOVQ r+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ nbytes+24(FP), DX
	MOVL m+32(FP), AX
	VMOVD AX, X15
	VPBROADCASTD X15, X15 // m
	MOVL $0xffff, AX
	VMOVD AX, X14
	VPBROADCASTD X14, X14 // 0xffff
	MOVL $0xff, AX
	VMOVD AX, X13
	VPBROADCASTD X13, X13 // 0xff
	MOVQ SI, BX
	TESTQ CX, CX
	JZ epdone

eploop:
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
	ADDQ $8, DI
	VPSRLD $16, X2, X2
	JMP epstore

ep1:
	VPAND X13, X2, X3
	VPACKUSDW X3, X3, X3
	VPACKUSWB X3, X3, X3
	VMOVD X3, (DI)
	ADDQ $4, DI
	VPSRLD $8, X2, X2

epstore:
	VPACKUSDW X2, X2, X2
	VMOVQ X2, (BX)
	ADDQ $8, BX
	ADDQ $16, SI
	DECQ CX
	JNZ eploop

epdone:
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
