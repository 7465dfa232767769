package main

import (
	"testing"

	"crucible.dev/registry/poolcheck"
)

// BenchmarkPool: what cycling through BenchPool ciphertexts under one key
// does to every ML-KEM-768 implementation's timed loops, beside one
// ciphertext repeated.
func BenchmarkPool(b *testing.B) {
	for _, in := range instances() {
		if in.Name == "ML-KEM-768" {
			poolcheck.Bench(b, in, 100)
		}
	}
}
