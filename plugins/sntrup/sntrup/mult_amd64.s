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

// func minmaxLanesAVX2(x *uint32, n int, perm, mask *[8]uint32)
//
// For each of the n vectors of eight at x: minmax(x[i], x[i^p]) inside the
// vector, p < 8 being encoded in perm (lane l -> l^p) and mask (lanes with
// bit p set, which receive the maximum).
TEXT ·minmaxLanesAVX2(SB), NOSPLIT, $0-32
	MOVQ x+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ perm+16(FP), AX
	MOVQ mask+24(FP), BX
	VMOVDQU (AX), Y14
	VMOVDQU (BX), Y15
	TESTQ CX, CX
	JZ mldone

mlloop:
	VMOVDQU (SI), Y0
	VPERMD Y0, Y14, Y1
	VPMINUD Y1, Y0, Y2
	VPMAXUD Y1, Y0, Y3
	VPBLENDVB Y15, Y3, Y2, Y0
	VMOVDQU Y0, (SI)
	ADDQ $32, SI
	DECQ CX
	JNZ mlloop

mldone:
	VZEROUPPER
	RET

// func halfCleanAVX2(x *uint32, nblocks, d int)
//
// A bitonic half-cleaner at distance 8d: in each of the nblocks blocks of
// 2d vectors, minmax(V[j], V[j+d]) for j < d, the minimum kept low.
TEXT ·halfCleanAVX2(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), SI
	MOVQ nblocks+8(FP), CX
	MOVQ d+16(FP), DX
	MOVQ DX, R8
	SHLQ $5, R8 // d vectors in bytes

hcblock:
	MOVQ DX, BX
	MOVQ SI, DI

hcloop:
	VMOVDQU (DI), Y0
	VMOVDQU (DI)(R8*1), Y1
	VPMINUD Y1, Y0, Y2
	VPMAXUD Y1, Y0, Y3
	VMOVDQU Y2, (DI)
	VMOVDQU Y3, (DI)(R8*1)
	ADDQ $32, DI
	DECQ BX
	JNZ hcloop
	LEAQ (SI)(R8*2), SI
	DECQ CX
	JNZ hcblock
	VZEROUPPER
	RET

// func flipAVX2(x *uint32, nblocks, s int)
//
// The first step of a bitonic merge of blocks of s vectors (8s values):
// minmax(x[i], x[8s-1-i]) within each block, as vectors j and s-1-j with
// the lanes of the second reversed, the minimum kept low.
TEXT ·flipAVX2(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), SI
	MOVQ nblocks+8(FP), CX
	MOVQ s+16(FP), DX
	MOVL $0x00010203, AX
	MOVL $0x04050607, BX
	VMOVD BX, X15
	VPINSRD $1, AX, X15, X15
	VPMOVZXBD X15, Y15 // lane indices 7,6,...,0
	MOVQ DX, R8
	SHLQ $5, R8 // block size in bytes

flblock:
	MOVQ DX, BX
	SHRQ $1, BX
	MOVQ SI, DI
	LEAQ -32(SI)(R8*1), R9

flloop:
	VMOVDQU (DI), Y0
	VMOVDQU (R9), Y1
	VPERMD Y1, Y15, Y1
	VPMINUD Y1, Y0, Y2
	VPMAXUD Y1, Y0, Y3
	VPERMD Y3, Y15, Y3
	VMOVDQU Y2, (DI)
	VMOVDQU Y3, (R9)
	ADDQ $32, DI
	SUBQ $32, R9
	DECQ BX
	JNZ flloop
	ADDQ R8, SI
	DECQ CX
	JNZ flblock
	VZEROUPPER
	RET

// func mul3BlockAVX2(acc *int16, e *int8, t *uint8, npairs int)
//
// The R3 product kernel: acc[0:64] = the sum over the pairs (e[2s],
// e[2s+1]) of VPMADDUBSW with the byte-pair windows t[-4s ...] of
// (b[m]+1, b[m-1]+1), sixteen outputs per vector and 32 products per
// instruction. Each lane stays below 2*761 in magnitude, so int16 neither
// saturates nor overflows; the caller subtracts the sums of e that the +1
// adds.
TEXT ·mul3BlockAVX2(SB), NOSPLIT, $0-32
	MOVQ acc+0(FP), DI
	MOVQ e+8(FP), SI
	MOVQ t+16(FP), DX
	MOVQ npairs+24(FP), CX
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y2, Y2, Y2
	VPXOR Y3, Y3, Y3
	TESTQ CX, CX
	JZ m3done

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

m3done:
	VMOVDQU Y0, (DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	VZEROUPPER
	RET

// func minmaxLanes3AVX2(x *uint32, n int, t *[6][8]uint32)
//
// Three minmaxLanesAVX2 passes fused, each vector loaded and stored once:
// t holds (perm, mask) for the three stages in order.
TEXT ·minmaxLanes3AVX2(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ t+16(FP), AX
	VMOVDQU 0(AX), Y10
	VMOVDQU 32(AX), Y11
	VMOVDQU 64(AX), Y12
	VMOVDQU 96(AX), Y13
	VMOVDQU 128(AX), Y14
	VMOVDQU 160(AX), Y15
	TESTQ CX, CX
	JZ ml3done

ml3loop:
	VMOVDQU (SI), Y0
	VPERMD Y0, Y10, Y1
	VPMINUD Y1, Y0, Y2
	VPMAXUD Y1, Y0, Y3
	VPBLENDVB Y11, Y3, Y2, Y0
	VPERMD Y0, Y12, Y1
	VPMINUD Y1, Y0, Y2
	VPMAXUD Y1, Y0, Y3
	VPBLENDVB Y13, Y3, Y2, Y0
	VPERMD Y0, Y14, Y1
	VPMINUD Y1, Y0, Y2
	VPMAXUD Y1, Y0, Y3
	VPBLENDVB Y15, Y3, Y2, Y0
	VMOVDQU Y0, (SI)
	ADDQ $32, SI
	DECQ CX
	JNZ ml3loop

ml3done:
	VZEROUPPER
	RET

// func mulBlock4AVX2(acc *int32, a *int16, w *[4]uintptr, ngroups int)
//
// acc[0:32] = the sum over the coefficient pairs (a[2s], a[2s+1]) of their
// products with eight-pair windows of the table of (b[m], b[m-1]): each
// VPMADDWD forms a[i]*b[k-i] + a[i+1]*b[k-i-1] for eight outputs k at once
// (see mulAVX2). The table is in four copies shifted by 0, 8, 16 and 24
// bytes: step j of every group of four steps reads its windows through
// w[j], which the caller points into the copy where they are 32-byte
// aligned, so no load splits a cache line. Each pointer moves down 32
// bytes a group.
TEXT ·mulBlock4AVX2(SB), NOSPLIT, $0-32
	MOVQ acc+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ w+16(FP), AX
	MOVQ 0(AX), R8
	MOVQ 8(AX), R9
	MOVQ 16(AX), R10
	MOVQ 24(AX), R11
	MOVQ ngroups+24(FP), CX
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y2, Y2, Y2
	VPXOR Y3, Y3, Y3
	TESTQ CX, CX
	JZ m4done

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

m4done:
	VMOVDQU Y0, (DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
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
