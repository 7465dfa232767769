//go:build linux && purego

package sntrup

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

func init() { systemRead = getrandom }

// getrandom fills b from the kernel's generator with the getrandom(2)
// system call itself, which crypto/rand and unix.Getrandom make only
// where the vDSO does not offer the generator. For the 4p bytes of a
// polynomial (2-5 KB) the system call is faster here than the vDSO's
// generator, which runs in user space 64 bytes at a time. A request over
// 256 bytes can return early when a signal arrives (the Go runtime
// preempts with signals), so it loops.
func getrandom(b []byte) error {
	for len(b) > 0 {
		n, _, errno := unix.Syscall(unix.SYS_GETRANDOM, uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)), 0)
		if errno == unix.EINTR {
			continue
		}
		if errno != 0 {
			return errno
		}
		b = b[n:]
	}
	return nil
}
