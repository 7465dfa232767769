//go:build ngcc_kem || ngcc_kex

package main

// #include <stdint.h>
import "C"

import (
	"fmt"
	"io"
	"sync"
	"unsafe"

	"crucible.dev/registry/iccs"
)

// The submission's C code reaches the ICCS helpers and the DRNG through
// niccs.c, which forwards to the functions below. The official KAT driver
// instantiates the global drng_algorithm from each record's seed and the
// algorithm draws all its randomness from it; here drng_algorithm is the
// io.Reader of the registry call in progress, so the same C code runs
// under crypto/rand when timed and under the ICCS DRNG when writing KATs.
var (
	// callMu serialises calls into the submission: drng_algorithm and the
	// submission's own globals are process-wide.
	callMu sync.Mutex
	// algorithm is drng_algorithm for the call in progress (nil: the
	// operation takes no randomness).
	algorithm io.Reader
	// contexts are DRNG contexts the submission instantiates itself, by
	// the address of their DRNG_ctx.
	contexts = map[uintptr]*iccs.DRNG{}
	// helperErr is the first helper call of the current operation that
	// could not be served; it fails the operation even when the C code
	// ignores the helper's return value.
	helperErr error
)

// call runs one C entry point with rand as drng_algorithm and turns its
// return code and any failed helper call into an error.
func call(name string, rand io.Reader, f func() C.int) (int, error) {
	callMu.Lock()
	algorithm, helperErr = rand, nil
	rc := int(f())
	herr := helperErr
	algorithm, helperErr = nil, nil
	callMu.Unlock()
	if herr != nil {
		return rc, fmt.Errorf("%s: %w", name, herr)
	}
	if rc < 0 {
		return rc, fmt.Errorf("%s returned %d", name, rc)
	}
	return rc, nil
}

// helperFail records the first failed helper call and returns the ICCS
// error code.
func helperFail(format string, args ...any) C.int {
	if helperErr == nil {
		helperErr = fmt.Errorf(format, args...)
	}
	return -1
}

// cbytes views n bytes of C memory at p (nil for none).
func cbytes(p *C.uchar, n uint64) []byte {
	if n == 0 || p == nil {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(p)), n)
}

//export crucibleInitRandom
func crucibleInitRandom(isAlgorithm C.int, ctx C.uintptr_t, seed *C.uchar, seedLen C.ulonglong) C.int {
	d := iccs.NewDRNG(append([]byte(nil), cbytes(seed, uint64(seedLen))...))
	if isAlgorithm != 0 {
		algorithm = d
	} else {
		contexts[uintptr(ctx)] = d
	}
	return 0
}

//export crucibleGetRandom
func crucibleGetRandom(isAlgorithm C.int, ctx C.uintptr_t, out *C.uchar, bits C.ulonglong) C.int {
	if bits%8 != 0 {
		return helperFail("get_random_number of %d bits: only whole bytes are supported", uint64(bits))
	}
	var r io.Reader
	if isAlgorithm != 0 {
		if r = algorithm; r == nil {
			return helperFail("get_random_number(&drng_algorithm) in an operation that takes no randomness")
		}
	} else if d, ok := contexts[uintptr(ctx)]; ok {
		r = d
	} else {
		return helperFail("get_random_number on a DRNG context never passed to init_random_number")
	}
	// One Read per call, as the KAT writers expect of a DRNG; ReadFull only
	// completes a reader that returns less.
	buf := cbytes(out, uint64(bits)/8)
	n, err := r.Read(buf)
	if err == nil && n < len(buf) {
		_, err = io.ReadFull(r, buf[n:])
	}
	if err != nil {
		return helperFail("get_random_number: %v", err)
	}
	return 0
}

// The helpers crucibleHash serves.
const (
	helperSM3 = iota
	helperXOF
	helperPseudoHash
)

//export crucibleHash
func crucibleHash(which C.int, outBits C.ulonglong, msg *C.uchar, msgBits C.ulonglong, out *C.uchar) C.int {
	names := [...]string{"sm3hash", "pseudoXOF", "pseudohash"}
	name := names[which]
	if outBits%8 != 0 || msgBits%8 != 0 {
		return helperFail("%s(%d, msg of %d bits): only whole bytes are supported", name, uint64(outBits), uint64(msgBits))
	}
	m := cbytes(msg, uint64(msgBits)/8)
	o := cbytes(out, uint64(outBits)/8)
	switch which {
	case helperSM3:
		if outBits != 256 {
			return helperFail("sm3hash of %d bits: SM3 gives 256", uint64(outBits))
		}
		d := iccs.SM3(m)
		copy(o, d[:])
	case helperXOF:
		iccs.PseudoXOF(o, m)
	case helperPseudoHash:
		switch outBits {
		case 512:
			d := iccs.PseudoHash512(m)
			copy(o, d[:])
		case 768:
			d := iccs.PseudoHash768(m)
			copy(o, d[:])
		case 1024:
			d := iccs.PseudoHash1024(m)
			copy(o, d[:])
		default:
			return helperFail("pseudohash of %d bits: ICCS defines 512, 768 and 1024", uint64(outBits))
		}
	}
	return 0
}
