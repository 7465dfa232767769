//go:build !purego

#include "textflag.h"

// func mulBlockAVX2(acc *int32, a *int16, b *int16, npairs int)
//
// acc[0:32] = sum over t < npairs of the products of the coefficient pair
// (a[2t], a[2t+1]) with the pair window b[-2t ...]: each VPMADDWD forms
// a[i]*b[k-i] + a[i+1]*b[k-i-1] for eight outputs k at once, b being laid
// out as pairs (b[m], b[m-1]) (see polyMulAVX2).
TEXT ·mulBlockAVX2(SB), NOSPLIT, $0-32
	MOVQ acc+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	MOVQ npairs+24(FP), CX
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y2, Y2, Y2
	VPXOR Y3, Y3, Y3
	TESTQ CX, CX
	JZ done

loop:
	VPBROADCASTD (SI), Y4
	VPMADDWD (DX), Y4, Y5
	VPADDD Y5, Y0, Y0
	VPMADDWD 32(DX), Y4, Y6
	VPADDD Y6, Y1, Y1
	VPMADDWD 64(DX), Y4, Y7
	VPADDD Y7, Y2, Y2
	VPMADDWD 96(DX), Y4, Y8
	VPADDD Y8, Y3, Y3
	ADDQ $4, SI
	SUBQ $8, DX
	DECQ CX
	JNZ loop

done:
	VMOVDQU Y0, (DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	VZEROUPPER
	RET

// func divstepAVX2(f, gp, v, r, fn, gn, vn, rn *int16, nfg, nvr int, k *divstepConsts)
//
// One division step of rqRecip3 after the swap decision, sixteen int16
// coefficients per vector, reading the old buffers and writing the new:
//   fn = swap ? g : f
//   gn = (f0*g' - g0*f')/x        with (f', g') the swapped pair
//   vn = swap ? r : x*v
//   rn = f0*r' - g0*v'
// each product by Montgomery reduction (a*b*2^-16 mod q), so g and r are
// scaled by the same constant, which the final division by f[0] removes.
// f[i+1] and v[i-1] are read unaligned: the buffers carry zero padding.
TEXT ·divstepAVX2(SB), NOSPLIT, $0-88
	MOVQ k+80(FP), AX
	VPBROADCASTW 0(AX), Y15  // swap mask
	VPBROADCASTW 2(AX), Y14  // f0
	VPBROADCASTW 4(AX), Y13  // f0*qinv
	VPBROADCASTW 6(AX), Y12  // g0
	VPBROADCASTW 8(AX), Y11  // g0*qinv
	VPBROADCASTW 10(AX), Y10 // q

	MOVQ f+0(FP), SI
	MOVQ gp+8(FP), DX
	MOVQ fn+32(FP), DI
	MOVQ gn+40(FP), BX
	MOVQ nfg+64(FP), CX

fgloop:
	VMOVDQU (SI), Y0
	VMOVDQU (DX), Y1
	VPXOR Y0, Y1, Y2
	VPAND Y15, Y2, Y2
	VPXOR Y2, Y0, Y0
	VMOVDQU Y0, (DI)
	VMOVDQU 2(SI), Y0
	VMOVDQU 2(DX), Y1
	VPXOR Y0, Y1, Y2
	VPAND Y15, Y2, Y2
	VPXOR Y2, Y0, Y0
	VPXOR Y2, Y1, Y1
	// Y1 = mont(g', f0)
	VPMULLW Y13, Y1, Y3
	VPMULHW Y14, Y1, Y1
	VPMULHW Y10, Y3, Y3
	VPSUBW Y3, Y1, Y1
	// Y0 = mont(f', g0)
	VPMULLW Y11, Y0, Y4
	VPMULHW Y12, Y0, Y0
	VPMULHW Y10, Y4, Y4
	VPSUBW Y4, Y0, Y0
	VPSUBW Y0, Y1, Y1
	VMOVDQU Y1, (BX)
	ADDQ $32, SI
	ADDQ $32, DX
	ADDQ $32, DI
	ADDQ $32, BX
	DECQ CX
	JNZ fgloop

	MOVQ v+16(FP), SI
	MOVQ r+24(FP), DX
	MOVQ vn+48(FP), DI
	MOVQ rn+56(FP), BX
	MOVQ nvr+72(FP), CX

vrloop:
	VMOVDQU -2(SI), Y0
	VMOVDQU (DX), Y1
	VPXOR Y0, Y1, Y2
	VPAND Y15, Y2, Y2
	VPXOR Y2, Y0, Y0
	VPXOR Y2, Y1, Y1
	VMOVDQU Y0, (DI)
	VPMULLW Y13, Y1, Y3
	VPMULHW Y14, Y1, Y1
	VPMULHW Y10, Y3, Y3
	VPSUBW Y3, Y1, Y1
	VPMULLW Y11, Y0, Y4
	VPMULHW Y12, Y0, Y0
	VPMULHW Y10, Y4, Y4
	VPSUBW Y4, Y0, Y0
	VPSUBW Y0, Y1, Y1
	VMOVDQU Y1, (BX)
	ADDQ $32, SI
	ADDQ $32, DX
	ADDQ $32, DI
	ADDQ $32, BX
	DECQ CX
	JNZ vrloop

	VZEROUPPER
	RET

// func minmaxAVX2(lo, hi *uint32, n int)
//
// lo[i], hi[i] = min, max of the pair for i < n, n a multiple of 8.
TEXT ·minmaxAVX2(SB), NOSPLIT, $0-24
	MOVQ lo+0(FP), SI
	MOVQ hi+8(FP), DI
	MOVQ n+16(FP), CX
	SHRQ $3, CX
	JZ mmdone

mmloop:
	VMOVDQU (SI), Y0
	VMOVDQU (DI), Y1
	VPMINUD Y1, Y0, Y2
	VPMAXUD Y1, Y0, Y3
	VMOVDQU Y2, (SI)
	VMOVDQU Y3, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ mmloop

mmdone:
	VZEROUPPER
	RET
