//go:build !purego

#include "textflag.h"

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
