package sntrup

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// recipOperands are small polynomials for the reciprocal tests: the
// extremes (zero, all ones, all minus ones, alternating signs, a single
// coefficient at either end, a dense top half) and random small ones.
func recipOperands(r *rand.Rand, p int) [][]int8 {
	fill := func(f func(i int) int8) []int8 {
		a := make([]int8, p)
		for i := range a {
			a[i] = f(i)
		}
		return a
	}
	ops := [][]int8{
		fill(func(int) int8 { return 0 }),
		fill(func(int) int8 { return 1 }),
		fill(func(int) int8 { return -1 }),
		fill(func(i int) int8 { return int8(1 - 2*(i&1)) }),
		fill(func(i int) int8 { return int8(min(1, max(0, 1-i))) }),
		fill(func(i int) int8 { return -int8(min(1, max(0, i-p+2))) }),
		fill(func(i int) int8 { return int8(min(1, max(0, 2*i/p))) }),
	}
	for range 6 {
		ops = append(ops, randomSmall(r, p))
	}
	return ops
}

// TestRecipOperands compares the dispatched reciprocals in Rq and R3 with
// the portable ones (the plain division steps), and checks a * 1/a = 1,
// on every set for the operands of recipOperands. Where the CPU has
// AVX-512 it runs again on the 16-lane division steps.
func TestRecipOperands(t *testing.T) {
	testRecipOperands(t)
	if useAVX512 {
		useAVX512 = false
		defer func() { useAVX512 = true }()
		testRecipOperands(t)
	}
}

func testRecipOperands(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for _, ps := range All {
		for n, a := range recipOperands(r, ps.P) {
			want := make([]int16, ps.P)
			ps.rqRecip3Generic(want, a)
			got := make([]int16, ps.P)
			rqRecip3(ps, got, a)
			if !slices.Equal(got, want) {
				t.Fatalf("%s operand %d: rqRecip3 (%s, AVX-512 %v) differs from the portable one", ps.Name, n, Dispatch(), useAVX512)
			}
			if n > 0 { // Rq is a field: every nonzero a has 1/(3a)
				prod := make([]int16, ps.P)
				ps.rqMulSmall(prod, got, a)
				for i := range prod {
					x := ps.freeze(3 * int32(prod[i]))
					if (i == 0 && x != 1) || (i != 0 && x != 0) {
						t.Fatalf("%s operand %d: 3a * 1/(3a) has coefficient %d = %d", ps.Name, n, i, x)
					}
				}
			}
			want3 := make([]int8, ps.P)
			ok := ps.r3RecipGeneric(want3, a)
			got3 := make([]int8, ps.P)
			if r3Recip(ps, got3, a) != ok || (ok && !slices.Equal(got3, want3)) {
				t.Fatalf("%s operand %d: r3Recip (%s) differs from the portable one", ps.Name, n, Dispatch())
			}
			if n == 0 && ok {
				t.Fatalf("%s: r3Recip says 0 is invertible", ps.Name)
			}
			if ok {
				one := make([]int8, ps.P)
				ps.r3Mul(one, a, got3)
				for i, x := range one {
					if (i == 0 && x != 1) || (i != 0 && x != 0) {
						t.Fatalf("%s operand %d: a * 1/a has coefficient %d = %d", ps.Name, n, i, x)
					}
				}
			}
		}
	}
}
