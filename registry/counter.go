package registry

import "sync"

// A Counter reports how many times a shared helper function has been called
// since the process started. The hash-share profile divides its growth over
// a benchmark by the operations timed, giving calls per operation.
type Counter func() uint64

var (
	countersMu sync.Mutex
	counters   = map[string]Counter{}
)

// RegisterCounter makes a helper's call counter visible to benchmarks. The
// package that owns the helper registers it (e.g. the ICCS helpers).
func RegisterCounter(name string, c Counter) {
	countersMu.Lock()
	defer countersMu.Unlock()
	counters[name] = c
}

func readCounters() map[string]uint64 {
	countersMu.Lock()
	defer countersMu.Unlock()
	m := make(map[string]uint64, len(counters))
	for k, c := range counters {
		m[k] = c()
	}
	return m
}
