//go:build !purego

#include "textflag.h"

// One row of the schoolbook product: t[i..i+4] += DX·y[0..3], the low
// halves on the carry flag's chain (ADCX) and the high halves on the
// overflow flag's (ADOX), so the two run interleaved. DI is zero and both
// flags are clear on entry.
#define ROW(t0, t1, t2, t3, t4) \
	MULXQ 0(CX), AX, BX \
	ADCXQ AX, t0 \
	ADOXQ BX, t1 \
	MULXQ 8(CX), AX, BX \
	ADCXQ AX, t1 \
	ADOXQ BX, t2 \
	MULXQ 16(CX), AX, BX \
	ADCXQ AX, t2 \
	ADOXQ BX, t3 \
	MULXQ 24(CX), AX, t4 \
	ADCXQ AX, t3 \
	ADOXQ DI, t4 \
	ADCXQ DI, t4

// PRODUCT sets R8..R15 to the 512-bit product of the four limbs at SI
// and at CX, leaving DI zero.
#define PRODUCT \
	MOVQ 0(SI), DX \
	MULXQ 0(CX), R8, R9 \
	MULXQ 8(CX), AX, R10 \
	ADDQ AX, R9 \
	MULXQ 16(CX), AX, R11 \
	ADCQ AX, R10 \
	MULXQ 24(CX), AX, R12 \
	ADCQ AX, R11 \
	ADCQ $0, R12 \
	XORQ DI, DI \
	MOVQ 8(SI), DX \
	ROW(R9, R10, R11, R12, R13) \
	XORQ DI, DI \
	MOVQ 16(SI), DX \
	ROW(R10, R11, R12, R13, R14) \
	XORQ DI, DI \
	MOVQ 24(SI), DX \
	ROW(R11, R12, R13, R14, R15)

// REDUCE_P stores R8..R15 mod p (below 2^256, not fully reduced) at z:
// 2^256 ≡ 2^32 + 977, so t ≡ t[0..3] + t[4..7]·(2^32 + 977), whose top
// limb (below 2^34) folds once more; a last carry leaves a value below
// 2^67, to which 2^32 + 977 adds without carrying out.
#define REDUCE_P \
	MOVQ $0x1000003D1, DX \
	XORQ DI, DI \
	MULXQ R12, AX, BX \
	ADCXQ AX, R8 \
	ADOXQ BX, R9 \
	MULXQ R13, AX, BX \
	ADCXQ AX, R9 \
	ADOXQ BX, R10 \
	MULXQ R14, AX, BX \
	ADCXQ AX, R10 \
	ADOXQ BX, R11 \
	MULXQ R15, AX, R12 \
	ADCXQ AX, R11 \
	ADOXQ DI, R12 \
	ADCXQ DI, R12 \
	MULXQ R12, AX, BX \
	ADDQ AX, R8 \
	ADCQ BX, R9 \
	ADCQ $0, R10 \
	ADCQ $0, R11 \
	CMOVQCC DI, DX \
	ADDQ DX, R8 \
	ADCQ $0, R9 \
	ADCQ $0, R10 \
	ADCQ $0, R11 \
	MOVQ z+0(FP), DI \
	MOVQ R8, 0(DI) \
	MOVQ R9, 8(DI) \
	MOVQ R10, 16(DI) \
	MOVQ R11, 24(DI)

// SQUARE sets R8..R15 to the 512-bit square of the four limbs at SI:
// the cross products x[i]·x[j], i < j, once each, doubled, plus the
// squares x[i]².
#define SQUARE \
	MOVQ 0(SI), DX \
	MULXQ 8(SI), R9, R10 \
	MULXQ 16(SI), AX, R11 \
	ADDQ AX, R10 \
	MULXQ 24(SI), AX, R12 \
	ADCQ AX, R11 \
	ADCQ $0, R12 \
	MOVQ 8(SI), DX \
	XORQ DI, DI \
	MULXQ 16(SI), AX, BX \
	ADCXQ AX, R11 \
	ADOXQ BX, R12 \
	MULXQ 24(SI), AX, R13 \
	ADCXQ AX, R12 \
	ADOXQ DI, R13 \
	ADCXQ DI, R13 \
	MOVQ 16(SI), DX \
	MULXQ 24(SI), AX, R14 \
	ADDQ AX, R13 \
	ADCQ $0, R14 \
	XORQ R15, R15 \
	ADDQ R9, R9 \
	ADCQ R10, R10 \
	ADCQ R11, R11 \
	ADCQ R12, R12 \
	ADCQ R13, R13 \
	ADCQ R14, R14 \
	ADCQ $0, R15 \
	MOVQ 0(SI), DX \
	MULXQ DX, R8, AX \
	ADDQ AX, R9 \
	MOVQ 8(SI), DX \
	MULXQ DX, AX, BX \
	ADCQ AX, R10 \
	ADCQ BX, R11 \
	MOVQ 16(SI), DX \
	MULXQ DX, AX, BX \
	ADCQ AX, R12 \
	ADCQ BX, R13 \
	MOVQ 24(SI), DX \
	MULXQ DX, AX, BX \
	ADCQ AX, R14 \
	ADCQ BX, R15

// func feMul(z, x, y *fieldElement)
TEXT ·feMul(SB), NOSPLIT, $0-24
	CMPB ·useADX(SB), $0
	JEQ  portable
	MOVQ x+8(FP), SI
	MOVQ y+16(FP), CX

	PRODUCT

	REDUCE_P
	RET

portable:
	JMP ·feMulGeneric(SB)

// func feSqr(z, x *fieldElement)
TEXT ·feSqr(SB), NOSPLIT, $0-16
	CMPB ·useADX(SB), $0
	JEQ  portable
	MOVQ x+8(FP), SI

	SQUARE

	REDUCE_P
	RET

portable:
	JMP ·feSqrGeneric(SB)

// One round of Montgomery reduction at limb i: m = t[i]·(-1/n) mod 2^64,
// t += m·n·2^(64·i), which clears t[i]; the carries run up to t[8] in SI.
#define REDC(ti, t1, t2, t3, t4) \
	MOVQ ti, DX \
	IMULQ ·scN0Inv(SB), DX \
	XORQ DI, DI \
	MULXQ ·scalarN+0(SB), AX, BX \
	ADCXQ AX, ti \
	ADOXQ BX, t1 \
	MULXQ ·scalarN+8(SB), AX, BX \
	ADCXQ AX, t1 \
	ADOXQ BX, t2 \
	MULXQ ·scalarN+16(SB), AX, BX \
	ADCXQ AX, t2 \
	ADOXQ BX, t3 \
	MULXQ ·scalarN+24(SB), AX, BX \
	ADCXQ AX, t3 \
	ADOXQ BX, t4 \
	ADCXQ DI, t4

// CARRY adds both pending carries into t.
#define CARRY(t) \
	ADCXQ DI, t \
	ADOXQ DI, t

// MONT_REDUCE stores R8..R15·2^-256 mod n, fully reduced, at z, for a
// product of two values below n: four REDC rounds, then n subtracted
// unless that borrows (the value is below 2n).
#define MONT_REDUCE \
	XORQ SI, SI \
	REDC(R8, R9, R10, R11, R12) \
	CARRY(R13) \
	CARRY(R14) \
	CARRY(R15) \
	CARRY(SI) \
	REDC(R9, R10, R11, R12, R13) \
	CARRY(R14) \
	CARRY(R15) \
	CARRY(SI) \
	REDC(R10, R11, R12, R13, R14) \
	CARRY(R15) \
	CARRY(SI) \
	REDC(R11, R12, R13, R14, R15) \
	CARRY(SI) \
	MOVQ R12, AX \
	SUBQ ·scalarN+0(SB), AX \
	MOVQ R13, BX \
	SBBQ ·scalarN+8(SB), BX \
	MOVQ R14, CX \
	SBBQ ·scalarN+16(SB), CX \
	MOVQ R15, DX \
	SBBQ ·scalarN+24(SB), DX \
	SBBQ $0, SI \
	CMOVQCC AX, R12 \
	CMOVQCC BX, R13 \
	CMOVQCC CX, R14 \
	CMOVQCC DX, R15 \
	MOVQ z+0(FP), DI \
	MOVQ R12, 0(DI) \
	MOVQ R13, 8(DI) \
	MOVQ R14, 16(DI) \
	MOVQ R15, 24(DI)

// func scMontMul(z, x, y *scalar)
TEXT ·scMontMul(SB), NOSPLIT, $0-24
	CMPB ·useADX(SB), $0
	JEQ  portable
	MOVQ x+8(FP), SI
	MOVQ y+16(FP), CX
	PRODUCT
	MONT_REDUCE
	RET

portable:
	JMP ·scMontMulGeneric(SB)

// func feAdd(z, x, y *fieldElement)
TEXT ·feAdd(SB), NOSPLIT, $0-24
	MOVQ x+8(FP), SI
	MOVQ y+16(FP), CX
	MOVQ 0(SI), R8
	MOVQ 8(SI), R9
	MOVQ 16(SI), R10
	MOVQ 24(SI), R11
	ADDQ 0(CX), R8
	ADCQ 8(CX), R9
	ADCQ 16(CX), R10
	ADCQ 24(CX), R11
	// A carry out of 2^256 is worth 2^32 + 977; a second one leaves a
	// value below that, which then takes it without carrying.
	MOVQ $0x1000003D1, DX
	SBBQ AX, AX
	ANDQ DX, AX
	ADDQ AX, R8
	ADCQ $0, R9
	ADCQ $0, R10
	ADCQ $0, R11
	SBBQ AX, AX
	ANDQ DX, AX
	ADDQ AX, R8
	MOVQ z+0(FP), DI
	MOVQ R8, 0(DI)
	MOVQ R9, 8(DI)
	MOVQ R10, 16(DI)
	MOVQ R11, 24(DI)
	RET

// func feSub(z, x, y *fieldElement)
TEXT ·feSub(SB), NOSPLIT, $0-24
	MOVQ x+8(FP), SI
	MOVQ y+16(FP), CX
	MOVQ 0(SI), R8
	MOVQ 8(SI), R9
	MOVQ 16(SI), R10
	MOVQ 24(SI), R11
	SUBQ 0(CX), R8
	SBBQ 8(CX), R9
	SBBQ 16(CX), R10
	SBBQ 24(CX), R11
	// A borrow left x - y + 2^256: subtracting 2^32 + 977 makes it
	// x - y + p; a second borrow leaves a low limb of at least
	// 2^64 - 2^33, which takes one more subtraction without borrowing.
	MOVQ $0x1000003D1, DX
	SBBQ AX, AX
	ANDQ DX, AX
	SUBQ AX, R8
	SBBQ $0, R9
	SBBQ $0, R10
	SBBQ $0, R11
	SBBQ AX, AX
	ANDQ DX, AX
	SUBQ AX, R8
	MOVQ z+0(FP), DI
	MOVQ R8, 0(DI)
	MOVQ R9, 8(DI)
	MOVQ R10, 16(DI)
	MOVQ R11, 24(DI)
	RET
