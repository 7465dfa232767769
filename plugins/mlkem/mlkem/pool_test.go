package mlkem

import (
	"testing"

	"crucible.dev/registry/poolcheck"
)

// BenchmarkPool: what cycling through BenchPool ciphertexts under one key
// does to every ML-KEM-768 implementation's timed loops, beside one
// ciphertext repeated.
func BenchmarkPool(b *testing.B) {
	for _, k := range Sets() {
		if k.name == "ML-KEM-768" {
			poolcheck.Bench(b, k.Instance(), 100)
		}
	}
}
