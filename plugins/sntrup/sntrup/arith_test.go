package sntrup

import (
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"testing"
)

func randomSmall(r *rand.Rand, n int) []int8 {
	s := make([]int8, n)
	for i := range s {
		s[i] = int8(r.IntN(3)) - 1
	}
	return s
}

func randomFq(r *rand.Rand, ps *Params) []int16 {
	a := make([]int16, ps.P)
	for i := range a {
		a[i] = int16(r.IntN(ps.Q)) - int16(ps.q12)
	}
	return a
}

// TestSort compares the sorting network with slices.Sort, including
// duplicates and every length up to 80 as well as the p of each set.
func TestSort(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	lengths := []int{}
	for n := 0; n <= 80; n++ {
		lengths = append(lengths, n)
	}
	for _, ps := range All {
		lengths = append(lengths, ps.P)
	}
	for _, n := range lengths {
		x := make([]uint32, n)
		for i := range x {
			x[i] = r.Uint32() >> (r.IntN(4) * 10) // many duplicates at small values
		}
		want := slices.Clone(x)
		slices.Sort(want)
		sortUint32(x)
		if !slices.Equal(x, want) {
			t.Fatalf("n=%d: sortUint32 gave %v, want %v", n, x, want)
		}
	}
}

// TestEncodeRoundTrip checks that decode inverts encode for both radices
// of every set, and that the lengths are the table's.
func TestEncodeRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, ps := range All {
		for _, M := range [][]uint16{ps.radixQ, ps.radixR} {
			R := make([]uint16, ps.P)
			for i := range R {
				R[i] = uint16(r.IntN(int(M[i])))
			}
			s := encode(nil, R, M)
			if len(s) != encodedLen(ps.P, uint32(M[0])) {
				t.Fatalf("%s radix %d: %d bytes, encodedLen says %d", ps.Name, M[0], len(s), encodedLen(ps.P, uint32(M[0])))
			}
			got := make([]uint16, ps.P)
			decode(got, s, M)
			if !slices.Equal(got, R) {
				t.Fatalf("%s radix %d: decode(encode(R)) != R", ps.Name, M[0])
			}
		}
	}
}

// TestDivmod checks the constant-time division against the / operator.
func TestDivmod(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 100000 {
		m := uint32(r.IntN(16383) + 1)
		x := r.Uint32()
		q, rem := divmodU14(x, m, 0x80000000/m)
		if q != x/m || rem != x%m {
			t.Fatalf("divmod(%d, %d) = %d, %d", x, m, q, rem)
		}
	}
}

// TestRecip checks 1/(3f) * 3f = 1 in Rq and g * 1/g = 1 in R3 on every
// code path, and that all paths agree.
func TestRecip(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, ps := range All {
		var seed [32]byte
		binary.LittleEndian.PutUint64(seed[:], r.Uint64())
		f := make([]int8, ps.P)
		if err := ps.shortRandom(f, rand.NewChaCha8(seed), OneCall); err != nil {
			t.Fatal(err)
		}
		want := make([]int16, ps.P)
		ps.rqRecip3Generic(want, f)
		got := make([]int16, ps.P)
		rqRecip3(ps, got, f)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: rqRecip3 (%s) differs from the portable one", ps.Name, Dispatch())
		}
		prod := make([]int16, ps.P)
		ps.rqMulSmall(prod, got, f) // (1/(3f)) * f = 1/3
		for i := range prod {
			x := ps.freeze(3 * int32(prod[i]))
			if (i == 0 && x != 1) || (i != 0 && x != 0) {
				t.Fatalf("%s: 3f * 1/(3f) has coefficient %d = %d", ps.Name, i, x)
			}
		}
		for {
			g := randomSmall(r, ps.P)
			ginv := make([]int8, ps.P)
			if !ps.r3Recip(ginv, g) {
				continue
			}
			one := make([]int8, ps.P)
			ps.r3Mul(one, g, ginv)
			for i, x := range one {
				if (i == 0 && x != 1) || (i != 0 && x != 0) {
					t.Fatalf("%s: g * 1/g has coefficient %d = %d", ps.Name, i, x)
				}
			}
			break
		}
	}
}

// TestPolyMul compares the dispatched product with the portable one.
func TestPolyMul(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, ps := range All {
		a := randomFq(r, ps)
		b := randomSmall(r, ps.P)
		want := make([]int32, 2*ps.P)
		got := make([]int32, 2*ps.P)
		polyMulGeneric(want, a, b)
		polyMul(got, a, b)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: polyMul (%s) differs from the portable product", ps.Name, Dispatch())
		}
	}
}
