package sntrup

import (
	"crypto/rand"
	"testing"
)

// BenchmarkKEM measures keygen, encaps and decaps of every parameter set on
// the dispatch path in use (set CRUCIBLE_SNTRUP_PORTABLE=1 for the
// portable one).
func BenchmarkKEM(b *testing.B) {
	for _, ps := range All {
		pk, sk, err := ps.GenerateKey(rand.Reader, OneCall)
		if err != nil {
			b.Fatal(err)
		}
		ct, _, err := ps.Encapsulate(rand.Reader, OneCall, pk)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(ps.Name+"/keygen", func(b *testing.B) {
			for b.Loop() {
				ps.GenerateKey(rand.Reader, OneCall)
			}
		})
		b.Run(ps.Name+"/encaps", func(b *testing.B) {
			for b.Loop() {
				ps.Encapsulate(rand.Reader, OneCall, pk)
			}
		})
		b.Run(ps.Name+"/decaps", func(b *testing.B) {
			for b.Loop() {
				ps.Decapsulate(sk, ct)
			}
		})
	}
}
