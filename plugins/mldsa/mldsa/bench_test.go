package mldsa

import (
	"crypto/rand"
	"testing"

	filippo "filippo.io/mldsa"
)

// BenchmarkSignParsedKey signs ML-DSA-65 with a key each library has
// already decoded, calling the library directly: the difference from
// BenchmarkMLDSA's sign is the decoding the contract's byte-string keys
// cost (for filippo, deriving the whole key from the seed).
func BenchmarkSignParsedKey(b *testing.B) {
	p := ParameterSets[1]
	xi := make([]byte, SeedSize)
	msg := make([]byte, 64)
	b.Run("filippo", func(b *testing.B) {
		k, err := filippo.NewPrivateKey(filippoParams[p.Name](), xi)
		if err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			if _, err := k.Sign(nil, msg, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("circl", func(b *testing.B) {
		set := circlSets[p.Name]
		_, k := set.scheme.DeriveKey(xi)
		sig := make([]byte, p.SignatureSize)
		for b.Loop() {
			if err := set.signTo(k, msg, nil, true, sig); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("gmsm", func(b *testing.B) {
		k, err := gmsmSets[p.Name].fromSeed(xi)
		if err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			if _, err := k.SignMessage(rand.Reader, msg, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
}
