package main

// #include "leaks.h"
import "C"

import (
	"unsafe"

	"crucible.dev/registry"
)

// cOps are the fixture's C operations (none in a build without cgo).
func cOps() []registry.Op {
	return []registry.Op{
		skOp("c_leak_branch", "out: 1 byte; C code branching on the secret key's low bit (leaks)", cLeakBranch),
		skOp("c_leak_table", "out: 1 byte; C code looking up a table at the secret key's first byte (leaks)", cLeakTable),
		skOp("c_leak_loop", "out: 1 byte; C code looping as often as the secret key's first byte says (leaks)", cLeakLoop),
		skOp("c_clean", "out: 1 byte; C code XORing the secret key's bytes (does not leak)", cClean),
	}
}

// The C leaks' Go side: the secret key's bytes pass by pointer, so
// memcheck follows them into C.

func cArg(sk []byte) *C.uint8_t { return (*C.uint8_t)(unsafe.Pointer(&sk[0])) }

func cLeakBranch(sk []byte) byte { return byte(C.c_leak_branch(cArg(sk))) }

func cLeakTable(sk []byte) byte { return byte(C.c_leak_table(cArg(sk))) }

func cLeakLoop(sk []byte) byte { return byte(C.c_leak_loop(cArg(sk))) }

func cClean(sk []byte) byte { return byte(C.c_clean(cArg(sk))) }
