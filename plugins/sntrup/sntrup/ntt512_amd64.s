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
	VPMULLW Z1, Z0, Z2
	VPMULLW Z13, Z2, Z2
	VPMULHW Z1, Z0, Z3
	VPMULHW Z15, Z2, Z2
	VPSUBW Z2, Z3, Z3
	VMOVDQU64 Z3, (DI)
	ADDQ $64, DI
	ADDQ $64, SI
	DECQ CX
	JNZ pwzloop
	VZEROUPPER
	RET
