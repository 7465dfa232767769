//go:build !purego

#include "textflag.h"

// func toom3EvalWAVX2(e *[5]*int16, a *int16, k, n int)
//
// With a0, a1, a2 = a[0:k], a[k:2k], a[2k:3k], sets for i < 16n:
// e[0] = a0, e[1] = a0+a1+a2, e[2] = a0-a1+a2, e[3] = a0-2a1+4a2, e[4] = a2.
TEXT ·toom3EvalWAVX2(SB), NOSPLIT, $0-32
	MOVQ e+0(FP), AX
	MOVQ 0(AX), R8
	MOVQ 8(AX), R9
	MOVQ 16(AX), R10
	MOVQ 24(AX), R11
	MOVQ 32(AX), R12
	MOVQ a+8(FP), SI
	MOVQ k+16(FP), DX
	SHLQ $1, DX // bytes per piece
	MOVQ n+24(FP), CX
	LEAQ (SI)(DX*1), BX  // a1
	LEAQ (BX)(DX*1), DX  // a2
	TESTQ CX, CX
	JZ ewdone

ewloop:
	VMOVDQU (SI), Y0
	VMOVDQU (BX), Y1
	VMOVDQU (DX), Y2
	VPADDW Y2, Y0, Y3  // a0+a2
	VPADDW Y1, Y3, Y4  // a0+a1+a2
	VPSUBW Y1, Y3, Y5  // a0-a1+a2
	VPADDW Y2, Y2, Y6  // 2a2
	VPSUBW Y1, Y6, Y6  // 2a2-a1
	VPADDW Y6, Y6, Y6  // 4a2-2a1
	VPADDW Y0, Y6, Y6  // a0-2a1+4a2
	VMOVDQU Y0, (R8)
	VMOVDQU Y4, (R9)
	VMOVDQU Y5, (R10)
	VMOVDQU Y6, (R11)
	VMOVDQU Y2, (R12)
	ADDQ $32, SI
	ADDQ $32, BX
	ADDQ $32, DX
	ADDQ $32, R8
	ADDQ $32, R9
	ADDQ $32, R10
	ADDQ $32, R11
	ADDQ $32, R12
	DECQ CX
	JNZ ewloop

ewdone:
	VZEROUPPER
	RET

// func toom3EvalBAVX2(e *[5]*int8, b *int8, k, n int)
//
// toom3EvalWAVX2 for the small operand, 32 bytes at a time for i < 32n.
TEXT ·toom3EvalBAVX2(SB), NOSPLIT, $0-32
	MOVQ e+0(FP), AX
	MOVQ 0(AX), R8
	MOVQ 8(AX), R9
	MOVQ 16(AX), R10
	MOVQ 24(AX), R11
	MOVQ 32(AX), R12
	MOVQ b+8(FP), SI
	MOVQ k+16(FP), DX
	MOVQ n+24(FP), CX
	LEAQ (SI)(DX*1), BX
	LEAQ (BX)(DX*1), DX
	TESTQ CX, CX
	JZ ebdone

ebloop:
	VMOVDQU (SI), Y0
	VMOVDQU (BX), Y1
	VMOVDQU (DX), Y2
	VPADDB Y2, Y0, Y3
	VPADDB Y1, Y3, Y4
	VPSUBB Y1, Y3, Y5
	VPADDB Y2, Y2, Y6
	VPSUBB Y1, Y6, Y6
	VPADDB Y6, Y6, Y6
	VPADDB Y0, Y6, Y6
	VMOVDQU Y0, (R8)
	VMOVDQU Y4, (R9)
	VMOVDQU Y5, (R10)
	VMOVDQU Y6, (R11)
	VMOVDQU Y2, (R12)
	ADDQ $32, SI
	ADDQ $32, BX
	ADDQ $32, DX
	ADDQ $32, R8
	ADDQ $32, R9
	ADDQ $32, R10
	ADDQ $32, R11
	ADDQ $32, R12
	DECQ CX
	JNZ ebloop

ebdone:
	VZEROUPPER
	RET

// func toom3InterpAVX2(w *[5]*int32, n int)
//
// Bodrato's interpolation for the points 0, 1, -1, -2, infinity, in place
// on eight lanes at a time for i < 8n: from w = r(0), r(1), r(-1), r(-2),
// r(inf) it leaves the coefficients r0..r4:
//	r3 = (r(-2) - r(1))/3, r1 = (r(1) - r(-1))/2, r2 = r(-1) - r(0),
//	r3 = (r2 - r3)/2 + 2 r(inf), r2 = r2 + r1 - r(inf), r1 = r1 - r3.
// Every division is exact: by 2 an arithmetic shift, by 3 a product with
// the inverse of 3 modulo 2^32.
TEXT ·toom3InterpAVX2(SB), NOSPLIT, $0-16
	MOVQ w+0(FP), AX
	MOVQ 0(AX), R8
	MOVQ 8(AX), R9
	MOVQ 16(AX), R10
	MOVQ 24(AX), R11
	MOVQ 32(AX), R12
	MOVQ n+8(FP), CX
	MOVL $0xAAAAAAAB, AX
	VMOVD AX, X15
	VPBROADCASTD X15, Y15
	TESTQ CX, CX
	JZ tidone

tiloop:
	VMOVDQU (R8), Y0   // r(0)
	VMOVDQU (R9), Y1   // r(1)
	VMOVDQU (R10), Y2  // r(-1)
	VMOVDQU (R11), Y3  // r(-2)
	VMOVDQU (R12), Y4  // r(inf)
	VPSUBD Y1, Y3, Y3
	VPMULLD Y15, Y3, Y3 // r3 = (r(-2) - r(1))/3
	VPSUBD Y2, Y1, Y1
	VPSRAD $1, Y1, Y1   // r1 = (r(1) - r(-1))/2
	VPSUBD Y0, Y2, Y2   // r2 = r(-1) - r(0)
	VPSUBD Y3, Y2, Y3
	VPSRAD $1, Y3, Y3
	VPADDD Y4, Y3, Y3
	VPADDD Y4, Y3, Y3   // r3 = (r2 - r3)/2 + 2 r(inf)
	VPADDD Y1, Y2, Y2
	VPSUBD Y4, Y2, Y2   // r2 = r2 + r1 - r(inf)
	VPSUBD Y3, Y1, Y1   // r1 = r1 - r3
	VMOVDQU Y1, (R9)
	VMOVDQU Y2, (R10)
	VMOVDQU Y3, (R11)
	ADDQ $32, R8
	ADDQ $32, R9
	ADDQ $32, R10
	ADDQ $32, R11
	ADDQ $32, R12
	DECQ CX
	JNZ tiloop

tidone:
	VZEROUPPER
	RET

// func toom3Interp16AVX2(w *[5]*int16, n int)
//
// toom3InterpAVX2 on sixteen int16 lanes modulo 2^16 for i < 16n, the
// division by 3 a product with 3^-1 = 0xAAAB mod 2^16, each halving an
// arithmetic shift that leaves its result known modulo 2^15; r1, r2 and
// r3 are sign-extended from 15 bits at the end (see toom3R3AVX2).
TEXT ·toom3Interp16AVX2(SB), NOSPLIT, $0-16
	MOVQ w+0(FP), AX
	MOVQ 0(AX), R8
	MOVQ 8(AX), R9
	MOVQ 16(AX), R10
	MOVQ 24(AX), R11
	MOVQ 32(AX), R12
	MOVQ n+8(FP), CX
	MOVL $0xAAAB, AX
	VMOVD AX, X15
	VPBROADCASTW X15, Y15
	TESTQ CX, CX
	JZ t16done

t16loop:
	VMOVDQU (R8), Y0
	VMOVDQU (R9), Y1
	VMOVDQU (R10), Y2
	VMOVDQU (R11), Y3
	VMOVDQU (R12), Y4
	VPSUBW Y1, Y3, Y3
	VPMULLW Y15, Y3, Y3 // r3 = (r(-2) - r(1))/3
	VPSUBW Y2, Y1, Y1
	VPSRAW $1, Y1, Y1   // r1 = (r(1) - r(-1))/2
	VPSUBW Y0, Y2, Y2   // r2 = r(-1) - r(0)
	VPSUBW Y3, Y2, Y3
	VPSRAW $1, Y3, Y3
	VPADDW Y4, Y3, Y3
	VPADDW Y4, Y3, Y3   // r3 = (r2 - r3)/2 + 2 r(inf)
	VPADDW Y1, Y2, Y2
	VPSUBW Y4, Y2, Y2   // r2 = r2 + r1 - r(inf)
	VPSUBW Y3, Y1, Y1   // r1 = r1 - r3
	VPSLLW $1, Y1, Y1
	VPSRAW $1, Y1, Y1
	VPSLLW $1, Y2, Y2
	VPSRAW $1, Y2, Y2
	VPSLLW $1, Y3, Y3
	VPSRAW $1, Y3, Y3
	VMOVDQU Y1, (R9)
	VMOVDQU Y2, (R10)
	VMOVDQU Y3, (R11)
	ADDQ $32, R8
	ADDQ $32, R9
	ADDQ $32, R10
	ADDQ $32, R11
	ADDQ $32, R12
	DECQ CX
	JNZ t16loop

t16done:
	VZEROUPPER
	RET

// func addTo16AVX2(dst, x *int16, n int)
//
// dst[i] += x[i] for i < 16n.
TEXT ·addTo16AVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ n+16(FP), CX
	TESTQ CX, CX
	JZ a16done

a16loop:
	VMOVDQU (DI), Y0
	VPADDW (SI), Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ a16loop

a16done:
	VZEROUPPER
	RET
