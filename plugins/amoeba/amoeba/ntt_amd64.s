//go:build amd64 && !purego

#include "textflag.h"

// AVX2 kernels of the NTT (see ntt_amd64.go). Every lane holds an int16
// exactly as the reference's int16_t stores hold it; sums wrap like those
// stores.

DATA qVec<>+0x00(SB)/8, $0x0d810d810d810d81
DATA qVec<>+0x08(SB)/8, $0x0d810d810d810d81
DATA qVec<>+0x10(SB)/8, $0x0d810d810d810d81
DATA qVec<>+0x18(SB)/8, $0x0d810d810d810d81
GLOBL qVec<>(SB), RODATA|NOPTR, $32

DATA barrettVec<>+0x00(SB)/8, $0x0013001300130013
DATA barrettVec<>+0x08(SB)/8, $0x0013001300130013
DATA barrettVec<>+0x10(SB)/8, $0x0013001300130013
DATA barrettVec<>+0x18(SB)/8, $0x0013001300130013
GLOBL barrettVec<>(SB), RODATA|NOPTR, $32

// MONT sets dst = int16(mr(z·src)) for the twiddle row at zoff(R8) with its
// companion at zqoff(R8); Y15 holds q.
#define MONT(src, zoff, zqoff, dst, tmp) \
	VPMULHW zoff(R8), src, dst  \
	VPMULLW zqoff(R8), src, tmp \
	VPMULHW Y15, tmp, tmp       \
	VPSUBW  tmp, dst, dst

// func splitAVX2(f *[288]int16, v *montVecs)
TEXT ·splitAVX2(SB), NOSPLIT, $0-16
	MOVQ f+0(FP), AX
	MOVQ v+8(FP), R8
	VMOVDQU qVec<>(SB), Y15
	MOVQ $9, DX

splitLoop:
	VMOVDQU (AX), Y0
	VMOVDQU 288(AX), Y1
	MONT(Y1, 0, 32, Y2, Y3)
	VPADDW  Y2, Y0, Y4
	VPADDW  Y1, Y0, Y5
	VPSUBW  Y2, Y5, Y5
	VMOVDQU Y4, (AX)
	VMOVDQU Y5, 288(AX)
	ADDQ    $32, AX
	DECQ    DX
	JNZ     splitLoop
	VZEROUPPER
	RET

// func fwdRadix3AVX2(a, b, c *int16, chunks int, v *montVecs)
TEXT ·fwdRadix3AVX2(SB), NOSPLIT, $0-40
	MOVQ a+0(FP), AX
	MOVQ b+8(FP), BX
	MOVQ c+16(FP), CX
	MOVQ chunks+24(FP), DX
	MOVQ v+32(FP), R8
	VMOVDQU qVec<>(SB), Y15

fwdLoop:
	VMOVDQU (AX), Y0
	VMOVDQU (BX), Y1
	VMOVDQU (CX), Y2

	MONT(Y1, 0, 192, Y3, Y4)
	MONT(Y2, 96, 288, Y5, Y6)
	VPADDW Y3, Y0, Y7
	VPADDW Y5, Y7, Y7

	MONT(Y1, 32, 224, Y3, Y4)
	MONT(Y2, 128, 320, Y5, Y6)
	VPADDW Y3, Y0, Y8
	VPADDW Y5, Y8, Y8

	MONT(Y1, 64, 256, Y3, Y4)
	MONT(Y2, 160, 352, Y5, Y6)
	VPADDW Y3, Y0, Y9
	VPADDW Y5, Y9, Y9

	VMOVDQU Y7, (AX)
	VMOVDQU Y8, (BX)
	VMOVDQU Y9, (CX)
	ADDQ    $32, AX
	ADDQ    $32, BX
	ADDQ    $32, CX
	DECQ    DX
	JNZ     fwdLoop
	VZEROUPPER
	RET

// func invRadix3AVX2(a, b, c *int16, chunks int, v *montVecs)
TEXT ·invRadix3AVX2(SB), NOSPLIT, $0-40
	MOVQ a+0(FP), AX
	MOVQ b+8(FP), BX
	MOVQ c+16(FP), CX
	MOVQ chunks+24(FP), DX
	MOVQ v+32(FP), R8
	VMOVDQU qVec<>(SB), Y15
	VMOVDQU barrettVec<>(SB), Y14

invLoop:
	VMOVDQU (AX), Y0
	VMOVDQU (BX), Y1
	VMOVDQU (CX), Y2

	// BR(x + y + z) = v − ⌊19v/2^16⌋·q
	VPADDW  Y1, Y0, Y3
	VPADDW  Y2, Y3, Y3
	VPMULHW Y14, Y3, Y4
	VPMULLW Y15, Y4, Y4
	VPSUBW  Y4, Y3, Y3

	MONT(Y0, 0, 192, Y4, Y5)
	MONT(Y1, 32, 224, Y6, Y5)
	VPADDW Y6, Y4, Y4
	MONT(Y2, 64, 256, Y6, Y5)
	VPADDW Y6, Y4, Y4

	MONT(Y0, 96, 288, Y7, Y5)
	MONT(Y1, 128, 320, Y6, Y5)
	VPADDW Y6, Y7, Y7
	MONT(Y2, 160, 352, Y6, Y5)
	VPADDW Y6, Y7, Y7

	VMOVDQU Y3, (AX)
	VMOVDQU Y4, (BX)
	VMOVDQU Y7, (CX)
	ADDQ    $32, AX
	ADDQ    $32, BX
	ADDQ    $32, CX
	DECQ    DX
	JNZ     invLoop
	VZEROUPPER
	RET

// func composeAVX2(f *[288]int16, v *montVecs)
TEXT ·composeAVX2(SB), NOSPLIT, $0-16
	MOVQ f+0(FP), AX
	MOVQ v+8(FP), R8
	VMOVDQU qVec<>(SB), Y15
	MOVQ $9, DX

composeLoop:
	VMOVDQU (AX), Y0
	VMOVDQU 288(AX), Y1
	VPSUBW  Y1, Y0, Y2 // d = a − b
	VPADDW  Y1, Y0, Y3 // s = a + b
	MONT(Y2, 0, 32, Y4, Y5)
	VPADDW  Y1, Y4, Y4 // d = mr(z·d) + b
	VPADDW  Y3, Y3, Y6
	VPSUBW  Y4, Y6, Y6 // u = 2s − d
	VPADDW  Y4, Y3, Y7
	VPSUBW  Y6, Y7, Y7 // s + d − u

	// scale(x) = g + (g >> 15 & q), g = int16(mr(x·invFactor))
	MONT(Y6, 64, 96, Y8, Y5)
	VPSRAW  $15, Y8, Y9
	VPAND   Y15, Y9, Y9
	VPADDW  Y9, Y8, Y8
	MONT(Y7, 64, 96, Y10, Y5)
	VPSRAW  $15, Y10, Y11
	VPAND   Y15, Y11, Y11
	VPADDW  Y11, Y10, Y10

	VMOVDQU Y8, (AX)
	VMOVDQU Y10, 288(AX)
	ADDQ    $32, AX
	DECQ    DX
	JNZ     composeLoop
	VZEROUPPER
	RET
