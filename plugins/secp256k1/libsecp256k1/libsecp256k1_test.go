//go:build cgo

package libsecp256k1

import (
	"bytes"
	"encoding/hex"
	"testing"

	"crucible.dev/registry/testenv"
)

func load(t testing.TB) {
	if err := Load(); err != nil {
		testenv.Skipf(t, "libsecp256k1 absent: %v", err)
	}
}

// TestPublicKey checks the generator: the public key of secret key 1 is G
// (SEC 2 §2.4.1), and out-of-range keys are refused.
func TestPublicKey(t *testing.T) {
	load(t)
	one := make([]byte, 32)
	one[31] = 1
	pk, err := PublicKey(one)
	want, _ := hex.DecodeString("0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
	if err != nil || !bytes.Equal(pk, want) {
		t.Fatalf("pubkey(1) = %x, %v; want G = %x", pk, err, want)
	}
	if _, err := PublicKey(make([]byte, 32)); err == nil {
		t.Fatal("pubkey(0) succeeded")
	}
}

// BenchmarkNoop is the cost of one cgo transition, which each operation
// of this package pays once.
func BenchmarkNoop(b *testing.B) {
	load(b)
	for b.Loop() {
		Noop()
	}
}
