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

// The radix-2 levels with 8 and 4 butterflies per block take two blocks'
// (or four blocks') 32 values per step into two registers, shuffle the
// butterflies' first inputs into A and second inputs into B, and shuffle
// back: 8 by 128-bit halves (VPERM2I128), 4 by quadwords (VPUNPCK*QDQ).
// R8 walks the r2Vecs rows: twiddles at 0(R8), companions at 32(R8).

#define SPLIT8(r0, r1, a, b) \
	VPERM2I128 $0x20, r1, r0, a \
	VPERM2I128 $0x31, r1, r0, b

#define SPLIT4(r0, r1, a, b) \
	VPUNPCKLQDQ r1, r0, a \
	VPUNPCKHQDQ r1, r0, b

// FWD2: A, B → A + mr(ζB), A − mr(ζB) in Y6, Y7.
#define FWD2 \
	MONT(Y3, 0, 32, Y4, Y5) \
	VPADDW Y4, Y2, Y6       \
	VPSUBW Y4, Y2, Y7

// INV2: A, B → BR(A + B), mr(ζ(A − B)) in Y6, Y7; Y14 holds 19.
#define INV2 \
	VPADDW  Y3, Y2, Y6      \
	VPMULHW Y14, Y6, Y4     \
	VPMULLW Y15, Y4, Y4     \
	VPSUBW  Y4, Y6, Y6      \
	VPSUBW  Y3, Y2, Y5      \
	MONT(Y5, 0, 32, Y7, Y4)

// func fwdRadix2x8AVX2(f *[288]int16, v *r2Vecs)
TEXT ·fwdRadix2x8AVX2(SB), NOSPLIT, $0-16
	MOVQ    f+0(FP), AX
	MOVQ    v+8(FP), R8
	VMOVDQU qVec<>(SB), Y15
	VMOVDQU barrettVec<>(SB), Y14
	MOVQ    $9, DX

fwdRadix2x8AVX2Loop:
	VMOVDQU (AX), Y0
	VMOVDQU 32(AX), Y1
	SPLIT8(Y0, Y1, Y2, Y3)
	FWD2
	SPLIT8(Y6, Y7, Y0, Y1)
	VMOVDQU Y0, (AX)
	VMOVDQU Y1, 32(AX)
	ADDQ    $64, AX
	ADDQ    $64, R8
	DECQ    DX
	JNZ     fwdRadix2x8AVX2Loop
	VZEROUPPER
	RET

// func fwdRadix2x4AVX2(f *[288]int16, v *r2Vecs)
TEXT ·fwdRadix2x4AVX2(SB), NOSPLIT, $0-16
	MOVQ    f+0(FP), AX
	MOVQ    v+8(FP), R8
	VMOVDQU qVec<>(SB), Y15
	VMOVDQU barrettVec<>(SB), Y14
	MOVQ    $9, DX

fwdRadix2x4AVX2Loop:
	VMOVDQU (AX), Y0
	VMOVDQU 32(AX), Y1
	SPLIT4(Y0, Y1, Y2, Y3)
	FWD2
	SPLIT4(Y6, Y7, Y0, Y1)
	VMOVDQU Y0, (AX)
	VMOVDQU Y1, 32(AX)
	ADDQ    $64, AX
	ADDQ    $64, R8
	DECQ    DX
	JNZ     fwdRadix2x4AVX2Loop
	VZEROUPPER
	RET

// func invRadix2x4AVX2(f *[288]int16, v *r2Vecs)
TEXT ·invRadix2x4AVX2(SB), NOSPLIT, $0-16
	MOVQ    f+0(FP), AX
	MOVQ    v+8(FP), R8
	VMOVDQU qVec<>(SB), Y15
	VMOVDQU barrettVec<>(SB), Y14
	MOVQ    $9, DX

invRadix2x4AVX2Loop:
	VMOVDQU (AX), Y0
	VMOVDQU 32(AX), Y1
	SPLIT4(Y0, Y1, Y2, Y3)
	INV2
	SPLIT4(Y6, Y7, Y0, Y1)
	VMOVDQU Y0, (AX)
	VMOVDQU Y1, 32(AX)
	ADDQ    $64, AX
	ADDQ    $64, R8
	DECQ    DX
	JNZ     invRadix2x4AVX2Loop
	VZEROUPPER
	RET

// func invRadix2x8AVX2(f *[288]int16, v *r2Vecs)
TEXT ·invRadix2x8AVX2(SB), NOSPLIT, $0-16
	MOVQ    f+0(FP), AX
	MOVQ    v+8(FP), R8
	VMOVDQU qVec<>(SB), Y15
	VMOVDQU barrettVec<>(SB), Y14
	MOVQ    $9, DX

invRadix2x8AVX2Loop:
	VMOVDQU (AX), Y0
	VMOVDQU 32(AX), Y1
	SPLIT8(Y0, Y1, Y2, Y3)
	INV2
	SPLIT8(Y6, Y7, Y0, Y1)
	VMOVDQU Y0, (AX)
	VMOVDQU Y1, 32(AX)
	ADDQ    $64, AX
	ADDQ    $64, R8
	DECQ    DX
	JNZ     invRadix2x8AVX2Loop
	VZEROUPPER
	RET

// Exact NTT-domain products for polyMul: 8 slots per step, f and g
// sign-extended to int32, products by VPMULDQ into int64 (even slots from
// the low halves, odd slots after a 32-bit shift), so no sum can wrap.
// acc keeps each group of 8 slots as 4 even slots then 4 odd slots.

// func mulAccAVX2(acc *[288]int64, f, h *int16)
TEXT ·mulAccAVX2(SB), NOSPLIT, $0-24
	MOVQ acc+0(FP), DI
	MOVQ f+8(FP), SI
	MOVQ h+16(FP), BX
	MOVQ $36, CX

mulAccLoop:
	VPMOVSXWD (SI), Y0
	VPMOVSXWD (BX), Y1
	VPMULDQ   Y1, Y0, Y2
	VPSRLQ    $32, Y0, Y3
	VPSRLQ    $32, Y1, Y4
	VPMULDQ   Y4, Y3, Y5
	VPADDQ    (DI), Y2, Y2
	VPADDQ    32(DI), Y5, Y5
	VMOVDQU   Y2, (DI)
	VMOVDQU   Y5, 32(DI)
	ADDQ      $16, SI
	ADDQ      $16, BX
	ADDQ      $64, DI
	DECQ      CX
	JNZ       mulAccLoop
	VZEROUPPER
	RET

// func mulAccYAVX2(acc *[288]int64, f, h *int16, y *[288]int32)
// acc += f·y·h, with f·y < 2^26 formed exactly in int32 lanes first.
TEXT ·mulAccYAVX2(SB), NOSPLIT, $0-32
	MOVQ acc+0(FP), DI
	MOVQ f+8(FP), SI
	MOVQ h+16(FP), BX
	MOVQ y+24(FP), DX
	MOVQ $36, CX

mulAccYLoop:
	VPMOVSXWD (SI), Y0
	VPMULLD   (DX), Y0, Y0
	VPMOVSXWD (BX), Y1
	VPMULDQ   Y1, Y0, Y2
	VPSRLQ    $32, Y0, Y3
	VPSRLQ    $32, Y1, Y4
	VPMULDQ   Y4, Y3, Y5
	VPADDQ    (DI), Y2, Y2
	VPADDQ    32(DI), Y5, Y5
	VMOVDQU   Y2, (DI)
	VMOVDQU   Y5, 32(DI)
	ADDQ      $16, SI
	ADDQ      $16, BX
	ADDQ      $32, DX
	ADDQ      $64, DI
	DECQ      CX
	JNZ       mulAccYLoop
	VZEROUPPER
	RET
