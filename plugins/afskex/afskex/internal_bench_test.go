package afskex

import "testing"

// Benchmarks of the building blocks, to see where a step's time goes.

func BenchmarkGenMatrix(b *testing.B) {
	for _, p := range All {
		b.Run(p.Name, func(b *testing.B) {
			var a [maxK]polyVec
			rho := make([]byte, p.s)
			for b.Loop() {
				p.genMatrix(&a, rho, true)
			}
		})
	}
}

func BenchmarkSampleNoise(b *testing.B) {
	for _, p := range All {
		b.Run(p.Name, func(b *testing.B) {
			var f poly
			sigma := make([]byte, p.s)
			for b.Loop() {
				p.sampleNoise(f[:p.n], sigma, 0, p.etaS)
			}
		})
	}
}

func BenchmarkNTT(b *testing.B) {
	for _, n := range []int{256, 512} {
		b.Run(map[int]string{256: "N256", 512: "N512"}[n], func(b *testing.B) {
			var f poly
			for b.Loop() {
				ntt(f[:n])
				invNTT(f[:n])
			}
		})
	}
}

func BenchmarkCPAEnc(b *testing.B) {
	for _, p := range All {
		b.Run(p.Name, func(b *testing.B) {
			pk := make([]byte, p.kemPKBytes())
			ct := make([]byte, p.ctBytes())
			m := make([]byte, p.s)
			for b.Loop() {
				p.cpaEnc(ct, pk, m, m)
			}
		})
	}
}
