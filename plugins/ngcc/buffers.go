//go:build ngcc_kem || ngcc_kex

package main

// #include <stddef.h>
import "C"

import (
	"fmt"
	"unsafe"
)

// ptr is the C view of a Go buffer; an empty one gets a one-byte backing
// array so the C code never sees NULL where the driver passes a buffer.
func ptr(b []byte) *C.uchar {
	if cap(b) == 0 {
		b = make([]byte, 1)
	}
	return (*C.uchar)(unsafe.Pointer(unsafe.SliceData(b[:cap(b)])))
}

// claimed trims buf to the length the C code reported, which must fit the
// buffer sized by the submission's own length functions.
func claimed(what string, buf []byte, n C.ulonglong) ([]byte, error) {
	if uint64(n) > uint64(len(buf)) {
		return nil, fmt.Errorf("%s: reported %d bytes into a buffer of the claimed %d", what, uint64(n), len(buf))
	}
	return buf[:n], nil
}
