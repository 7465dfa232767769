package main

import (
	"testing"

	"crucible.dev/registry/poolcheck"
)

// BenchmarkPool: what cycling through BenchPool exchanges does to X25519's
// timed loop, beside one exchange repeated.
func BenchmarkPool(b *testing.B) {
	for _, in := range instances() {
		if in.Name == "X25519" {
			poolcheck.Bench(b, in, 100)
		}
	}
}
