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

func BenchmarkNTT(b *testing.B) {
	var f [n]int16
	for i := range f {
		f[i] = int16(i * 7 % q)
	}
	b.Run("forward", func(b *testing.B) {
		for b.Loop() {
			g := f
			forwardNTT(&g)
		}
	})
	b.Run("inverse", func(b *testing.B) {
		for b.Loop() {
			g := f
			inverseNTT(&g)
		}
	})
	F, G, H := make([]int16, 2*n), make([]int16, 2*n), make([]int16, 2*n)
	b.Run("polyMul128", func(b *testing.B) {
		for b.Loop() {
			polyMul(H, F, G, 2)
		}
	})
	buf := make([]byte, maxK*n*3/8)
	seed := make([]byte, 64)
	b.Run("cbd128", func(b *testing.B) {
		for b.Loop() {
			cbd(H, 2, seed, 0, buf)
		}
	})
	b.Run("parse128", func(b *testing.B) {
		for b.Loop() {
			parse(H, seed)
		}
	})
}
