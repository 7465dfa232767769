//go:build !purego

#include "textflag.h"

// Montgomery products for the division steps: the consts block holds the
// swap mask, f0, f0*qinv, g0, g0*qinv and q as int16, broadcast to
// Y15..Y10. MONTELIM leaves in Y1 the value mont(Y1, f0) - mont(Y0, g0),
// where mont(x, c) = x*c*2^-16 mod q: mulhi(x, c) - mulhi(mullo(x, c*qinv), q)
// is exact because x*c and mullo(...)*q agree in their low 16 bits.
#define LOADCONSTS(k) \
	MOVQ k, AX \
	VPBROADCASTW 0(AX), Y15 \
	VPBROADCASTW 2(AX), Y14 \
	VPBROADCASTW 4(AX), Y13 \
	VPBROADCASTW 6(AX), Y12 \
	VPBROADCASTW 8(AX), Y11 \
	VPBROADCASTW 10(AX), Y10

#define MONTELIM \
	VPMULLW Y13, Y1, Y3 \
	VPMULHW Y14, Y1, Y1 \
	VPMULHW Y10, Y3, Y3 \
	VPSUBW Y3, Y1, Y1 \
	VPMULLW Y11, Y0, Y4 \
	VPMULHW Y12, Y0, Y0 \
	VPMULHW Y10, Y4, Y4 \
	VPSUBW Y4, Y0, Y0 \
	VPSUBW Y0, Y1, Y1

// func swapElimAVX2(f, gp *int16, n int, k *divstepConsts)
//
// For the n vectors at f[1:], g[1:]: (f, g) = swap ? (g, f) : (f, g), then
// g = (f0*g - g0*f)/x in place: each result is stored one coefficient
// lower, which is the division by x.
TEXT ·swapElimAVX2(SB), NOSPLIT, $0-32
	LOADCONSTS(k+24(FP))
	MOVQ f+0(FP), SI
	MOVQ gp+8(FP), DX
	MOVQ n+16(FP), CX
	TESTQ CX, CX
	JZ sedone

seloop:
	VMOVDQU (SI), Y0
	VMOVDQU (DX), Y1
	VPXOR Y0, Y1, Y2
	VPAND Y15, Y2, Y2
	VPXOR Y2, Y0, Y0
	VPXOR Y2, Y1, Y1
	VMOVDQU Y0, (SI)
	MONTELIM
	VMOVDQU Y1, -2(DX)
	ADDQ $32, SI
	ADDQ $32, DX
	DECQ CX
	JNZ seloop

sedone:
	VZEROUPPER
	RET

// func xswapElimAVX2(v, r *int16, n int, k *divstepConsts)
//
// For the n vectors at v, r, from the top down: (v, r) = swap ? (r, v) :
// (v, r), then r = f0*r - g0*v, and v stored one coefficient higher, which
// is the multiplication by x of the next step done in advance.
TEXT ·xswapElimAVX2(SB), NOSPLIT, $0-32
	LOADCONSTS(k+24(FP))
	MOVQ v+0(FP), SI
	MOVQ r+8(FP), DX
	MOVQ n+16(FP), CX
	TESTQ CX, CX
	JZ xsdone
	MOVQ CX, BX
	SHLQ $5, BX
	ADDQ BX, SI
	ADDQ BX, DX

xsloop:
	SUBQ $32, SI
	SUBQ $32, DX
	VMOVDQU (SI), Y0
	VMOVDQU (DX), Y1
	VPXOR Y0, Y1, Y2
	VPAND Y15, Y2, Y2
	VPXOR Y2, Y0, Y0
	VPXOR Y2, Y1, Y1
	VMOVDQU Y0, 2(SI)
	MONTELIM
	VMOVDQU Y1, (DX)
	DECQ CX
	JNZ xsloop

xsdone:
	VZEROUPPER
	RET

// Bitsliced F3 (two planes: m, nonzero; s, sign) in 256-coefficient
// vectors. ELIMB(AM, AS, BM, BS) sets (AM, AS) += c*(BM, BS) for the
// broadcast scalar c = (Y14 nonzero mask, Y13 sign mask), clobbering BM,
// BS and Y8-Y12: a sum of two nonzero values is the negation when their
// signs agree and zero when they differ (see addScaled).
#define ELIMB(AM, AS, BM, BS) \
	VPAND Y14, BM, Y8 \
	VPXOR Y13, BS, Y9 \
	VPAND Y8, Y9, Y9 \
	VPAND Y8, AM, Y10 \
	VPXOR Y9, AS, Y11 \
	VPANDN AS, Y8, Y12 \
	VPANDN Y9, AM, BM \
	VPOR BM, Y12, Y12 \
	VPANDN Y10, Y11, BS \
	VPANDN BS, AS, BS \
	VPOR BS, Y12, AS \
	VPAND Y11, Y10, Y10 \
	VPOR Y8, AM, AM \
	VPANDN AM, Y10, AM

// func r3DivstepAVX2(base *uint64, stride, nfg, nvr int, k *[3]uint64)
//
// One F3 division step on bitsliced planes fm, fs, gm, gs, vm, vs, rm, rs
// laid out stride bytes apart from base. For the nfg vectors of f and g,
// from the bottom up: f = swap ? g : f, and g = (g + c*f)/x computed on
// f/x and g/x, whose words are read one word higher (a one-bit shift is a
// 64-bit shift with the next word's low bit carried in). For the nvr
// vectors of v and r, from the top down: v = x*v (the previous word's top
// bit carried in), swap with r, then r += c*v. k holds the swap mask and
// c's two masks.
TEXT ·r3DivstepAVX2(SB), NOSPLIT, $0-40
	MOVQ base+0(FP), R8
	MOVQ stride+8(FP), DX
	MOVQ nfg+16(FP), CX
	MOVQ k+32(FP), AX
	VPBROADCASTQ 0(AX), Y15
	VPBROADCASTQ 8(AX), Y14
	VPBROADCASTQ 16(AX), Y13
	LEAQ (R8)(DX*1), R9  // fs
	LEAQ (R9)(DX*1), R10 // gm
	LEAQ (R10)(DX*1), R11 // gs
	TESTQ CX, CX
	JZ rbvr

rbfg:
	VMOVDQU (R8), Y0
	VMOVDQU 8(R8), Y4
	VPSRLQ $1, Y0, Y5
	VPSLLQ $63, Y4, Y4
	VPOR Y5, Y4, Y4
	VMOVDQU (R9), Y1
	VMOVDQU 8(R9), Y5
	VPSRLQ $1, Y1, Y6
	VPSLLQ $63, Y5, Y5
	VPOR Y6, Y5, Y5
	VMOVDQU (R10), Y2
	VMOVDQU 8(R10), Y6
	VPSRLQ $1, Y2, Y7
	VPSLLQ $63, Y6, Y6
	VPOR Y7, Y6, Y6
	VMOVDQU (R11), Y3
	VMOVDQU 8(R11), Y7
	VPSRLQ $1, Y3, Y8
	VPSLLQ $63, Y7, Y7
	VPOR Y8, Y7, Y7
	// f = swap ? g : f, unshifted
	VPXOR Y0, Y2, Y8
	VPAND Y15, Y8, Y8
	VPXOR Y8, Y0, Y0
	VMOVDQU Y0, (R8)
	VPXOR Y1, Y3, Y8
	VPAND Y15, Y8, Y8
	VPXOR Y8, Y1, Y1
	VMOVDQU Y1, (R9)
	// the same swap on f/x, g/x
	VPXOR Y4, Y6, Y8
	VPAND Y15, Y8, Y8
	VPXOR Y8, Y4, Y4
	VPXOR Y8, Y6, Y6
	VPXOR Y5, Y7, Y8
	VPAND Y15, Y8, Y8
	VPXOR Y8, Y5, Y5
	VPXOR Y8, Y7, Y7
	ELIMB(Y6, Y7, Y4, Y5)
	VMOVDQU Y6, (R10)
	VMOVDQU Y7, (R11)
	ADDQ $32, R8
	ADDQ $32, R9
	ADDQ $32, R10
	ADDQ $32, R11
	DECQ CX
	JNZ rbfg

rbvr:
	MOVQ base+0(FP), R8
	LEAQ (R8)(DX*4), R8  // vm
	LEAQ (R8)(DX*1), R9  // vs
	LEAQ (R9)(DX*1), R10 // rm
	LEAQ (R10)(DX*1), R11 // rs
	MOVQ nvr+24(FP), CX
	TESTQ CX, CX
	JZ rbdone
	MOVQ CX, BX
	SHLQ $5, BX
	ADDQ BX, R8
	ADDQ BX, R9
	ADDQ BX, R10
	ADDQ BX, R11

rbvrloop:
	SUBQ $32, R8
	SUBQ $32, R9
	SUBQ $32, R10
	SUBQ $32, R11
	VMOVDQU (R8), Y0
	VMOVDQU -8(R8), Y4
	VPSLLQ $1, Y0, Y0
	VPSRLQ $63, Y4, Y4
	VPOR Y4, Y0, Y0
	VMOVDQU (R9), Y1
	VMOVDQU -8(R9), Y5
	VPSLLQ $1, Y1, Y1
	VPSRLQ $63, Y5, Y5
	VPOR Y5, Y1, Y1
	VMOVDQU (R10), Y2
	VMOVDQU (R11), Y3
	VPXOR Y0, Y2, Y8
	VPAND Y15, Y8, Y8
	VPXOR Y8, Y0, Y0
	VPXOR Y8, Y2, Y2
	VPXOR Y1, Y3, Y8
	VPAND Y15, Y8, Y8
	VPXOR Y8, Y1, Y1
	VPXOR Y8, Y3, Y3
	VMOVDQU Y0, (R8)
	VMOVDQU Y1, (R9)
	ELIMB(Y2, Y3, Y0, Y1)
	VMOVDQU Y2, (R10)
	VMOVDQU Y3, (R11)
	DECQ CX
	JNZ rbvrloop

rbdone:
	VZEROUPPER
	RET
