package registry

import (
	"encoding/binary"
	"fmt"
	"unsafe"

	"golang.org/x/sys/unix"
)

// coreCounter counts the calling thread's core cycles in user space
// (perf_event_open, PERF_COUNT_HW_CPU_CYCLES): real cycles, unlike the
// time-stamp counter, which ticks at a fixed rate whatever the clock.
type coreCounter struct {
	fd  int
	buf [8]byte
}

// openCoreCounter opens the counter for the calling thread, which must be
// locked to its goroutine. Many VMs refuse it; the error says so.
func openCoreCounter() (*coreCounter, error) {
	attr := unix.PerfEventAttr{
		Type:   unix.PERF_TYPE_HARDWARE,
		Config: unix.PERF_COUNT_HW_CPU_CYCLES,
		Size:   uint32(unsafe.Sizeof(unix.PerfEventAttr{})),
		Bits:   unix.PerfBitExcludeKernel | unix.PerfBitExcludeHv,
	}
	fd, err := unix.PerfEventOpen(&attr, 0, -1, -1, unix.PERF_FLAG_FD_CLOEXEC)
	if err != nil {
		return nil, fmt.Errorf("perf_event_open(cycles): %v (perf_event_paranoid or a VM without a PMU)", err)
	}
	return &coreCounter{fd: fd}, nil
}

func (c *coreCounter) read() int64 {
	if _, err := unix.Read(c.fd, c.buf[:]); err != nil {
		return -1
	}
	return int64(binary.LittleEndian.Uint64(c.buf[:]))
}

func (c *coreCounter) close() { unix.Close(c.fd) }
