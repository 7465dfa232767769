//go:build valgrind && linux

#include "textflag.h"

// func clientRequest(req, a1, a2, a3, a4, a5 uintptr) uintptr
//
// The arm64 form of valgrind's client request: the array's address in X4,
// the default result in X3, the preamble of rotations of X12 (3, 13, 51,
// 61) and ORR X10, X10, X10; the result comes in X3.
TEXT ·clientRequest(SB), NOSPLIT, $0-56
	MOVD $req+0(FP), R4
	MOVD ZR, R3
	ROR $3, R12
	ROR $13, R12
	ROR $51, R12
	ROR $61, R12
	ORR R10, R10
	MOVD R3, ret+48(FP)
	RET
