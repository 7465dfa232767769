//go:build !purego

#include "textflag.h"

// HALFCLEAN is the body of halfCleanAVX2 for vectors of VB = 2^SHIFT
// bytes moved by MOV, in registers R0-R3 (labels BL, LL).
#define HALFCLEAN(MOV, R0, R1, R2, R3, VB, SHIFT, BL, LL) \
	MOVQ x+0(FP), SI \
	MOVQ nblocks+8(FP), CX \
	MOVQ d+16(FP), DX \
	MOVQ DX, R8 \
	SHLQ $SHIFT, R8 \
BL: \
	MOVQ DX, BX \
	MOVQ SI, DI \
LL: \
	MOV (DI), R0 \
	MOV (DI)(R8*1), R1 \
	VPMINUD R1, R0, R2 \
	VPMAXUD R1, R0, R3 \
	MOV R2, (DI) \
	MOV R3, (DI)(R8*1) \
	ADDQ $VB, DI \
	DECQ BX \
	JNZ LL \
	LEAQ (SI)(R8*2), SI \
	DECQ CX \
	JNZ BL

// FLIPBLOCKS is the block loop of flipAVX2 (SI = x, CX = nblocks, DX = s)
// for vectors of VB = 2^SHIFT bytes moved by MOV, in registers R0-R3, REV
// holding the lane reversal (labels BL, LL).
#define FLIPBLOCKS(MOV, R0, R1, R2, R3, REV, VB, SHIFT, BL, LL) \
	MOVQ DX, R8 \
	SHLQ $SHIFT, R8 \
BL: \
	MOVQ DX, BX \
	SHRQ $1, BX \
	MOVQ SI, DI \
	LEAQ -VB(SI)(R8*1), R9 \
LL: \
	MOV (DI), R0 \
	MOV (R9), R1 \
	VPERMD R1, REV, R1 \
	VPMINUD R1, R0, R2 \
	VPMAXUD R1, R0, R3 \
	VPERMD R3, REV, R3 \
	MOV R2, (DI) \
	MOV R3, (R9) \
	ADDQ $VB, DI \
	SUBQ $VB, R9 \
	DECQ BX \
	JNZ LL \
	ADDQ R8, SI \
	DECQ CX \
	JNZ BL

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
	HALFCLEAN(VMOVDQU, Y0, Y1, Y2, Y3, 32, 5, hcblock, hcloop)
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
	FLIPBLOCKS(VMOVDQU, Y0, Y1, Y2, Y3, Y15, 32, 5, flblock, flloop)
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

// The AVX-512 network: 16 lanes to a vector, a lane stage as VPERMD,
// VPMINUD, and VPMAXUD merged under the mask register of the lanes that
// receive the maximum.

// func minmaxLanes4x512(x *uint32, n int, perm *[4][16]uint32, masks uint64)
//
// Four lane stages fused, each vector loaded and stored once: perm holds
// the stages' permutations in order and masks their masks, 16 bits each
// from the low end.
TEXT ·minmaxLanes4x512(SB), NOSPLIT, $0-32
	MOVQ x+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ perm+16(FP), AX
	VMOVDQU32 0(AX), Z10
	VMOVDQU32 64(AX), Z11
	VMOVDQU32 128(AX), Z12
	VMOVDQU32 192(AX), Z13
	MOVQ masks+24(FP), AX
	KMOVW AX, K1
	SHRQ $16, AX
	KMOVW AX, K2
	SHRQ $16, AX
	KMOVW AX, K3
	SHRQ $16, AX
	KMOVW AX, K4
	TESTQ CX, CX
	JZ ml4done

ml4loop:
	VMOVDQU32 (SI), Z0
	VPERMD Z0, Z10, Z1
	VPMINUD Z1, Z0, Z2
	VPMAXUD Z1, Z0, K1, Z2
	VPERMD Z2, Z11, Z1
	VPMINUD Z1, Z2, Z0
	VPMAXUD Z1, Z2, K2, Z0
	VPERMD Z0, Z12, Z1
	VPMINUD Z1, Z0, Z2
	VPMAXUD Z1, Z0, K3, Z2
	VPERMD Z2, Z13, Z1
	VPMINUD Z1, Z2, Z0
	VPMAXUD Z1, Z2, K4, Z0
	VMOVDQU32 Z0, (SI)
	ADDQ $64, SI
	DECQ CX
	JNZ ml4loop

ml4done:
	VZEROUPPER
	RET

// func halfClean512(x *uint32, nblocks, d int)
//
// halfCleanAVX2 with vectors of sixteen: distance 16d.
TEXT ·halfClean512(SB), NOSPLIT, $0-24
	HALFCLEAN(VMOVDQU32, Z0, Z1, Z2, Z3, 64, 6, hc512block, hc512loop)
	VZEROUPPER
	RET

// func flip512(x *uint32, nblocks, s int, rev *[16]uint32)
//
// flipAVX2 with vectors of sixteen (blocks of s vectors, 16s values); rev
// holds the lane indices 15, 14, ..., 0.
TEXT ·flip512(SB), NOSPLIT, $0-32
	MOVQ x+0(FP), SI
	MOVQ nblocks+8(FP), CX
	MOVQ s+16(FP), DX
	MOVQ rev+24(FP), AX
	VMOVDQU32 (AX), Z15
	FLIPBLOCKS(VMOVDQU32, Z0, Z1, Z2, Z3, Z15, 64, 6, fl512block, fl512loop)
	VZEROUPPER
	RET

// MINMAXR sets a, b to their lane-wise minimum and maximum (T a
// temporary, MOVR a register move of the width).
#define MINMAXR(MOVR, a, b, T) \
	VPMINUD b, a, T \
	VPMAXUD b, a, b \
	MOVR T, a

// HALFCLEAN3 is the body of halfClean3AVX2 for vectors of VB bytes moved
// by MOV, in registers R0-R7 and T (label BL).
#define HALFCLEAN3(MOV, MOVR, R0, R1, R2, R3, R4, R5, R6, R7, T, VB, BL) \
	MOVQ x+0(FP), SI \
	MOVQ nblocks+8(FP), CX \
BL: \
	MOV (0*VB)(SI), R0 \
	MOV (1*VB)(SI), R1 \
	MOV (2*VB)(SI), R2 \
	MOV (3*VB)(SI), R3 \
	MOV (4*VB)(SI), R4 \
	MOV (5*VB)(SI), R5 \
	MOV (6*VB)(SI), R6 \
	MOV (7*VB)(SI), R7 \
	MINMAXR(MOVR, R0, R4, T) \
	MINMAXR(MOVR, R1, R5, T) \
	MINMAXR(MOVR, R2, R6, T) \
	MINMAXR(MOVR, R3, R7, T) \
	MINMAXR(MOVR, R0, R2, T) \
	MINMAXR(MOVR, R1, R3, T) \
	MINMAXR(MOVR, R4, R6, T) \
	MINMAXR(MOVR, R5, R7, T) \
	MINMAXR(MOVR, R0, R1, T) \
	MINMAXR(MOVR, R2, R3, T) \
	MINMAXR(MOVR, R4, R5, T) \
	MINMAXR(MOVR, R6, R7, T) \
	MOV R0, (0*VB)(SI) \
	MOV R1, (1*VB)(SI) \
	MOV R2, (2*VB)(SI) \
	MOV R3, (3*VB)(SI) \
	MOV R4, (4*VB)(SI) \
	MOV R5, (5*VB)(SI) \
	MOV R6, (6*VB)(SI) \
	MOV R7, (7*VB)(SI) \
	ADDQ $(8*VB), SI \
	DECQ CX \
	JNZ BL

// func halfClean3AVX2(x *uint32, nblocks int)
//
// The half-cleaners at distances of four, two and one vector fused: each
// of the nblocks blocks of eight vectors is loaded and stored once.
TEXT ·halfClean3AVX2(SB), NOSPLIT, $0-16
	HALFCLEAN3(VMOVDQU, VMOVDQA, Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, 32, hc3block)
	VZEROUPPER
	RET

// func halfClean3x512(x *uint32, nblocks int)
//
// halfClean3AVX2 with vectors of sixteen.
TEXT ·halfClean3x512(SB), NOSPLIT, $0-16
	HALFCLEAN3(VMOVDQU32, VMOVDQA64, Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, 64, hc3zblock)
	VZEROUPPER
	RET
