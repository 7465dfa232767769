package main

import "crucible.dev/registry"

// The Go leaks. go:noinline keeps each in a frame of its own, so the
// report's top frame is the function the test names.

var table = func() (t [256]byte) {
	for i := range t {
		t[i] = byte(i*7 + 1)
	}
	return t
}()

//go:noinline
func leakBranch(sk []byte) byte {
	if sk[0]&1 == 1 { // taint: branch
		return sk[1] + 1
	}
	return sk[1]
}

//go:noinline
func leakTable(sk []byte) byte {
	return table[sk[0]] // taint: address
}

//go:noinline
func leakLoop(sk []byte) byte {
	var acc byte
	for i := 0; i < int(sk[0]&7); i++ { // taint: branch
		acc += 3
	}
	return acc
}

// leakCallback leaks in a deferred function the runtime's panic calls.
//
//go:noinline
func leakCallback(sk []byte) (out byte) {
	defer func() {
		recover()
		if sk[2]&1 == 1 { // taint: branch
			out = 1
		}
	}()
	panic("unwind through the runtime")
}

//go:noinline
func clean(sk []byte) byte {
	var acc byte
	for _, b := range sk {
		acc ^= b
	}
	return acc
}

// declassify hashes the key, declares the hash public (as a scheme does
// with a public value derived from a secret seed) and branches on it.
//
//go:noinline
func declassify(sk []byte) byte {
	h := []byte{clean(sk)}
	registry.Declassify(h)
	if h[0]&1 == 1 {
		return 1
	}
	return 0
}
