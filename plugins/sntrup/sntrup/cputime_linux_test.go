package sntrup

import (
	"syscall"
	"unsafe"
)

// threadCPU returns the calling thread's CPU time in nanoseconds
// (clock_gettime(CLOCK_THREAD_CPUTIME_ID)).
func threadCPU() int64 {
	const clockThreadCPUTimeID = 3
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return -1
	}
	return ts.Nano()
}
