package main

import (
	"bytes"
	"crypto/rand"
	"testing"

	"crucible.dev/registry"
	"crucible.dev/registry/eval/vectors"
	"crucible.dev/registry/eval/vectors/vectorstest"
)

func TestVectors(t *testing.T) {
	in := instances()[0]
	for _, src := range vectors.For(in.Name, false) {
		t.Run(src.Name, func(t *testing.T) {
			vectorstest.Source(t, src, in.Name, registry.Local(in))
		})
	}
}

func TestExchangeAgrees(t *testing.T) {
	tr, err := registry.RunExchange(exchange{}, rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.SS[0]) != 32 || !bytes.Equal(tr.SS[0], tr.SS[1]) {
		t.Fatalf("secrets %x and %x", tr.SS[0], tr.SS[1])
	}
}

// BenchmarkScalarMult is the in-process twin of the plugin's "scalarmult"
// benchmark, for comparing the in-plugin loop with go test -bench.
func BenchmarkScalarMult(b *testing.B) {
	a, _ := curve.GenerateKey(rand.Reader)
	c, _ := curve.GenerateKey(rand.Reader)
	pub := c.PublicKey()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := a.ECDH(pub); err != nil {
			b.Fatal(err)
		}
	}
}

// TestInitFollowsRandomness: the same randomness gives the same key pair,
// so a KAT or the host's replay of a timed call can reproduce it.
func TestInitFollowsRandomness(t *testing.T) {
	seed := registry.FreshRand(32)
	pk1, sk1, _, err := exchange{}.Init(registry.PartyA, bytes.NewReader(seed))
	if err != nil {
		t.Fatal(err)
	}
	pk2, sk2, _, err := exchange{}.Init(registry.PartyA, bytes.NewReader(seed))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(pk1, pk2) || !bytes.Equal(sk1, sk2) || !bytes.Equal(sk1, seed) {
		t.Errorf("two inits on the same randomness: %x, %x (scalar %x, want %x)", pk1, pk2, sk1, seed)
	}
}
