//go:build !purego

#include "textflag.h"

// The kernels of the NTT product (ntt_amd64.go): sixteen int16 lanes a
// vector, one vector a row, arithmetic modulo an NTT prime q' held in Y15
// (and its Barrett constant round(2^15/q') in Y14 where a kernel squeezes).
// The offsets into nttConsts: 0 q', 2 q'^-1 mod 2^16, 4 the Barrett
// constant, 6/8 and 10/12 omega and omega^2 with their q'^-1 multiples,
// 14/16 and 18/20 omega^-1 and omega^-2 likewise, 22/24 the final scale.

// MONT sets out = x*W/2^16 mod q' (Montgomery), for any int16 x and a
// constant W with Wq = W*q'^-1 mod 2^16: |out| < |x||W|/2^16 + q'/2.
#define MONT(x, W, Wq, out, t) \
	VPMULLW Wq, x, t \
	VPMULHW W, x, out \
	VPMULHW Y15, t, t \
	VPSUBW t, out, out

// SQUEEZE reduces x to x - q'*round(x*c/2^15), within 0.78 q' of zero for
// every int16 x (c = round(2^15/q') in Y14).
#define SQUEEZE(x, t) \
	VPMULHRSW Y14, x, t \
	VPMULLW Y15, t, t \
	VPSUBW t, x, x

// LAYERARGS loads the layer kernels' common arguments: x in DI, tw in
// SI, groups in CX, the distance d in bytes in DX, q' and its Barrett
// constant in Y15 and Y14.
#define LAYERARGS \
	MOVQ x+0(FP), DI \
	MOVQ tw+8(FP), SI \
	MOVQ groups+16(FP), CX \
	MOVQ d+24(FP), DX \
	MOVQ k+32(FP), AX \
	VPBROADCASTW 0(AX), Y15 \
	VPBROADCASTW 4(AX), Y14 \
	SHLQ $5, DX

// TWIDDLES6 loads a group's three twiddle vectors and their q'^-1
// multiples into Y8-Y13, and points R8 at the group, R9 at its second
// quarter.
#define TWIDDLES6 \
	VMOVDQU 0(SI), Y8 \
	VMOVDQU 32(SI), Y9 \
	VMOVDQU 64(SI), Y10 \
	VMOVDQU 96(SI), Y11 \
	VMOVDQU 128(SI), Y12 \
	VMOVDQU 160(SI), Y13 \
	ADDQ $192, SI \
	MOVQ DI, R8 \
	LEAQ (DI)(DX*1), R9

// LOAD4 and STORE4 move rows R8 + 0, d, 2d, 3d (R10 = 3d) to and from
// Y0-Y3; STORE4 then advances R8 and compares it with R9.
#define LOAD4 \
	VMOVDQU (R8), Y0 \
	VMOVDQU (R8)(DX*1), Y1 \
	VMOVDQU (R8)(DX*2), Y2 \
	VMOVDQU (R8)(R10*1), Y3

#define STORE4 \
	VMOVDQU Y0, (R8) \
	VMOVDQU Y1, (R8)(DX*1) \
	VMOVDQU Y2, (R8)(DX*2) \
	VMOVDQU Y3, (R8)(R10*1) \
	ADDQ $32, R8 \
	CMPQ R8, R9

// func nttWiden(dst *int16, src *int8, n int)
//
// dst[0:16n] = src[0:16n], sign-extended.
TEXT ·nttWiden(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX

widen:
	VPMOVSXBW (SI), Y0
	VMOVDQU Y0, (DI)
	ADDQ $16, SI
	ADDQ $32, DI
	DECQ CX
	JNZ widen
	VZEROUPPER
	RET

// func nttRadix3(dst, src *int16, rows int, k *nttConsts)
//
// The radix-3 layer: for f = F0 + x^m F1 (F2 = 0; m = 16 rows elements),
// dst residue j (rows j*rows..) = F0 + omega^j F1, f mod x^m - omega^j.
TEXT ·nttRadix3(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ rows+16(FP), CX
	MOVQ k+24(FP), AX
	VPBROADCASTW 0(AX), Y15
	VPBROADCASTW 6(AX), Y8
	VPBROADCASTW 8(AX), Y9
	VPBROADCASTW 10(AX), Y10
	VPBROADCASTW 12(AX), Y11
	MOVQ CX, DX
	SHLQ $5, DX

r3loop:
	VMOVDQU (SI), Y0
	VMOVDQU (SI)(DX*1), Y1
	VPADDW Y1, Y0, Y2
	VMOVDQU Y2, (DI)
	MONT(Y1, Y8, Y9, Y3, Y4)
	VPADDW Y3, Y0, Y3
	VMOVDQU Y3, (DI)(DX*1)
	MONT(Y1, Y10, Y11, Y5, Y6)
	VPADDW Y5, Y0, Y5
	VMOVDQU Y5, (DI)(DX*2)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ r3loop
	VZEROUPPER
	RET

// func nttCT2(x, tw *int16, groups, d int, k *nttConsts, squeeze int)
//
// Two Cooley-Tukey layers in one pass: groups of 4d rows, with the
// twiddles WA of the layer at distance 2d, then WB0 and WB1 of the two
// halves at distance d (192 bytes of tw a group, each vector followed by
// its q'^-1 multiple); all four outputs squeezed if squeeze != 0.
TEXT ·nttCT2(SB), NOSPLIT, $0-48
	LAYERARGS
	LEAQ (DX)(DX*2), R10
	MOVQ squeeze+40(FP), BX

ct2group:
	TWIDDLES6

ct2inner:
	LOAD4
	MONT(Y2, Y8, Y9, Y4, Y5)
	VPSUBW Y4, Y0, Y2
	VPADDW Y4, Y0, Y0
	MONT(Y3, Y8, Y9, Y4, Y5)
	VPSUBW Y4, Y1, Y3
	VPADDW Y4, Y1, Y1
	MONT(Y1, Y10, Y11, Y4, Y5)
	VPSUBW Y4, Y0, Y1
	VPADDW Y4, Y0, Y0
	MONT(Y3, Y12, Y13, Y4, Y5)
	VPSUBW Y4, Y2, Y3
	VPADDW Y4, Y2, Y2
	TESTQ BX, BX
	JZ ct2store
	SQUEEZE(Y0, Y4)
	SQUEEZE(Y1, Y5)
	SQUEEZE(Y2, Y6)
	SQUEEZE(Y3, Y7)

ct2store:
	STORE4
	JNE ct2inner
	LEAQ (DI)(DX*4), DI
	DECQ CX
	JNZ ct2group
	VZEROUPPER
	RET

// GSBF is one Gentleman-Sande butterfly: (a, b) -> (a + b squeezed,
// W (a - b)).
#define GSBF(a, b, W, Wq) \
	VPSUBW b, a, Y4 \
	VPADDW b, a, a \
	SQUEEZE(a, Y5) \
	MONT(Y4, W, Wq, b, Y5)

// func nttGS2(x, tw *int16, groups, d int, k *nttConsts)
//
// nttCT2's inverse up to a factor 4, with the same table layout: the
// layer at distance d (WB0, WB1), then the one at 2d (WA).
TEXT ·nttGS2(SB), NOSPLIT, $0-40
	LAYERARGS
	LEAQ (DX)(DX*2), R10

gs2group:
	TWIDDLES6

gs2inner:
	LOAD4
	GSBF(Y0, Y1, Y10, Y11)
	GSBF(Y2, Y3, Y12, Y13)
	GSBF(Y0, Y2, Y8, Y9)
	GSBF(Y1, Y3, Y8, Y9)
	STORE4
	JNE gs2inner
	LEAQ (DI)(DX*4), DI
	DECQ CX
	JNZ gs2group
	VZEROUPPER
	RET

// MONTM is MONT with the twiddle pair at off(SI), off+32(SI).
#define MONTM(x, off, out, t) \
	VPMULLW (off+32)(SI), x, t \
	VPMULHW off(SI), x, out \
	VPMULHW Y15, t, t \
	VPSUBW t, out, out

// CTBF and GSBFM are the Cooley-Tukey and Gentleman-Sande butterflies
// with the twiddle at off(SI), on Y8 and Y9.
#define CTBF(a, b, off) \
	MONTM(b, off, Y8, Y9) \
	VPSUBW Y8, a, b \
	VPADDW Y8, a, a

#define GSBFM(a, b, off) \
	VPSUBW b, a, Y8 \
	VPADDW b, a, a \
	SQUEEZE(a, Y9) \
	MONTM(Y8, off, b, Y9)

// ROWS8 sets R10-R13 to 3d, 5d, 6d, 7d (DX = d in bytes) for LOAD8 and
// STORE8, which move the rows R8 + kd, k < 8, to and from Y0-Y7.
#define ROWS8 \
	LEAQ (DX)(DX*2), R10 \
	LEAQ (DX)(DX*4), R11 \
	LEAQ (R10)(R10*1), R12 \
	LEAQ (R11)(DX*2), R13

#define LOAD8 \
	LOAD4 \
	VMOVDQU (R8)(DX*4), Y4 \
	VMOVDQU (R8)(R11*1), Y5 \
	VMOVDQU (R8)(R12*1), Y6 \
	VMOVDQU (R8)(R13*1), Y7

#define STORE8 \
	VMOVDQU Y4, (R8)(DX*4) \
	VMOVDQU Y5, (R8)(R11*1) \
	VMOVDQU Y6, (R8)(R12*1) \
	VMOVDQU Y7, (R8)(R13*1) \
	STORE4

// SPAN4, SPAN2 and SPAN1 apply the butterfly BF to the rows Y0-Y7 at
// distance 4, 2 and 1 with their twiddles (tables as in nttCT3).
#define SPAN4(BF) \
	BF(Y0, Y4, 0) \
	BF(Y1, Y5, 0) \
	BF(Y2, Y6, 0) \
	BF(Y3, Y7, 0)

#define SPAN2(BF) \
	BF(Y0, Y2, 64) \
	BF(Y1, Y3, 64) \
	BF(Y4, Y6, 128) \
	BF(Y5, Y7, 128)

#define SPAN1(BF) \
	BF(Y0, Y1, 192) \
	BF(Y2, Y3, 256) \
	BF(Y4, Y5, 320) \
	BF(Y6, Y7, 384)

// GROUP8 points R8 at a group of 8d rows and R9 at its second eighth;
// NEXT8 moves on to the next group and its 448 bytes of twiddles, or
// returns after the last.
#define GROUP8 \
	MOVQ DI, R8 \
	LEAQ (DI)(DX*1), R9

#define NEXT8(group) \
	ADDQ $448, SI \
	LEAQ (DI)(DX*8), DI \
	DECQ CX \
	JNZ group \
	VZEROUPPER \
	RET

// func nttCT3(x, tw *int16, groups, d int, k *nttConsts, squeeze int)
//
// Three Cooley-Tukey layers in one pass: groups of 8d rows, with the
// twiddle of the layer at distance 4d, the two at 2d, the four at d (448
// bytes of tw a group, each vector followed by its q'^-1 multiple); all
// eight outputs squeezed if squeeze != 0.
TEXT ·nttCT3(SB), NOSPLIT, $0-48
	LAYERARGS
	ROWS8

	MOVQ squeeze+40(FP), BX

ct3group:
	GROUP8

ct3inner:
	LOAD8
	SPAN4(CTBF)
	SPAN2(CTBF)
	SPAN1(CTBF)
	TESTQ BX, BX
	JZ ct3store
	SQUEEZE(Y0, Y8)
	SQUEEZE(Y1, Y8)
	SQUEEZE(Y2, Y8)
	SQUEEZE(Y3, Y8)
	SQUEEZE(Y4, Y8)
	SQUEEZE(Y5, Y8)
	SQUEEZE(Y6, Y8)
	SQUEEZE(Y7, Y8)

ct3store:
	STORE8
	JNE ct3inner
	NEXT8(ct3group)

// func nttGS3(x, tw *int16, groups, d int, k *nttConsts)
//
// nttCT3's inverse up to a factor 8, with the same table layout: the
// layers at distance d, 2d, then 4d.
TEXT ·nttGS3(SB), NOSPLIT, $0-40
	LAYERARGS
	ROWS8


gs3group:
	GROUP8

gs3inner:
	LOAD8
	SPAN1(GSBFM)
	SPAN2(GSBFM)
	SPAN4(GSBFM)
	STORE8
	JNE gs3inner
	NEXT8(gs3group)

// func nttTranspose(x *int16, blocks int)
//
// Transposes each 16x16 block of int16 (16 consecutive rows) in place:
// the 8x8 transposes within the 128-bit lanes of rows 0-7 (stored back)
// and of rows 8-15 (kept), then the off-diagonal 8x8 blocks exchanged
// with VPERM2I128.
TEXT ·nttTranspose(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), DI
	MOVQ blocks+8(FP), CX

trblock:
	MOVQ $2, BX
	MOVQ DI, SI

trhalf:
	VMOVDQU 0(SI), Y0
	VMOVDQU 32(SI), Y1
	VMOVDQU 64(SI), Y2
	VMOVDQU 96(SI), Y3
	VMOVDQU 128(SI), Y4
	VMOVDQU 160(SI), Y5
	VMOVDQU 192(SI), Y6
	VMOVDQU 224(SI), Y7

	// words: t0 = lo(r0,r1), t1 = hi(r0,r1), ...
	VPUNPCKLWD Y1, Y0, Y8
	VPUNPCKHWD Y1, Y0, Y9
	VPUNPCKLWD Y3, Y2, Y10
	VPUNPCKHWD Y3, Y2, Y11
	VPUNPCKLWD Y5, Y4, Y12
	VPUNPCKHWD Y5, Y4, Y13
	VPUNPCKLWD Y7, Y6, Y14
	VPUNPCKHWD Y7, Y6, Y15

	// doublewords: u0 = lo(t0,t2), u1 = hi(t0,t2), u2 = lo(t1,t3),
	// u3 = hi(t1,t3), u4..u7 from t4..t7 likewise.
	VPUNPCKLDQ Y10, Y8, Y0
	VPUNPCKHDQ Y10, Y8, Y1
	VPUNPCKLDQ Y11, Y9, Y2
	VPUNPCKHDQ Y11, Y9, Y3
	VPUNPCKLDQ Y14, Y12, Y4
	VPUNPCKHDQ Y14, Y12, Y5
	VPUNPCKLDQ Y15, Y13, Y6
	VPUNPCKHDQ Y15, Y13, Y7

	// quadwords: column 2i = lo(u_i, u_i+4), column 2i+1 = hi.
	VPUNPCKLQDQ Y4, Y0, Y8
	VPUNPCKHQDQ Y4, Y0, Y9
	VPUNPCKLQDQ Y5, Y1, Y10
	VPUNPCKHQDQ Y5, Y1, Y11
	VPUNPCKLQDQ Y6, Y2, Y12
	VPUNPCKHQDQ Y6, Y2, Y13
	VPUNPCKLQDQ Y7, Y3, Y14
	VPUNPCKHQDQ Y7, Y3, Y15

	DECQ BX
	JZ trcombine
	VMOVDQU Y8, 0(SI)
	VMOVDQU Y9, 32(SI)
	VMOVDQU Y10, 64(SI)
	VMOVDQU Y11, 96(SI)
	VMOVDQU Y12, 128(SI)
	VMOVDQU Y13, 160(SI)
	VMOVDQU Y14, 192(SI)
	VMOVDQU Y15, 224(SI)
	ADDQ $256, SI
	JMP trhalf

trcombine:
	// V_k in memory rows k, W_k in Y8+k: row k = (V_k low, W_k low),
	// row 8+k = (V_k high, W_k high).
#define COMBINE(k, W) \
	VPERM2I128 $0x02, (32*k)(DI), W, Y0 \
	VPERM2I128 $0x13, (32*k)(DI), W, W \
	VMOVDQU Y0, (32*k)(DI) \
	VMOVDQU W, (256+32*k)(DI)

	COMBINE(0, Y8)
	COMBINE(1, Y9)
	COMBINE(2, Y10)
	COMBINE(3, Y11)
	COMBINE(4, Y12)
	COMBINE(5, Y13)
	COMBINE(6, Y14)
	COMBINE(7, Y15)

	ADDQ $512, DI
	DECQ CX
	JNZ trblock
	VZEROUPPER
	RET

// MONTV sets out = x*y/2^16 mod q' for vectors x and y (Y13 = q'^-1).
#define MONTV(x, y, out, t) \
	VPMULLW y, x, t \
	VPMULLW Y13, t, t \
	VPMULHW y, x, out \
	VPMULHW Y15, t, t \
	VPSUBW t, out, out

// func nttPointwise(x, y *int16, n int, k *nttConsts)
//
// x[i] = x[i]*y[i]/2^16 mod q' (Montgomery) for n rows.
TEXT ·nttPointwise(SB), NOSPLIT, $0-32
	MOVQ x+0(FP), DI
	MOVQ y+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ k+24(FP), AX
	VPBROADCASTW 0(AX), Y15
	VPBROADCASTW 2(AX), Y13

pwloop:
	VMOVDQU (DI), Y0
	VMOVDQU (SI), Y1
	MONTV(Y0, Y1, Y3, Y2)
	VMOVDQU Y3, (DI)
	ADDQ $32, DI
	ADDQ $32, SI
	DECQ CX
	JNZ pwloop
	VZEROUPPER
	RET

// func nttPointwise2(x0, x1, y0, y1 *int16, n int, k *nttConsts)
//
// The transforms of (x0 + y x1)(y0 + y y1) for n rows, Montgomery
// products as nttPointwise's: x0 = x0 y0, y0 = x0 y1 + x1 y0 (squeezed),
// x1 = x1 y1.
TEXT ·nttPointwise2(SB), NOSPLIT, $0-48
	MOVQ x0+0(FP), DI
	MOVQ x1+8(FP), SI
	MOVQ y0+16(FP), DX
	MOVQ y1+24(FP), BX
	MOVQ n+32(FP), CX
	MOVQ k+40(FP), AX
	VPBROADCASTW 0(AX), Y15
	VPBROADCASTW 2(AX), Y13
	VPBROADCASTW 4(AX), Y14

pw2loop:
	VMOVDQU (DI), Y0
	VMOVDQU (SI), Y1
	VMOVDQU (DX), Y2
	VMOVDQU (BX), Y3
	MONTV(Y0, Y2, Y4, Y8)
	MONTV(Y1, Y3, Y5, Y8)
	MONTV(Y0, Y3, Y6, Y8)
	MONTV(Y1, Y2, Y7, Y8)
	VPADDW Y7, Y6, Y6
	SQUEEZE(Y6, Y8)
	VMOVDQU Y4, (DI)
	VMOVDQU Y5, (SI)
	VMOVDQU Y6, (DX)
	ADDQ $32, DI
	ADDQ $32, SI
	ADDQ $32, DX
	ADDQ $32, BX
	DECQ CX
	JNZ pw2loop
	VZEROUPPER
	RET

// func nttRadix3Inv(x *int16, rows int, k *nttConsts)
//
// The inverse radix-3 layer, in place: F_j = sum_i omega^-ij R_i for the
// residues R_i (rows i*rows..), each times the final scale.
TEXT ·nttRadix3Inv(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), DI
	MOVQ rows+8(FP), CX
	MOVQ k+16(FP), AX
	VPBROADCASTW 0(AX), Y15
	VPBROADCASTW 14(AX), Y8
	VPBROADCASTW 16(AX), Y9
	VPBROADCASTW 18(AX), Y10
	VPBROADCASTW 20(AX), Y11
	VPBROADCASTW 22(AX), Y12
	VPBROADCASTW 24(AX), Y13
	MOVQ CX, DX
	SHLQ $5, DX

r3iloop:
	VMOVDQU (DI), Y0
	VMOVDQU (DI)(DX*1), Y1
	VMOVDQU (DI)(DX*2), Y2
	// F0 = R0 + R1 + R2
	VPADDW Y1, Y0, Y3
	VPADDW Y2, Y3, Y3
	MONT(Y3, Y12, Y13, Y4, Y5)
	VMOVDQU Y4, (DI)
	// F1 = R0 + omega^-1 R1 + omega^-2 R2
	MONT(Y1, Y8, Y9, Y3, Y5)
	MONT(Y2, Y10, Y11, Y4, Y6)
	VPADDW Y3, Y0, Y3
	VPADDW Y4, Y3, Y3
	MONT(Y3, Y12, Y13, Y4, Y5)
	VMOVDQU Y4, (DI)(DX*1)
	// F2 = R0 + omega^-2 R1 + omega^-1 R2
	MONT(Y1, Y10, Y11, Y3, Y5)
	MONT(Y2, Y8, Y9, Y4, Y6)
	VPADDW Y3, Y0, Y3
	VPADDW Y4, Y3, Y3
	MONT(Y3, Y12, Y13, Y4, Y5)
	VMOVDQU Y4, (DI)(DX*2)
	ADDQ $32, DI
	DECQ CX
	JNZ r3iloop
	VZEROUPPER
	RET

// func nttCRT(c *int32, u1, u2 *int16, n int, k *crtConsts)
//
// c = u1 + q1*t for t = (u2 - u1)/q1 mod q2 squeezed into -q2/2..q2/2
// (k: 0 q2, 4 its Barrett constant, 6/8 2^16/q1 mod q2 and its q2^-1
// multiple, 12 q1 as int32), for 16n coefficients: the exact integer when
// |c| < q1(q2/2 - 1) - q1.
TEXT ·nttCRT(SB), NOSPLIT, $0-40
	MOVQ c+0(FP), DI
	MOVQ u1+8(FP), SI
	MOVQ u2+16(FP), BX
	MOVQ n+24(FP), CX
	MOVQ k+32(FP), AX
	VPBROADCASTW 0(AX), Y15
	VPBROADCASTW 4(AX), Y14
	VPBROADCASTW 6(AX), Y8
	VPBROADCASTW 8(AX), Y9
	VPBROADCASTD 12(AX), Y10

crtloop:
	VMOVDQU (SI), Y0
	VMOVDQU (BX), Y1
	VPSUBW Y0, Y1, Y1
	MONT(Y1, Y8, Y9, Y2, Y3)
	SQUEEZE(Y2, Y3)
	VPMOVSXWD X0, Y4
	VEXTRACTI128 $1, Y0, X0
	VPMOVSXWD X0, Y5
	VPMOVSXWD X2, Y6
	VEXTRACTI128 $1, Y2, X2
	VPMOVSXWD X2, Y7
	VPMULLD Y10, Y6, Y6
	VPMULLD Y10, Y7, Y7
	VPADDD Y6, Y4, Y4
	VPADDD Y7, Y5, Y5
	VMOVDQU Y4, (DI)
	VMOVDQU Y5, 32(DI)
	ADDQ $32, SI
	ADDQ $32, BX
	ADDQ $64, DI
	DECQ CX
	JNZ crtloop
	VZEROUPPER
	RET

// func nttExact(c *int32, u *int16, n int, k *nttConsts)
//
// c = u squeezed and sign-extended, for 16n coefficients: the exact
// integer when |c| is far below q'/2.
TEXT ·nttExact(SB), NOSPLIT, $0-32
	MOVQ c+0(FP), DI
	MOVQ u+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ k+24(FP), AX
	VPBROADCASTW 0(AX), Y15
	VPBROADCASTW 4(AX), Y14

exloop:
	VMOVDQU (SI), Y0
	SQUEEZE(Y0, Y1)
	VPMOVSXWD X0, Y4
	VEXTRACTI128 $1, Y0, X0
	VPMOVSXWD X0, Y5
	VMOVDQU Y4, (DI)
	VMOVDQU Y5, 32(DI)
	ADDQ $32, SI
	ADDQ $64, DI
	DECQ CX
	JNZ exloop
	VZEROUPPER
	RET
