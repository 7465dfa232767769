//go:build valgrind && linux

#include "textflag.h"

// func clientRequest(req, a1, a2, a3, a4, a5 uintptr) uintptr
//
// Valgrind's client request (valgrind.h, "The Client Request mechanism"):
// the address of the six-word array {request, args...} in RAX, the default
// result in RDX, then the preamble of four rotations of RDI (3, 13, 61, 51:
// 128 bits in all, so RDI is unchanged on a real CPU) and XCHGQ BX, BX,
// which valgrind's decoder recognizes after it. The result comes in RDX.
// The arguments of an ABI0 function lie contiguous at args+0(FP).
TEXT ·clientRequest(SB), NOSPLIT, $0-56
	LEAQ req+0(FP), AX
	XORQ DX, DX
	ROLQ $3, DI
	ROLQ $13, DI
	ROLQ $61, DI
	ROLQ $51, DI
	XCHGQ BX, BX
	MOVQ DX, ret+48(FP)
	RET
