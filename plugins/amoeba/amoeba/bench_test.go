package amoeba

import (
	"crypto/rand"
	"testing"
)

// Benchmarks of the three operations for every set, with crypto/rand.
func BenchmarkKEM(b *testing.B) {
	for _, p := range All {
		k := New(p)
		pk, sk, err := k.GenerateKey(rand.Reader)
		if err != nil {
			b.Fatal(err)
		}
		ct, _, err := k.Encapsulate(rand.Reader, pk)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(p.Name+"/keygen", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				k.GenerateKey(rand.Reader)
			}
		})
		b.Run(p.Name+"/encaps", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				k.Encapsulate(rand.Reader, pk)
			}
		})
		b.Run(p.Name+"/decaps", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := k.Decapsulate(sk, ct); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
