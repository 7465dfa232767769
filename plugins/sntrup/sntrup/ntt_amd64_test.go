//go:build !purego

package sntrup

import (
	"math/rand/v2"
	"slices"
	"testing"

	"crucible.dev/registry/testenv"
)

// TestNTTProduct checks the NTT products against the Toom-Cook product
// and the schoolbook one on random and extreme operands, for every set.
func TestNTTProduct(t *testing.T) {
	if !useAVX2 {
		if forcePortable {
			testenv.SkipChosen(t, "CRUCIBLE_SNTRUP_PORTABLE=1 keeps the portable path")
		}
		testenv.SkipCPU(t, "avx2")
	}
	r := rand.New(rand.NewPCG(31, 32))
	for _, ps := range All {
		p := ps.P
		type operands struct {
			a []int16
			b []int8
		}
		var cases []operands
		for range 5 {
			cases = append(cases, operands{randomFq(r, ps), randomSmall(r, p)})
		}
		for _, sa := range []int16{1, -1} {
			for _, sb := range []int8{1, -1} {
				a, b := make([]int16, p), make([]int8, p)
				for i := range a {
					a[i], b[i] = sa*int16(ps.q12), sb
				}
				cases = append(cases, operands{a, b})
				// alternating signs: the largest evaluations
				a2, b2 := slices.Clone(a), slices.Clone(b)
				for i := 1; i < p; i += 2 {
					a2[i], b2[i] = -a2[i], -b2[i]
				}
				cases = append(cases, operands{a2, b2})
			}
		}
		for ci, in := range cases {
			want := make([]int32, 2*p+64)
			toom3AVX2(want, in.a, in.b)
			got := make([]int32, 2*p)
			polyMulNTT(got, in.a, in.b)
			if !slices.Equal(got[:2*p-1], want[:2*p-1]) {
				t.Fatalf("%s case %d: NTT product differs from Toom-Cook", ps.Name, ci)
			}
			if ci == 0 && !slices.Equal(got[:2*p-1], schoolbook(in.a, in.b)) {
				t.Fatalf("%s: NTT product differs from the schoolbook product", ps.Name)
			}
			// R3: operands reduced to small, against Toom-Cook mod 3.
			a8 := make([]int8, p)
			for i, x := range in.a {
				a8[i] = int8(min(max(x, -1), 1))
			}
			a16 := make([]int16, p)
			for i, x := range a8 {
				a16[i] = int16(x)
			}
			toom3AVX2(want, a16, in.b)
			clear(got)
			polyMul3NTT(got, a8, in.b)
			if !slices.Equal(got[:2*p-1], want[:2*p-1]) {
				t.Fatalf("%s case %d: NTT R3 product differs from Toom-Cook", ps.Name, ci)
			}
		}
	}
}

// BenchmarkProducts compares the NTT products with the Toom-Cook ones at
// the smallest and largest p of each NTT shape.
func BenchmarkProducts(b *testing.B) {
	for _, ps := range []*Params{SNTRUP761, SNTRUP857, SNTRUP1277} {
		r := rand.New(rand.NewPCG(1, 1))
		a := randomFq(r, ps)
		s, s2 := randomSmall(r, ps.P), randomSmall(r, ps.P)
		c := make([]int32, 2*ps.P+64)
		acc := make([]int16, 2*ps.P+128)
		b.Run(ps.Name+"/rq/ntt", func(b *testing.B) {
			benchOp(b, func() { polyMulNTT(c, a, s) })
		})
		b.Run(ps.Name+"/rq/toom", func(b *testing.B) {
			benchOp(b, func() { toom3AVX2(c, a, s) })
		})
		b.Run(ps.Name+"/r3/ntt", func(b *testing.B) {
			benchOp(b, func() { polyMul3NTT(c, s, s2) })
		})
		b.Run(ps.Name+"/r3/toom", func(b *testing.B) {
			benchOp(b, func() { toom3R3AVX2(acc, s, s2) })
		})
	}
}
