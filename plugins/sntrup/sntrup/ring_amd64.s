//go:build !purego

#include "textflag.h"

// func foldFreezeAVX2(out *int16, lo, hi *int32, n int, k *freezeConsts)
//
// out[i] = freeze(lo[i] + hi[i] + hi[i-1]) for i < 16n, sixteen at a time:
// the fold of a product modulo x^p - x - 1 (lo = c, hi = c+p) and its
// reduction to -(q-1)/2..(q-1)/2. Below 2^24 in magnitude the sum is exact
// in float32, and rounding it times 1/q (relative error 2^-23) gives
// round(x/q) or a neighbour only where x/q is within 1/q of a half, so
// x - t*q is off the symmetric range by at most one q, which the masked
// corrections fix. Float multiplication and conversion take the same time
// for every normal value.
TEXT ·foldFreezeAVX2(SB), NOSPLIT, $0-40
	MOVQ out+0(FP), DI
	MOVQ lo+8(FP), SI
	MOVQ hi+16(FP), DX
	MOVQ n+24(FP), CX
	MOVQ k+32(FP), AX
	VBROADCASTSS 0(AX), Y15  // 1/q
	VPBROADCASTD 4(AX), Y14  // q
	VPBROADCASTD 8(AX), Y13  // (q-1)/2
	VPXOR Y12, Y12, Y12
	VPSUBD Y13, Y12, Y12     // -(q-1)/2
	TESTQ CX, CX
	JZ ffdone

#define FOLDFREEZE8(off, R) \
	VMOVDQU off(SI), R \
	VPADDD off(DX), R, R \
	VPADDD off-4(DX), R, R \
	VCVTDQ2PS R, Y8 \
	VMULPS Y15, Y8, Y8 \
	VCVTPS2DQ Y8, Y8 \
	VPMULLD Y14, Y8, Y8 \
	VPSUBD Y8, R, R \
	VPCMPGTD Y13, R, Y9 \
	VPAND Y14, Y9, Y9 \
	VPSUBD Y9, R, R \
	VPCMPGTD R, Y12, Y9 \
	VPAND Y14, Y9, Y9 \
	VPADDD Y9, R, R

ffloop:
	FOLDFREEZE8(0, Y0)
	FOLDFREEZE8(32, Y1)
	VPACKSSDW Y1, Y0, Y0
	VPERMQ $0xd8, Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, DI
	ADDQ $64, SI
	ADDQ $64, DX
	DECQ CX
	JNZ ffloop

ffdone:
	VZEROUPPER
	RET

// F3FREEZE16 reduces the int16 lanes of R (|x| < 2^14) to {-1,0,1}:
// x - 3*round(x/3), with VPMULHRSW computing (10923*x + 2^14) >> 15 as the
// reference does. Y11 holds 10923 in every lane.
#define F3FREEZE16(R) \
	VPMULHRSW Y11, R, Y8 \
	VPSUBW Y8, R, R \
	VPSUBW Y8, R, R \
	VPSUBW Y8, R, R

// FOLD8 loads lo+hi+hi[-1] for eight int32 lanes at off into R.
#define FOLD8(off, R) \
	VMOVDQU off(SI), R \
	VPADDD off(DX), R, R \
	VPADDD off-4(DX), R, R

// func fold3AVX2(out *int8, lo, hi *int32, n int)
//
// out[i] = F3 reduction of lo[i] + hi[i] + hi[i-1] for i < 32n: fold3's
// middle coefficients. The sums of a small-by-small product stay below
// 3p < 2^12, so the int16 packing is exact.
TEXT ·fold3AVX2(SB), NOSPLIT, $0-32
	MOVQ out+0(FP), DI
	MOVQ lo+8(FP), SI
	MOVQ hi+16(FP), DX
	MOVQ n+24(FP), CX
	MOVL $10923, AX
	VMOVD AX, X11
	VPBROADCASTW X11, Y11
	TESTQ CX, CX
	JZ f3done

f3loop:
	FOLD8(0, Y0)
	FOLD8(32, Y1)
	FOLD8(64, Y2)
	FOLD8(96, Y3)
	VPACKSSDW Y1, Y0, Y0
	VPERMQ $0xd8, Y0, Y0
	VPACKSSDW Y3, Y2, Y2
	VPERMQ $0xd8, Y2, Y2
	F3FREEZE16(Y0)
	F3FREEZE16(Y2)
	VPACKSSWB Y2, Y0, Y0
	VPERMQ $0xd8, Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, DI
	ADDQ $128, SI
	ADDQ $128, DX
	DECQ CX
	JNZ f3loop

f3done:
	VZEROUPPER
	RET

// func lift3AVX2(out *int8, in *int16, n int, q int16)
//
// out[i] = the F3 reduction of freeze(3*in[i]) for canonical Fq inputs and
// i < 32n: decapsulation's e = R3_fromRq(3*f*c). 3*in lies within 3/2 q of
// zero, so one masked correction each way freezes it.
TEXT ·lift3AVX2(SB), NOSPLIT, $0-26
	MOVQ out+0(FP), DI
	MOVQ in+8(FP), SI
	MOVQ n+16(FP), CX
	MOVWLZX q+24(FP), AX
	VMOVD AX, X14
	VPBROADCASTW X14, Y14 // q
	SHRL $1, AX
	VMOVD AX, X13
	VPBROADCASTW X13, Y13 // (q-1)/2
	VPXOR Y12, Y12, Y12
	VPSUBW Y13, Y12, Y12  // -(q-1)/2
	MOVL $10923, AX
	VMOVD AX, X11
	VPBROADCASTW X11, Y11
	TESTQ CX, CX
	JZ l3done

#define LIFT16(off, R) \
	VMOVDQU off(SI), R \
	VPADDW R, R, Y9 \
	VPADDW Y9, R, R \
	VPCMPGTW Y13, R, Y9 \
	VPAND Y14, Y9, Y9 \
	VPSUBW Y9, R, R \
	VPCMPGTW R, Y12, Y9 \
	VPAND Y14, Y9, Y9 \
	VPADDW Y9, R, R \
	F3FREEZE16(R)

l3loop:
	LIFT16(0, Y0)
	LIFT16(32, Y2)
	VPACKSSWB Y2, Y0, Y0
	VPERMQ $0xd8, Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, DI
	ADDQ $64, SI
	DECQ CX
	JNZ l3loop

l3done:
	VZEROUPPER
	RET

// func roundAVX2(out, in *int16, n int)
//
// out[i] = 3*((10923*in[i] + 2^14) >> 15) for i < 16n: round's nearest
// multiple of 3, VPMULHRSW computing the reference's rounding exactly.
TEXT ·roundAVX2(SB), NOSPLIT, $0-24
	MOVQ out+0(FP), DI
	MOVQ in+8(FP), SI
	MOVQ n+16(FP), CX
	MOVL $10923, AX
	VMOVD AX, X11
	VPBROADCASTW X11, Y11
	TESTQ CX, CX
	JZ rddone

rdloop:
	VPMULHRSW (SI), Y11, Y0
	VPADDW Y0, Y0, Y1
	VPADDW Y1, Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ rdloop

rddone:
	VZEROUPPER
	RET

// func affine16AVX2(out *int16, in *uint16, n int, mul, add int16)
//
// out[i] = mul*in[i] + add modulo 2^16 for i < 16n.
TEXT ·affine16AVX2(SB), NOSPLIT, $0-28
	MOVQ out+0(FP), DI
	MOVQ in+8(FP), SI
	MOVQ n+16(FP), CX
	MOVWLZX mul+24(FP), AX
	VMOVD AX, X14
	VPBROADCASTW X14, Y14
	MOVWLZX add+26(FP), AX
	VMOVD AX, X13
	VPBROADCASTW X13, Y13
	TESTQ CX, CX
	JZ afdone

afloop:
	VPMULLW (SI), Y14, Y0
	VPADDW Y13, Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ afloop

afdone:
	VZEROUPPER
	RET

// func roundedDigitsAVX2(out *uint16, in *int16, n int, q12 int16)
//
// out[i] = ((in[i] + q12)*10923) >> 15 for i < 16n, as the unsigned high
// half of (in[i] + q12)*21846: the sum lies in 0..q-1 < 2^13, so the
// product is exact in 32 bits and its high half is the same quotient.
TEXT ·roundedDigitsAVX2(SB), NOSPLIT, $0-26
	MOVQ out+0(FP), DI
	MOVQ in+8(FP), SI
	MOVQ n+16(FP), CX
	MOVWLZX q12+24(FP), AX
	VMOVD AX, X13
	VPBROADCASTW X13, Y13
	MOVL $21846, AX
	VMOVD AX, X14
	VPBROADCASTW X14, Y14
	TESTQ CX, CX
	JZ dgdone

dgloop:
	VMOVDQU (SI), Y0
	VPADDW Y13, Y0, Y0
	VPMULHUW Y14, Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ dgloop

dgdone:
	VZEROUPPER
	RET
