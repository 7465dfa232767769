//go:build !purego

#include "textflag.h"

// nttCT2 and nttGS2 on 512-bit vectors (AVX-512BW) for the passes whose
// last distance d is at least two rows: a vector then holds rows r and
// r+1, which lie in the same group and take the same twiddles, so the
// 256-bit twiddle vectors are broadcast to both halves and each step of
// the inner loop moves two rows. Registers as in ntt_amd64.s: q' in Z15,
// its Barrett constant in Z14, twiddles in Z8-Z13.

#define MONTZ(x, W, Wq, out, t) \
	VPMULLW Wq, x, t \
	VPMULHW W, x, out \
	VPMULHW Z15, t, t \
	VPSUBW t, out, out

// MONTVZ is MONTZ for two vectors x and y (q'^-1 in Z13).
#define MONTVZ(x, y, out, t) \
	VPMULLW y, x, t \
	VPMULLW Z13, t, t \
	VPMULHW y, x, out \
	VPMULHW Z15, t, t \
	VPSUBW t, out, out

#define SQUEEZEZ(x, t) \
	VPMULHRSW Z14, x, t \
	VPMULLW Z15, t, t \
	VPSUBW t, x, x

#define LAYERARGSZ \
	MOVQ x+0(FP), DI \
	MOVQ tw+8(FP), SI \
	MOVQ groups+16(FP), CX \
	MOVQ d+24(FP), DX \
	MOVQ k+32(FP), AX \
	VPBROADCASTW 0(AX), Z15 \
	VPBROADCASTW 4(AX), Z14 \
	SHLQ $5, DX \
	LEAQ (DX)(DX*2), R10

// ARGS1Z loads the arguments of the d = 1 kernels below: x in DI, tw in
// SI, the pairs of groups in CX, q' and its Barrett constant in Z15, Z14.
#define ARGS1Z \
	MOVQ x+0(FP), DI \
	MOVQ tw+8(FP), SI \
	MOVQ groups+16(FP), CX \
	MOVQ k+32(FP), AX \
	VPBROADCASTW 0(AX), Z15 \
	VPBROADCASTW 4(AX), Z14 \
	SHRQ $1, CX

#define TWIDDLES6Z \
	VBROADCASTI64X4 0(SI), Z8 \
	VBROADCASTI64X4 32(SI), Z9 \
	VBROADCASTI64X4 64(SI), Z10 \
	VBROADCASTI64X4 96(SI), Z11 \
	VBROADCASTI64X4 128(SI), Z12 \
	VBROADCASTI64X4 160(SI), Z13 \
	ADDQ $192, SI \
	MOVQ DI, R8 \
	LEAQ (DI)(DX*1), R9

#define LOAD4Z \
	VMOVDQU64 (R8), Z0 \
	VMOVDQU64 (R8)(DX*1), Z1 \
	VMOVDQU64 (R8)(DX*2), Z2 \
	VMOVDQU64 (R8)(R10*1), Z3

#define STORE4Z \
	VMOVDQU64 Z0, (R8) \
	VMOVDQU64 Z1, (R8)(DX*1) \
	VMOVDQU64 Z2, (R8)(DX*2) \
	VMOVDQU64 Z3, (R8)(R10*1) \
	ADDQ $64, R8 \
	CMPQ R8, R9

// CTBFZ is one Cooley-Tukey butterfly: (a, b) -> (a + W b, a - W b).
#define CTBFZ(a, b, W, Wq) \
	MONTZ(b, W, Wq, Z4, Z5) \
	VPSUBW Z4, a, b \
	VPADDW Z4, a, a

// func nttCT2x512(x, tw *int16, groups, d int, k *nttConsts, squeeze int)
//
// nttCT2 for even d.
TEXT ·nttCT2x512(SB), NOSPLIT, $0-48
	LAYERARGSZ
	MOVQ squeeze+40(FP), BX

ct2zgroup:
	TWIDDLES6Z

ct2zinner:
	LOAD4Z
	CTBFZ(Z0, Z2, Z8, Z9)
	CTBFZ(Z1, Z3, Z8, Z9)
	CTBFZ(Z0, Z1, Z10, Z11)
	CTBFZ(Z2, Z3, Z12, Z13)
	TESTQ BX, BX
	JZ ct2zstore
	SQUEEZEZ(Z0, Z4)
	SQUEEZEZ(Z1, Z5)
	SQUEEZEZ(Z2, Z6)
	SQUEEZEZ(Z3, Z7)

ct2zstore:
	STORE4Z
	JNE ct2zinner
	LEAQ (DI)(DX*4), DI
	DECQ CX
	JNZ ct2zgroup
	VZEROUPPER
	RET

#define GSBFZ(a, b, W, Wq) \
	VPSUBW b, a, Z4 \
	VPADDW b, a, a \
	SQUEEZEZ(a, Z5) \
	MONTZ(Z4, W, Wq, b, Z5)

// func nttGS2x512(x, tw *int16, groups, d int, k *nttConsts)
//
// nttGS2 for even d.
TEXT ·nttGS2x512(SB), NOSPLIT, $0-40
	LAYERARGSZ

gs2zgroup:
	TWIDDLES6Z

gs2zinner:
	LOAD4Z
	GSBFZ(Z0, Z1, Z10, Z11)
	GSBFZ(Z2, Z3, Z12, Z13)
	GSBFZ(Z0, Z2, Z8, Z9)
	GSBFZ(Z1, Z3, Z8, Z9)
	STORE4Z
	JNE gs2zinner
	LEAQ (DI)(DX*4), DI
	DECQ CX
	JNZ gs2zgroup
	VZEROUPPER
	RET

// The row-wise kernels nttRadix3, nttRadix3Inv and nttPointwise two rows
// a step, for an even number of rows.

// func nttRadix3x512(dst, src *int16, rows int, k *nttConsts)
TEXT ·nttRadix3x512(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ rows+16(FP), CX
	MOVQ k+24(FP), AX
	VPBROADCASTW 0(AX), Z15
	VPBROADCASTW 6(AX), Z8
	VPBROADCASTW 8(AX), Z9
	VPBROADCASTW 10(AX), Z10
	VPBROADCASTW 12(AX), Z11
	MOVQ CX, DX
	SHLQ $5, DX
	SHRQ $1, CX

r3zloop:
	VMOVDQU64 (SI), Z0
	VMOVDQU64 (SI)(DX*1), Z1
	VPADDW Z1, Z0, Z2
	VMOVDQU64 Z2, (DI)
	MONTZ(Z1, Z8, Z9, Z3, Z4)
	VPADDW Z3, Z0, Z3
	VMOVDQU64 Z3, (DI)(DX*1)
	MONTZ(Z1, Z10, Z11, Z5, Z6)
	VPADDW Z5, Z0, Z5
	VMOVDQU64 Z5, (DI)(DX*2)
	ADDQ $64, SI
	ADDQ $64, DI
	DECQ CX
	JNZ r3zloop
	VZEROUPPER
	RET

// func nttRadix3Invx512(x *int16, rows int, k *nttConsts)
TEXT ·nttRadix3Invx512(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), DI
	MOVQ rows+8(FP), CX
	MOVQ k+16(FP), AX
	VPBROADCASTW 0(AX), Z15
	VPBROADCASTW 14(AX), Z8
	VPBROADCASTW 16(AX), Z9
	VPBROADCASTW 18(AX), Z10
	VPBROADCASTW 20(AX), Z11
	VPBROADCASTW 22(AX), Z12
	VPBROADCASTW 24(AX), Z13
	MOVQ CX, DX
	SHLQ $5, DX
	SHRQ $1, CX

r3izloop:
	VMOVDQU64 (DI), Z0
	VMOVDQU64 (DI)(DX*1), Z1
	VMOVDQU64 (DI)(DX*2), Z2
	// F0 = R0 + R1 + R2
	VPADDW Z1, Z0, Z3
	VPADDW Z2, Z3, Z3
	MONTZ(Z3, Z12, Z13, Z4, Z5)
	VMOVDQU64 Z4, (DI)
	// F1 = R0 + omega^-1 R1 + omega^-2 R2
	MONTZ(Z1, Z8, Z9, Z3, Z5)
	MONTZ(Z2, Z10, Z11, Z4, Z6)
	VPADDW Z3, Z0, Z3
	VPADDW Z4, Z3, Z3
	MONTZ(Z3, Z12, Z13, Z4, Z5)
	VMOVDQU64 Z4, (DI)(DX*1)
	// F2 = R0 + omega^-2 R1 + omega^-1 R2
	MONTZ(Z1, Z10, Z11, Z3, Z5)
	MONTZ(Z2, Z8, Z9, Z4, Z6)
	VPADDW Z3, Z0, Z3
	VPADDW Z4, Z3, Z3
	MONTZ(Z3, Z12, Z13, Z4, Z5)
	VMOVDQU64 Z4, (DI)(DX*2)
	ADDQ $64, DI
	DECQ CX
	JNZ r3izloop
	VZEROUPPER
	RET

// func nttPointwisex512(x, y *int16, n int, k *nttConsts)
TEXT ·nttPointwisex512(SB), NOSPLIT, $0-32
	MOVQ x+0(FP), DI
	MOVQ y+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ k+24(FP), AX
	VPBROADCASTW 0(AX), Z15
	VPBROADCASTW 2(AX), Z13
	SHRQ $1, CX

pwzloop:
	VMOVDQU64 (DI), Z0
	VMOVDQU64 (SI), Z1
	MONTVZ(Z0, Z1, Z3, Z2)
	VMOVDQU64 Z3, (DI)
	ADDQ $64, DI
	ADDQ $64, SI
	DECQ CX
	JNZ pwzloop
	VZEROUPPER
	RET

// The passes whose last distance is one row (nttCT2 and nttGS2 on groups
// of four rows, nttCT3 and nttGS3 on groups of eight) take two groups at
// a time: vector k holds row k of group g in its low half and row k of
// group g+1 in its high half, and each twiddle vector likewise holds the
// two groups' twiddles. The number of groups must be even.

// ROWZ loads row k of the groups at DI and DI+gbytes into Z (low half Y),
// UNROWZ stores it back.
#define ROWZ(k, gbytes, Y, Z) \
	VMOVDQU (32*k)(DI), Y \
	VINSERTI64X4 $1, (gbytes+32*k)(DI), Z, Z

#define UNROWZ(k, gbytes, Y, Z) \
	VMOVDQU Y, (32*k)(DI) \
	VEXTRACTI64X4 $1, Z, (gbytes+32*k)(DI)

// TWZ loads the twiddle vector at off of the groups' tables at SI and
// SI+tbytes into Z.
#define TWZ(off, tbytes, Z) \
	VBROADCASTI64X4 off(SI), Z \
	VINSERTI64X4 $1, (tbytes+off)(SI), Z, Z

#define LOAD4D1 \
	TWZ(0, 192, Z8) \
	TWZ(32, 192, Z9) \
	TWZ(64, 192, Z10) \
	TWZ(96, 192, Z11) \
	TWZ(128, 192, Z12) \
	TWZ(160, 192, Z13) \
	ROWZ(0, 128, Y0, Z0) \
	ROWZ(1, 128, Y1, Z1) \
	ROWZ(2, 128, Y2, Z2) \
	ROWZ(3, 128, Y3, Z3)

#define STORE4D1 \
	UNROWZ(0, 128, Y0, Z0) \
	UNROWZ(1, 128, Y1, Z1) \
	UNROWZ(2, 128, Y2, Z2) \
	UNROWZ(3, 128, Y3, Z3) \
	ADDQ $256, DI \
	ADDQ $384, SI \
	DECQ CX

// func nttCT2d1x512(x, tw *int16, groups, d int, k *nttConsts, squeeze int)
//
// nttCT2 for d = 1.
TEXT ·nttCT2d1x512(SB), NOSPLIT, $0-48
	ARGS1Z
	MOVQ squeeze+40(FP), BX

ct2d1loop:
	LOAD4D1
	CTBFZ(Z0, Z2, Z8, Z9)
	CTBFZ(Z1, Z3, Z8, Z9)
	CTBFZ(Z0, Z1, Z10, Z11)
	CTBFZ(Z2, Z3, Z12, Z13)
	TESTQ BX, BX
	JZ ct2d1store
	SQUEEZEZ(Z0, Z4)
	SQUEEZEZ(Z1, Z5)
	SQUEEZEZ(Z2, Z6)
	SQUEEZEZ(Z3, Z7)

ct2d1store:
	STORE4D1
	JNZ ct2d1loop
	VZEROUPPER
	RET

// func nttGS2d1x512(x, tw *int16, groups, d int, k *nttConsts)
//
// nttGS2 for d = 1.
TEXT ·nttGS2d1x512(SB), NOSPLIT, $0-40
	ARGS1Z

gs2d1loop:
	LOAD4D1
	GSBFZ(Z0, Z1, Z10, Z11)
	GSBFZ(Z2, Z3, Z12, Z13)
	GSBFZ(Z0, Z2, Z8, Z9)
	GSBFZ(Z1, Z3, Z8, Z9)
	STORE4D1
	JNZ gs2d1loop
	VZEROUPPER
	RET

// LOAD8D1 loads the seven twiddle pairs of the two groups into Z16-Z29
// and their eight rows into Z0-Z7.
#define LOAD8D1 \
	TWZ(0, 448, Z16) \
	TWZ(32, 448, Z17) \
	TWZ(64, 448, Z18) \
	TWZ(96, 448, Z19) \
	TWZ(128, 448, Z20) \
	TWZ(160, 448, Z21) \
	TWZ(192, 448, Z22) \
	TWZ(224, 448, Z23) \
	TWZ(256, 448, Z24) \
	TWZ(288, 448, Z25) \
	TWZ(320, 448, Z26) \
	TWZ(352, 448, Z27) \
	TWZ(384, 448, Z28) \
	TWZ(416, 448, Z29) \
	ROWZ(0, 256, Y0, Z0) \
	ROWZ(1, 256, Y1, Z1) \
	ROWZ(2, 256, Y2, Z2) \
	ROWZ(3, 256, Y3, Z3) \
	ROWZ(4, 256, Y4, Z4) \
	ROWZ(5, 256, Y5, Z5) \
	ROWZ(6, 256, Y6, Z6) \
	ROWZ(7, 256, Y7, Z7)

#define STORE8D1 \
	UNROWZ(0, 256, Y0, Z0) \
	UNROWZ(1, 256, Y1, Z1) \
	UNROWZ(2, 256, Y2, Z2) \
	UNROWZ(3, 256, Y3, Z3) \
	UNROWZ(4, 256, Y4, Z4) \
	UNROWZ(5, 256, Y5, Z5) \
	UNROWZ(6, 256, Y6, Z6) \
	UNROWZ(7, 256, Y7, Z7) \
	ADDQ $512, DI \
	ADDQ $896, SI \
	DECQ CX

// CTBF8Z and GSBF8Z are the butterflies with Z8 and Z9 as temporaries.
#define CTBF8Z(a, b, W, Wq) \
	MONTZ(b, W, Wq, Z8, Z9) \
	VPSUBW Z8, a, b \
	VPADDW Z8, a, a

#define GSBF8Z(a, b, W, Wq) \
	VPSUBW b, a, Z8 \
	VPADDW b, a, a \
	SQUEEZEZ(a, Z9) \
	MONTZ(Z8, W, Wq, b, Z9)

// SPAN4Z, SPAN2Z and SPAN1Z are SPAN4, SPAN2 and SPAN1 of ntt_amd64.s on
// Z0-Z7 with the twiddles in Z16-Z29.
#define SPAN4Z(BF) \
	BF(Z0, Z4, Z16, Z17) \
	BF(Z1, Z5, Z16, Z17) \
	BF(Z2, Z6, Z16, Z17) \
	BF(Z3, Z7, Z16, Z17)

#define SPAN2Z(BF) \
	BF(Z0, Z2, Z18, Z19) \
	BF(Z1, Z3, Z18, Z19) \
	BF(Z4, Z6, Z20, Z21) \
	BF(Z5, Z7, Z20, Z21)

#define SPAN1Z(BF) \
	BF(Z0, Z1, Z22, Z23) \
	BF(Z2, Z3, Z24, Z25) \
	BF(Z4, Z5, Z26, Z27) \
	BF(Z6, Z7, Z28, Z29)

// func nttCT3d1x512(x, tw *int16, groups, d int, k *nttConsts, squeeze int)
//
// nttCT3 for d = 1.
TEXT ·nttCT3d1x512(SB), NOSPLIT, $0-48
	ARGS1Z
	MOVQ squeeze+40(FP), BX

ct3d1loop:
	LOAD8D1
	SPAN4Z(CTBF8Z)
	SPAN2Z(CTBF8Z)
	SPAN1Z(CTBF8Z)
	TESTQ BX, BX
	JZ ct3d1store
	SQUEEZEZ(Z0, Z8)
	SQUEEZEZ(Z1, Z8)
	SQUEEZEZ(Z2, Z8)
	SQUEEZEZ(Z3, Z8)
	SQUEEZEZ(Z4, Z8)
	SQUEEZEZ(Z5, Z8)
	SQUEEZEZ(Z6, Z8)
	SQUEEZEZ(Z7, Z8)

ct3d1store:
	STORE8D1
	JNZ ct3d1loop
	VZEROUPPER
	RET

// func nttGS3d1x512(x, tw *int16, groups, d int, k *nttConsts)
//
// nttGS3 for d = 1.
TEXT ·nttGS3d1x512(SB), NOSPLIT, $0-40
	ARGS1Z

gs3d1loop:
	LOAD8D1
	SPAN1Z(GSBF8Z)
	SPAN2Z(GSBF8Z)
	SPAN4Z(GSBF8Z)
	STORE8D1
	JNZ gs3d1loop
	VZEROUPPER
	RET

// func nttCRTx512(c *int32, u1, u2 *int16, n int, k *crtConsts)
//
// nttCRT two rows a step, for an even number of rows.
TEXT ·nttCRTx512(SB), NOSPLIT, $0-40
	MOVQ c+0(FP), DI
	MOVQ u1+8(FP), SI
	MOVQ u2+16(FP), BX
	MOVQ n+24(FP), CX
	MOVQ k+32(FP), AX
	VPBROADCASTW 0(AX), Z15
	VPBROADCASTW 4(AX), Z14
	VPBROADCASTW 6(AX), Z8
	VPBROADCASTW 8(AX), Z9
	VPBROADCASTD 12(AX), Z10
	SHRQ $1, CX

crtzloop:
	VMOVDQU64 (SI), Z0
	VMOVDQU64 (BX), Z1
	VPSUBW Z0, Z1, Z1
	MONTZ(Z1, Z8, Z9, Z2, Z3)
	SQUEEZEZ(Z2, Z3)
	VPMOVSXWD Y0, Z4
	VEXTRACTI64X4 $1, Z0, Y0
	VPMOVSXWD Y0, Z5
	VPMOVSXWD Y2, Z6
	VEXTRACTI64X4 $1, Z2, Y2
	VPMOVSXWD Y2, Z7
	VPMULLD Z10, Z6, Z6
	VPMULLD Z10, Z7, Z7
	VPADDD Z6, Z4, Z4
	VPADDD Z7, Z5, Z5
	VMOVDQU64 Z4, (DI)
	VMOVDQU64 Z5, 64(DI)
	ADDQ $64, SI
	ADDQ $64, BX
	ADDQ $128, DI
	DECQ CX
	JNZ crtzloop
	VZEROUPPER
	RET

// func nttPointwise2x512(x0, x1, y0, y1 *int16, n int, k *nttConsts)
//
// nttPointwise2 two rows a step, for an even number of rows.
TEXT ·nttPointwise2x512(SB), NOSPLIT, $0-48
	MOVQ x0+0(FP), DI
	MOVQ x1+8(FP), SI
	MOVQ y0+16(FP), DX
	MOVQ y1+24(FP), BX
	MOVQ n+32(FP), CX
	MOVQ k+40(FP), AX
	VPBROADCASTW 0(AX), Z15
	VPBROADCASTW 2(AX), Z13
	VPBROADCASTW 4(AX), Z14
	SHRQ $1, CX

pw2zloop:
	VMOVDQU64 (DI), Z0
	VMOVDQU64 (SI), Z1
	VMOVDQU64 (DX), Z2
	VMOVDQU64 (BX), Z3
	MONTVZ(Z0, Z2, Z4, Z8)
	MONTVZ(Z1, Z3, Z5, Z8)
	MONTVZ(Z0, Z3, Z6, Z8)
	MONTVZ(Z1, Z2, Z7, Z8)
	VPADDW Z7, Z6, Z6
	SQUEEZEZ(Z6, Z8)
	VMOVDQU64 Z4, (DI)
	VMOVDQU64 Z5, (SI)
	VMOVDQU64 Z6, (DX)
	ADDQ $64, DI
	ADDQ $64, SI
	ADDQ $64, DX
	ADDQ $64, BX
	DECQ CX
	JNZ pw2zloop
	VZEROUPPER
	RET
