package iccs

import (
	"sync/atomic"

	"crucible.dev/registry"
)

// Counts are the helper calls made since the process started.
type Counts struct{ SM3, PseudoXOF, PseudoHash, HMAC, DRNG uint64 }

var calls struct{ sm3, xof, phash, hmac, drng atomic.Uint64 }

// ReadCounts returns the calls of each helper since the process started.
func ReadCounts() Counts {
	return Counts{
		SM3:        calls.sm3.Load(),
		PseudoXOF:  calls.xof.Load(),
		PseudoHash: calls.phash.Load(),
		HMAC:       calls.hmac.Load(),
		DRNG:       calls.drng.Load(),
	}
}

// The benchmark loop reports these as calls per operation.
func init() {
	registry.RegisterCallCount("iccs.sm3hash", calls.sm3.Load)
	registry.RegisterCallCount("iccs.pseudoXOF", calls.xof.Load)
	registry.RegisterCallCount("iccs.pseudohash", calls.phash.Load)
	registry.RegisterCallCount("iccs.hmac", calls.hmac.Load)
	registry.RegisterCallCount("iccs.drng", calls.drng.Load)
}
