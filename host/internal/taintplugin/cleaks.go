package main

// #include "leaks.h"
import "C"

import "unsafe"

// The C leaks' Go side: the secret key's bytes pass by pointer, so
// memcheck follows them into C.

func cArg(sk []byte) *C.uint8_t { return (*C.uint8_t)(unsafe.Pointer(&sk[0])) }

func cLeakBranch(sk []byte) byte { return byte(C.c_leak_branch(cArg(sk))) }

func cLeakTable(sk []byte) byte { return byte(C.c_leak_table(cArg(sk))) }

func cLeakLoop(sk []byte) byte { return byte(C.c_leak_loop(cArg(sk))) }

func cClean(sk []byte) byte { return byte(C.c_clean(cArg(sk))) }
