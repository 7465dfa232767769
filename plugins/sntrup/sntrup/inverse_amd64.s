//go:build !purego

#include "textflag.h"

// Division steps in Rq, all 2p-1 of them in one call. Each step reduces
// f[0] and g[0] to -(q-1)/2..(q-1)/2 in scalar registers, decides the swap
// in constant time, then sweeps f, g and v, r with 16 coefficients to a
// vector.
//
// The elimination f0*G - g0*F uses Shoup products: with f0s the
// integer nearest f0*2^16/q, x*f0 - mulhi(x, f0s)*q lies in
// (-q/2, 3q/2) for every int16 x (the quotient estimate is off by less
// than |x|/2^16 < 1/2 of a unit), so
//
//	mullo(G, f0) - mullo(F, g0) - mullo(mulhi(G, f0s) - mulhi(F, g0s), q)
//
// computed mod 2^16 is the integer f0*G - g0*F - t*q in (-2q, 2q), exact
// in int16 for every q of the table (2q < 2^15), whatever the inputs'
// size. Five multiplications, against six for a Montgomery pair, and no
// 2^-16 factor.
//
// Vector registers during the sweeps: Y15 swap mask, Y14 f0, Y13 f0s,
// Y12 g0, Y11 g0s, Y10 q.
#define SHOUPELIM(F, G, T0, T1) \
	VPMULHW Y13, G, T0 \
	VPMULHW Y11, F, T1 \
	VPMULLW Y14, G, G \
	VPMULLW Y12, F, F \
	VPSUBW T1, T0, T0 \
	VPSUBW F, G, G \
	VPMULLW Y10, T0, T0 \
	VPSUBW T0, G, G

// SHOUPELIM512 is SHOUPELIM on 32 lanes (see rqDivstepsAVX2).
#define SHOUPELIM512(F, G, T0, T1) \
	VPMULHW Z14, G, T0 \
	VPMULHW Z12, F, T1 \
	VPMULLW Z15, G, G \
	VPMULLW Z13, F, F \
	VPSUBW T1, T0, T0 \
	VPSUBW F, G, G \
	VPMULLW Z11, T0, T0 \
	VPSUBW T0, G, G

// The vector bodies of the sweeps, at SI (f or v) and DX (g or r): load,
// swap, store the new f or v at SOFF(SI) (v one coefficient higher),
// eliminate and store the new g or r at DOFF(DX) (g one coefficient
// lower).
#define VEC256(SOFF, DOFF) \
	VMOVDQU (SI), Y0 \
	VMOVDQU (DX), Y1 \
	VPBLENDVB Y15, Y1, Y0, Y2 \
	VPBLENDVB Y15, Y0, Y1, Y3 \
	VMOVDQU Y2, SOFF(SI) \
	SHOUPELIM(Y2, Y3, Y4, Y5) \
	VMOVDQU Y3, DOFF(DX)

#define VEC512(SOFF, DOFF) \
	VMOVDQU16 (SI), Z0 \
	VMOVDQU16 (DX), Z1 \
	VPBLENDMW Z1, Z0, K1, Z2 \
	VPBLENDMW Z0, Z1, K1, Z3 \
	VMOVDQU16 Z2, SOFF(SI) \
	SHOUPELIM512(Z2, Z3, Z4, Z5) \
	VMOVDQU16 Z3, DOFF(DX)

// SWEEPS runs VEC(0, -2) over the R13 = nfg coefficients of f[1:], g[1:]
// from the bottom up, then VEC(2, 0) over the BX = nvr coefficients of v,
// r from the top down, in vectors of VB bytes (2^SHIFT coefficients, 2^VBSHIFT bytes;
// ROUND = 2^SHIFT - 1).
#define SWEEPS(VEC, ROUND, SHIFT, VB, VBSHIFT, FGL, VRL) \
	LEAQ 2(DI), SI \
	MOVQ gp+8(FP), DX \
	ADDQ $2, DX \
	LEAQ ROUND(R13), CX \
	SHRQ $SHIFT, CX \
FGL: \
	VEC(0, -2) \
	ADDQ $VB, SI \
	ADDQ $VB, DX \
	DECQ CX \
	JNZ FGL \
	LEAQ ROUND(BX), CX \
	SHRQ $SHIFT, CX \
	MOVQ CX, AX \
	SHLQ $VBSHIFT, AX \
	MOVQ vp+16(FP), SI \
	ADDQ AX, SI \
	MOVQ rp+24(FP), DX \
	ADDQ AX, DX \
VRL: \
	SUBQ $VB, SI \
	SUBQ $VB, DX \
	VEC(2, 0) \
	DECQ CX \
	JNZ VRL

// FREEZE(R, T) sets R (sign-extended, |R| < 2^15) to its representative in
// -(q-1)/2..(q-1)/2: R - q*round(R*M/2^30) with M = round(2^30/q), whose
// error (under 2^-16) is smaller than the distance 1/(2q) from R/q to a
// half-integer.
#define FREEZE(R, T) \
	MOVQ R, T \
	IMULQ 8(R12), T \
	ADDQ $0x20000000, T \
	SARQ $30, T \
	IMULQ 0(R12), T \
	SUBQ T, R

// SHOUP(R, T) sets T to round(R*2^16/q) for |R| <= (q-1)/2, as
// (R*2^16*M + 2^39) >> 40 with M = round(2^40/q): off from R*2^16/q by
// less than 1, which is all the bound above needs, and below 2^15 in
// magnitude.
#define SHOUP(R, T) \
	MOVQ R, T \
	SHLQ $16, T \
	IMULQ 16(R12), T \
	ADDQ 24(R12), T \
	SARQ $40, T

// STEPSCALAR is the scalar part of step R10 (R9 = p, R11 = delta, DI =
// f, R12 = consts): it sets R13 = nfg and BX = nvr, the lengths to sweep;
// AX = f0 and CX = g0, frozen and swapped; DX = the swap mask; updates
// delta and stores f[0] = f0. The lengths are public: CMOV picks them.
#define STEPSCALAR \
	MOVQ R9, R13 \
	LEAQ 1(R10), BX \
	LEAQ -1(R9)(R9*1), AX \
	SUBQ R10, AX \
	CMPQ R10, R9 \
	CMOVQGE AX, R13 \
	CMOVQGE R9, BX \
	MOVWQSX (DI), AX \
	FREEZE(AX, SI) \
	MOVQ gp+8(FP), DX \
	MOVWQSX (DX), CX \
	FREEZE(CX, SI) \
	MOVQ R11, DX \ // swap = (delta > 0) & (g0 != 0)
	NEGQ DX \
	SARQ $63, DX \
	MOVQ CX, SI \
	NEGQ SI \
	ORQ CX, SI \
	SARQ $63, SI \
	ANDQ SI, DX \
	MOVQ R11, SI \ // delta = swap ? -delta : delta; delta++
	NEGQ SI \
	XORQ R11, SI \
	ANDQ DX, SI \
	XORQ SI, R11 \
	INCQ R11 \
	MOVQ AX, SI \ // (f0, g0) = swap ? (g0, f0) : (f0, g0)
	XORQ CX, SI \
	ANDQ DX, SI \
	XORQ SI, AX \
	XORQ SI, CX \
	MOVW AX, (DI)

// func rqDivstepsAVX2(fp, gp, vp, rp *int16, p int, k *recipConsts)
//
// With k.wide set, the sweeps use AVX-512BW: 32 coefficients to a vector,
// the swap a blend under the mask register K1 (all ones or all zeros),
// and SHOUPELIM512 with Z15 f0, Z14 f0s, Z13 g0, Z12 g0s, Z11 q.
//
// f, g, v, r as in rqRecip3Generic, each with 16 zero coefficients of
// room past its last vector. Steps 0..p-1 sweep all of f, g and loop+1
// coefficients of v, r; steps p..2p-2 sweep 2p-1-loop coefficients of f,
// g and all of v, r. f, g are swept from the bottom up, the new g stored
// one coefficient lower (the division by x); v, r from the top down, the
// new v stored one coefficient higher (the multiplication by x of the
// next step, done in advance).
TEXT ·rqDivstepsAVX2(SB), NOSPLIT, $0-48
	MOVQ fp+0(FP), DI
	MOVQ p+32(FP), R9
	MOVQ k+40(FP), R12
	VPBROADCASTW 0(R12), Y10
	CMPQ 32(R12), $0
	JE loop0
	VPBROADCASTW 0(R12), Z11

loop0:
	XORQ R10, R10 // loop
	MOVQ $1, R11  // delta

step:
	STEPSCALAR
	CMPQ 32(R12), $0
	JNE wide

	MOVQ DX, X15
	VPBROADCASTQ X15, Y15
	MOVQ AX, X14
	VPBROADCASTW X14, Y14
	MOVQ CX, X12
	VPBROADCASTW X12, Y12
	SHOUP(AX, SI)
	MOVQ SI, X13
	VPBROADCASTW X13, Y13
	SHOUP(CX, SI)
	MOVQ SI, X11
	VPBROADCASTW X11, Y11

	SWEEPS(VEC256, 15, 4, 32, 5, fgloop, vrloop)
	JMP next

wide:
	KMOVD DX, K1
	VPBROADCASTW AX, Z15
	VPBROADCASTW CX, Z13
	SHOUP(AX, SI)
	VPBROADCASTW SI, Z14
	SHOUP(CX, SI)
	VPBROADCASTW SI, Z12

	SWEEPS(VEC512, 31, 5, 64, 6, fgloop512, vrloop512)

next:
	INCQ R10
	LEAQ -1(R9)(R9*1), AX
	CMPQ R10, AX
	JLT step

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
