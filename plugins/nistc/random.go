//go:build nistc_kem || nistc_sig

package main

// #include <stddef.h>
import "C"

import (
	"fmt"
	"io"
	"sync"
	"unsafe"
)

// The submission draws all its randomness through randombytes
// (randombytes.c), which reads the io.Reader of the registry call in
// progress: crypto/rand or the host's reader when timed, the record's
// CTR-DRBG when writing a KAT file, as PQCgenKAT's randombytes_init(seed)
// arranges it.
var (
	// callMu serialises calls into the submission: the reader and the
	// submission's own globals are process-wide.
	callMu sync.Mutex
	// source is the reader of the call in progress (nil: the operation
	// takes no randomness).
	source io.Reader
	// randErr is the first draw of the current call that could not be
	// served; it fails the call even when the C code ignores randombytes'
	// return value, as most do.
	randErr error
)

// call runs one C entry point with rand as randombytes' source and turns a
// nonzero return code or a failed draw into an error.
func call(name string, rand io.Reader, f func() C.int) error {
	callMu.Lock()
	source, randErr = rand, nil
	rc := int(f())
	rerr := randErr
	source, randErr = nil, nil
	callMu.Unlock()
	if rerr != nil {
		return fmt.Errorf("%s: %w", name, rerr)
	}
	if rc != 0 {
		return fmt.Errorf("%s returned %d", name, rc)
	}
	return nil
}

//export nistcRandom
func nistcRandom(out *C.uchar, n C.ulonglong) C.int {
	if n == 0 {
		return 0
	}
	if source == nil {
		if randErr == nil {
			randErr = fmt.Errorf("randombytes(%d) in an operation that takes no randomness", uint64(n))
		}
		return -1
	}
	buf := unsafe.Slice((*byte)(unsafe.Pointer(out)), int(n))
	// One Read per call: the NIST DRBG updates its state after each
	// randombytes call, so the pieces must be the C code's own.
	got, err := source.Read(buf)
	if err == nil && got < len(buf) {
		_, err = io.ReadFull(source, buf[got:])
	}
	if err != nil {
		if randErr == nil {
			randErr = fmt.Errorf("randombytes: %w", err)
		}
		return -1
	}
	return 0
}

// ptr is the C view of a Go buffer; an empty one gets a one-byte backing
// array so the C code never sees NULL where the NIST driver passes a buffer.
func ptr(b []byte) *C.uchar {
	if cap(b) == 0 {
		b = make([]byte, 1)
	}
	return (*C.uchar)(unsafe.Pointer(unsafe.SliceData(b[:cap(b)])))
}
