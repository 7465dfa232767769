package registry

import "sync"

// A CallCount reports how many times a shared helper function has been called
// since the process started. The hash-share profile divides its growth over
// a benchmark by the operations timed, giving calls per operation.
type CallCount func() uint64

var (
	callCountsMu sync.Mutex
	callCounts   = map[string]CallCount{}
)

// RegisterCallCount makes a helper's call count visible to benchmarks. The
// package that owns the helper registers it (e.g. the ICCS helpers).
func RegisterCallCount(name string, c CallCount) {
	callCountsMu.Lock()
	defer callCountsMu.Unlock()
	callCounts[name] = c
}

func readCallCounts() map[string]uint64 {
	callCountsMu.Lock()
	defer callCountsMu.Unlock()
	m := make(map[string]uint64, len(callCounts))
	for k, c := range callCounts {
		m[k] = c()
	}
	return m
}
