//go:build !purego

#include "textflag.h"

// func mulBlocksAVX2(out *int32, a *int16, t *int16, step, n int)
//
// out[0:2n-1] (rounded up to a multiple of 32) = a*b by 32-output blocks.
// For the block at k0 it sums over the coefficient pairs (a[2s], a[2s+1])
// from lo = max(0, k0-n+1) rounded down to even up to hi = min(n-1, k0+31)
// their products with eight-pair windows of the table of (b[m], b[m-1]):
// each VPMADDWD forms a[i]*b[k-i] + a[i+1]*b[k-i-1] for eight outputs k at
// once (see mulAVX2). The table is in four copies, copy k starting k*step
// bytes after t and shifted by 8k bytes: step j of every group of four
// steps reads its windows in the copy where they are 32-byte aligned, so
// no load splits a cache line. The pointers move down 32 bytes a group.
// The block bookkeeping is here rather than in Go because at the
// Toom-Cook leaves it measured a tenth of the product.
TEXT ·mulBlocksAVX2(SB), NOSPLIT, $0-40
	MOVQ out+0(FP), DI
	MOVQ t+16(FP), BX
	MOVQ n+32(FP), R13
	XORQ R12, R12 // k0

mbblock:
	// lo in AX, hi in CX, then the number of groups of four pairs in CX.
	LEAQ 1(R12), AX
	SUBQ R13, AX
	XORQ DX, DX
	TESTQ AX, AX
	CMOVQLT DX, AX
	ANDQ $-2, AX
	LEAQ 31(R12), CX
	LEAQ -1(R13), DX
	CMPQ CX, DX
	CMOVQGT DX, CX
	SUBQ AX, CX
	SHRQ $1, CX
	ADDQ $4, CX
	SHRQ $2, CX
	MOVQ a+8(FP), SI
	LEAQ (SI)(AX*2), SI
	// t0 = 4*(k0 - lo + pairPad), the byte offset of the first window;
	// window j of a group lies at t0 - 8j in copy ((8j - t0) & 31)/8.
	NEGQ AX
	ADDQ R12, AX
	ADDQ $56, AX
	SHLQ $2, AX

#define WINDOW(j, R) \
	LEAQ -(8*j)(AX), DX \
	MOVQ DX, R \
	NEGQ R \
	ANDQ $31, R \
	SHRQ $3, R \
	IMULQ step+24(FP), R \
	ADDQ DX, R \
	ADDQ BX, R

	WINDOW(0, R8)
	WINDOW(1, R9)
	WINDOW(2, R10)
	WINDOW(3, R11)

	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y2, Y2, Y2
	VPXOR Y3, Y3, Y3

#define MADDSTEP(off, P) \
	VPBROADCASTD off(SI), Y4 \
	VPMADDWD (P), Y4, Y5 \
	VPADDD Y5, Y0, Y0 \
	VPMADDWD 32(P), Y4, Y6 \
	VPADDD Y6, Y1, Y1 \
	VPMADDWD 64(P), Y4, Y7 \
	VPADDD Y7, Y2, Y2 \
	VPMADDWD 96(P), Y4, Y8 \
	VPADDD Y8, Y3, Y3

m4loop:
	MADDSTEP(0, R8)
	MADDSTEP(4, R9)
	MADDSTEP(8, R10)
	MADDSTEP(12, R11)
	ADDQ $16, SI
	SUBQ $32, R8
	SUBQ $32, R9
	SUBQ $32, R10
	SUBQ $32, R11
	DECQ CX
	JNZ m4loop

	VMOVDQU Y0, (DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	ADDQ $128, DI
	ADDQ $32, R12
	LEAQ -1(R13)(R13*1), DX // 2n-1 outputs
	CMPQ R12, DX
	JLT mbblock

	VZEROUPPER
	RET

// func mulBlocksVNNI(out *int32, a *int16, t *int16, step, n int)
//
// mulBlocksAVX2 with AVX-VNNI: VPDPWSSD fuses each VPMADDWD with its
// VPADDD. Its accumulator dependency has the multiply's latency rather
// than an add's, so steps rotate over three sets of four accumulators
// (two sets measured 30% faster than one, three 3% faster than two),
// summed when the block ends. The Go assembler encodes VPDPWSSD only in
// its AVX-512 (EVEX) form, so the VEX form of AVX-VNNI is spelled out in
// bytes.
TEXT ·mulBlocksVNNI(SB), NOSPLIT, $0-40
	MOVQ out+0(FP), DI
	MOVQ t+16(FP), BX
	MOVQ n+32(FP), R13
	XORQ R12, R12 // k0

mbblockv:
	// lo in AX, hi in CX, then the number of groups of four pairs in CX.
	LEAQ 1(R12), AX
	SUBQ R13, AX
	XORQ DX, DX
	TESTQ AX, AX
	CMOVQLT DX, AX
	ANDQ $-2, AX
	LEAQ 31(R12), CX
	LEAQ -1(R13), DX
	CMPQ CX, DX
	CMOVQGT DX, CX
	SUBQ AX, CX
	SHRQ $1, CX
	ADDQ $4, CX
	SHRQ $2, CX
	MOVQ a+8(FP), SI
	LEAQ (SI)(AX*2), SI
	// t0 = 4*(k0 - lo + pairPad), the byte offset of the first window;
	// window j of a group lies at t0 - 8j in copy ((8j - t0) & 31)/8.
	NEGQ AX
	ADDQ R12, AX
	ADDQ $56, AX
	SHLQ $2, AX

	WINDOW(0, R8)
	WINDOW(1, R9)
	WINDOW(2, R10)
	WINDOW(3, R11)

	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y2, Y2, Y2
	VPXOR Y3, Y3, Y3
	VPXOR Y5, Y5, Y5
	VPXOR Y6, Y6, Y6
	VPXOR Y7, Y7, Y7
	VPXOR Y8, Y8, Y8
	VPXOR Y9, Y9, Y9
	VPXOR Y10, Y10, Y10
	VPXOR Y11, Y11, Y11
	VPXOR Y12, Y12, Y12

// DPWSSD(d, b, off) is VPDPWSSD off(Rb), Y4, Yd for a base register
// R8-R11 (b = 0-3): VEX.256.66.0F38.W0 52 /r with an 8-bit displacement.
#define DPWSSD(d, b, off) \
	BYTE $0xC4; BYTE $(0x42|((((d)>>3)^1)<<7)); BYTE $0x5D; BYTE $0x52 \
	BYTE $(0x40|(((d)&7)<<3)|(b)); BYTE $(off)

// DPSTEP is one pair into the accumulator set Y(d)-Y(d+3): A is Y0-Y3,
// B Y9-Y12, C Y5-Y8.
#define DPSTEP(off, b, d) \
	VPBROADCASTD off(SI), Y4 \
	DPWSSD((d), b, 0) \
	DPWSSD((d)+1, b, 32) \
	DPWSSD((d)+2, b, 64) \
	DPWSSD((d)+3, b, 96)
#define SETA 0
#define SETB 9
#define SETC 5

// GROUP is one group of four pairs, its steps into the sets s0-s3.
#define GROUP(s0, s1, s2, s3) \
	DPSTEP(0, 0, s0) \
	DPSTEP(4, 1, s1) \
	DPSTEP(8, 2, s2) \
	DPSTEP(12, 3, s3) \
	ADDQ $16, SI \
	SUBQ $32, R8 \
	SUBQ $32, R9 \
	SUBQ $32, R10 \
	SUBQ $32, R11

	// Groups go three at a time, so that each set takes every third
	// step; CX/3 is (CX*43691)>>17 for the counts here (below 2^15).
	IMUL3Q $43691, CX, DX
	SHRQ $17, DX
	LEAQ (DX)(DX*2), AX
	SUBQ AX, CX // the remainder, 0-2
	TESTQ DX, DX
	JZ m4tailv

m4loopv:
	GROUP(SETA, SETB, SETC, SETA)
	GROUP(SETB, SETC, SETA, SETB)
	GROUP(SETC, SETA, SETB, SETC)
	DECQ DX
	JNZ m4loopv

m4tailv:
	TESTQ CX, CX
	JZ m4donev
	GROUP(SETA, SETB, SETC, SETA)
	CMPQ CX, $1
	JEQ m4donev
	GROUP(SETB, SETC, SETA, SETB)

m4donev:
	VPADDD Y5, Y0, Y0
	VPADDD Y6, Y1, Y1
	VPADDD Y7, Y2, Y2
	VPADDD Y8, Y3, Y3
	VPADDD Y9, Y0, Y0
	VPADDD Y10, Y1, Y1
	VPADDD Y11, Y2, Y2
	VPADDD Y12, Y3, Y3
	VMOVDQU Y0, (DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	ADDQ $128, DI
	ADDQ $32, R12
	LEAQ -1(R13)(R13*1), DX // 2n-1 outputs
	CMPQ R12, DX
	JLT mbblockv

	VZEROUPPER
	RET

// func mul3BlocksAVX2(acc *int16, a *int8, t *uint8, n int)
//
// The R3 product kernel: acc[0:2n-1] (rounded up to a multiple of 64) by
// 64-output blocks. For the block at k0 it sums over the pairs (a[2s],
// a[2s+1]) from lo = max(0, k0-n+1) rounded down to even up to hi =
// min(n-1, k0+63) VPMADDUBSW with the byte-pair windows, moving down 4
// bytes a pair from t[2*(k0-lo+pairPad3)], of (b[m], b[m-1]) of
// pairTable3AVX2: sixteen outputs per vector and 32 products per
// instruction. Each pair sum stays far below 2^15, so VPMADDUBSW never
// saturates; the sums wrap modulo 2^16 (see mul3AVX2).
TEXT ·mul3BlocksAVX2(SB), NOSPLIT, $0-32
	MOVQ acc+0(FP), DI
	MOVQ n+24(FP), R13
	XORQ R12, R12 // k0

m3block:
	LEAQ 1(R12), AX
	SUBQ R13, AX
	XORQ DX, DX
	TESTQ AX, AX
	CMOVQLT DX, AX
	ANDQ $-2, AX // lo
	LEAQ 63(R12), CX
	LEAQ -1(R13), DX
	CMPQ CX, DX
	CMOVQGT DX, CX // hi
	SUBQ AX, CX
	SHRQ $1, CX
	INCQ CX // pairs
	MOVQ a+8(FP), SI
	ADDQ AX, SI
	MOVQ R12, DX
	SUBQ AX, DX
	ADDQ $72, DX // k0 - lo + pairPad3
	SHLQ $1, DX
	ADDQ t+16(FP), DX
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y2, Y2, Y2
	VPXOR Y3, Y3, Y3

m3loop:
	VPBROADCASTW (SI), Y4
	VMOVDQU (DX), Y5
	VPMADDUBSW Y4, Y5, Y5
	VPADDW Y5, Y0, Y0
	VMOVDQU 32(DX), Y6
	VPMADDUBSW Y4, Y6, Y6
	VPADDW Y6, Y1, Y1
	VMOVDQU 64(DX), Y7
	VPMADDUBSW Y4, Y7, Y7
	VPADDW Y7, Y2, Y2
	VMOVDQU 96(DX), Y8
	VPMADDUBSW Y4, Y8, Y8
	VPADDW Y8, Y3, Y3
	ADDQ $2, SI
	SUBQ $4, DX
	DECQ CX
	JNZ m3loop

	VMOVDQU Y0, (DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	ADDQ $128, DI
	ADDQ $64, R12
	LEAQ -1(R13)(R13*1), DX // 2n-1 outputs
	CMPQ R12, DX
	JLT m3block

	VZEROUPPER
	RET

// func pairTableAVX2(t *int16, b *int8, n, step int)
//
// The pair table of mulAVX2 for 8n positions, t[2m], t[2m+1] = b[m],
// b[m-1] sign-extended, written at once into the four copies that start
// step bytes apart (each shifted by 8 bytes, as mulBlocksAVX2 reads them);
// b[-1] is read, so the caller pads b.
TEXT ·pairTableAVX2(SB), NOSPLIT, $0-32
	MOVQ t+0(FP), DI
	MOVQ b+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ step+24(FP), R8
	LEAQ (R8)(R8*1), R9
	LEAQ (R9)(R8*1), R10
	TESTQ CX, CX
	JZ ptdone

ptloop:
	VPMOVSXBW (SI), X0
	VPMOVSXBW -1(SI), X1
	VPUNPCKLWD X1, X0, X2
	VPUNPCKHWD X1, X0, X3
	VINSERTI128 $1, X3, Y2, Y2
	VMOVDQU Y2, (DI)
	VMOVDQU Y2, (DI)(R8*1)
	VMOVDQU Y2, (DI)(R9*1)
	VMOVDQU Y2, (DI)(R10*1)
	ADDQ $8, SI
	ADDQ $32, DI
	DECQ CX
	JNZ ptloop

ptdone:
	VZEROUPPER
	RET

// func addToAVX2(dst, x *int32, n int)
//
// dst[i] += x[i] for i < 8n: adds a Toom-Cook coefficient in place.
TEXT ·addToAVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ n+16(FP), CX
	TESTQ CX, CX
	JZ addone

adloop:
	VMOVDQU (DI), Y0
	VPADDD (SI), Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ adloop

addone:
	VZEROUPPER
	RET

// func pairTable3AVX2(t *uint8, b *int8, n int)
//
// The pair table of mul3AVX2 for 16n positions: t[2m], t[2m+1] = b[m],
// b[m-1], each plus 3 where negative (-1 becomes 2, the same mod 3: a
// compare gives the mask of the negative bytes, and 3 is added under it);
// b[-1] is read, so the caller pads b.
TEXT ·pairTable3AVX2(SB), NOSPLIT, $0-24
	MOVQ t+0(FP), DI
	MOVQ b+8(FP), SI
	MOVQ n+16(FP), CX
	MOVL $0x03030303, AX
	VMOVD AX, X7
	VPBROADCASTD X7, X7
	VPXOR X6, X6, X6
	TESTQ CX, CX
	JZ pt3done

pt3loop:
	VMOVDQU (SI), X0
	VMOVDQU -1(SI), X1
	VPCMPGTB X0, X6, X2
	VPAND X7, X2, X2
	VPADDB X2, X0, X0
	VPCMPGTB X1, X6, X3
	VPAND X7, X3, X3
	VPADDB X3, X1, X1
	VPUNPCKLBW X1, X0, X2
	VPUNPCKHBW X1, X0, X3
	VMOVDQU X2, (DI)
	VMOVDQU X3, 16(DI)
	ADDQ $16, SI
	ADDQ $32, DI
	DECQ CX
	JNZ pt3loop

pt3done:
	RET

// func quadTable3AVX2(t *uint8, b *int8, n int)
//
// The quad table of mul3VNNI for 8n positions: t[4m+j] = b[m-j] for j =
// 0-3, each plus 3 where negative as in pairTable3AVX2; b[-3:0] is read,
// so the caller pads b.
TEXT ·quadTable3AVX2(SB), NOSPLIT, $0-24
	MOVQ t+0(FP), DI
	MOVQ b+8(FP), SI
	MOVQ n+16(FP), CX
	MOVL $0x03030303, AX
	VMOVD AX, X15
	VPBROADCASTD X15, X15
	VPXOR X14, X14, X14
	TESTQ CX, CX
	JZ qt3done

#define PLUS3(X, T) \
	VPCMPGTB X, X14, T \
	VPAND X15, T, T \
	VPADDB T, X, X

qt3loop:
	VMOVQ (SI), X0
	VMOVQ -1(SI), X1
	VMOVQ -2(SI), X2
	VMOVQ -3(SI), X3
	PLUS3(X0, X8)
	PLUS3(X1, X9)
	PLUS3(X2, X10)
	PLUS3(X3, X11)
	VPUNPCKLBW X1, X0, X4
	VPUNPCKLBW X3, X2, X5
	VPUNPCKLWD X5, X4, X6
	VPUNPCKHWD X5, X4, X7
	VMOVDQU X6, (DI)
	VMOVDQU X7, 16(DI)
	ADDQ $8, SI
	ADDQ $32, DI
	DECQ CX
	JNZ qt3loop

qt3done:
	RET

// func mul3BlocksVNNI(acc *int16, a *int8, t *uint8, n int)
//
// mul3BlocksAVX2 with AVX-VNNI: VPDPBUSD sums four products of unsigned
// table bytes and signed bytes of a into each 32-bit lane, so a step takes
// four coefficients of a, broadcast as a doubleword, against the
// doubleword windows (b[m], b[m-1], b[m-2], b[m-3]) of quadTable3AVX2
// (t points at m = 0), which move down 16 bytes a step. A block is 32
// outputs in four accumulators, with alternate steps into a second four
// (Y4-Y7) since each VPDPBUSD waits for its accumulator: this measured 5%
// faster than 64-output blocks in eight. The sums are exact in 32 bits;
// their low 16 bits, packed, are the same lanes modulo 2^16 as
// mul3BlocksAVX2's. The Go assembler has no VEX form of VPDPBUSD, so it
// is spelled out in bytes.
TEXT ·mul3BlocksVNNI(SB), NOSPLIT, $0-32
	MOVQ acc+0(FP), DI
	MOVQ n+24(FP), R13
	XORQ R12, R12 // k0
	VPCMPEQD Y15, Y15, Y15
	VPSRLD $16, Y15, Y15 // the low halves of the doublewords

// DPBUSD(d, s) is VPDPBUSD Y8, Ys, Yd: VEX.256.66.0F38.W0 50 /r with Ys
// in VEX.vvvv, for d below 8.
#define DPBUSD(d, s) \
	BYTE $0xC4; BYTE $0xC2; BYTE $(((15-(s))<<3)|5); BYTE $0x50 \
	BYTE $(0xC0|((d)<<3))

m3vblock:
	LEAQ 1(R12), AX
	SUBQ R13, AX
	XORQ DX, DX
	TESTQ AX, AX
	CMOVQLT DX, AX
	ANDQ $-4, AX // lo
	LEAQ 31(R12), CX
	LEAQ -1(R13), DX
	CMPQ CX, DX
	CMOVQGT DX, CX // hi
	SUBQ AX, CX
	ADDQ $4, CX
	SHRQ $2, CX // quads
	MOVQ a+8(FP), SI
	ADDQ AX, SI
	MOVQ R12, DX
	SUBQ AX, DX
	SHLQ $2, DX
	ADDQ t+16(FP), DX // the window of k0 at lo
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y2, Y2, Y2
	VPXOR Y3, Y3, Y3
	VPXOR Y4, Y4, Y4
	VPXOR Y5, Y5, Y5
	VPXOR Y6, Y6, Y6
	VPXOR Y7, Y7, Y7

m3vloop:
	VPBROADCASTD (SI), Y8
	VMOVDQU (DX), Y9
	DPBUSD(0, 9)
	VMOVDQU 32(DX), Y10
	DPBUSD(1, 10)
	VMOVDQU 64(DX), Y11
	DPBUSD(2, 11)
	VMOVDQU 96(DX), Y12
	DPBUSD(3, 12)
	DECQ CX
	JZ m3vend
	VPBROADCASTD 4(SI), Y8
	VMOVDQU -16(DX), Y9
	DPBUSD(4, 9)
	VMOVDQU 16(DX), Y10
	DPBUSD(5, 10)
	VMOVDQU 48(DX), Y11
	DPBUSD(6, 11)
	VMOVDQU 80(DX), Y12
	DPBUSD(7, 12)
	ADDQ $8, SI
	SUBQ $32, DX
	DECQ CX
	JNZ m3vloop

m3vend:
	VPADDD Y4, Y0, Y0
	VPADDD Y5, Y1, Y1
	VPADDD Y6, Y2, Y2
	VPADDD Y7, Y3, Y3

	// VPACKUSDW takes 128-bit halves alternately; VPERMQ restores the order.
#define PACK16(x, y, off) \
	VPAND Y15, x, x \
	VPAND Y15, y, y \
	VPACKUSDW y, x, x \
	VPERMQ $0xD8, x, x \
	VMOVDQU x, off(DI)

	PACK16(Y0, Y1, 0)
	PACK16(Y2, Y3, 32)
	ADDQ $64, DI
	ADDQ $32, R12
	LEAQ -1(R13)(R13*1), DX // 2n-1 outputs
	CMPQ R12, DX
	JLT m3vblock

	VZEROUPPER
	RET
