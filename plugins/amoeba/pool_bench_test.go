package main

import (
	"testing"

	"crucible.dev/registry/poolcheck"
)

// BenchmarkPool: what cycling through BenchPool ciphertexts under one key
// does to Amoeba128's timed loops, beside one ciphertext repeated.
func BenchmarkPool(b *testing.B) {
	for _, in := range instances() {
		if in.Name == "Amoeba128" {
			poolcheck.Bench(b, in, 100)
		}
	}
}
