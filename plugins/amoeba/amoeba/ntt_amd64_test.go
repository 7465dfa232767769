//go:build amd64 && !purego

package amoeba

import (
	"math"
	"os"
	"testing"

	"golang.org/x/sys/cpu"

	"crucible.dev/registry/testenv"
)

func withPortable(f func()) {
	saved := useAVX2
	useAVX2 = false
	defer func() { useAVX2 = saved }()
	f()
}

// The AVX2 kernels agree with the Go code: the forward transform on any
// int16 input (including the extremes), the inverse on polyMul's range.
func TestNTTKernelsMatchGo(t *testing.T) {
	if !useAVX2 {
		if os.Getenv("CRUCIBLE_AMOEBA_PORTABLE") == "1" || cpu.X86.HasAVX2 {
			testenv.SkipChosen(t, "the build or the environment keeps the portable path (purego, CRUCIBLE_AMOEBA_PORTABLE=1)")
		}
		testenv.SkipCPU(t, "avx2")
	}
	x := uint64(0x9e3779b97f4a7c15)
	next := func() uint64 {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		return x
	}
	for trial := range 2000 {
		var f [n]int16
		for i := range f {
			switch trial % 4 {
			case 0:
				f[i] = int16(next())
			case 1:
				f[i] = [2]int16{math.MinInt16, math.MaxInt16}[next()&1]
			default:
				f[i] = int16(next()%(2*q-1)) - (q - 1)
			}
		}
		g, h := f, f
		forwardNTT(&g)
		forwardPortable(&h)
		if g != h {
			t.Fatalf("forward differs on trial %d", trial)
		}
		if trial%4 < 2 {
			continue // the inverse's inputs are polyMul's, in (−q, q)
		}
		g, h = f, f
		inverseNTT(&g)
		inversePortable(&h)
		if g != h {
			t.Fatalf("inverse differs on trial %d", trial)
		}
	}
}

// The AVX2 polyMul agrees with the Go one for every K on any int16 inputs,
// the extremes included (its int64 sums are exact whatever the inputs).
func TestPolyMulKernelMatchesGo(t *testing.T) {
	if !useAVX2 {
		if os.Getenv("CRUCIBLE_AMOEBA_PORTABLE") == "1" || cpu.X86.HasAVX2 {
			testenv.SkipChosen(t, "the build or the environment keeps the portable path (purego, CRUCIBLE_AMOEBA_PORTABLE=1)")
		}
		testenv.SkipCPU(t, "avx2")
	}
	x := uint64(0x243f6a8885a308d3)
	for _, p := range All {
		kn := p.kn()
		for trial := range 20 {
			f, g := make([]int16, kn), make([]int16, kn)
			for i := range f {
				x ^= x << 13
				x ^= x >> 7
				x ^= x << 17
				if trial%2 == 0 {
					f[i], g[i] = int16(x), int16(x>>16)
				} else {
					f[i], g[i] = [2]int16{math.MinInt16, math.MaxInt16}[x&1], [2]int16{math.MinInt16, math.MaxInt16}[x>>1&1]
				}
			}
			got, want := make([]int16, kn), make([]int16, kn)
			polyMul(got, f, g, p.K)
			withPortable(func() { polyMul(want, f, g, p.K) })
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("%s trial %d: slot %d: %d, want %d", p.Name, trial, i, got[i], want[i])
				}
			}
		}
	}
}
