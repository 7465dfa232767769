package sntrup

import (
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"testing"

	"crucible.dev/registry/testenv"
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
	lengths = append(lengths, 127, 128, 129, 255, 256, 257, 500, 511, 512, 513, 1024, 1025, 1400)
	for _, n := range lengths {
		x := make([]uint32, n)
		for i := range x {
			x[i] = r.Uint32() >> (r.IntN(4) * 10) // many duplicates at small values
		}
		want := slices.Clone(x)
		slices.Sort(want)
		y := slices.Clone(x)
		z := slices.Clone(x)
		sortUint32(x)
		if !slices.Equal(x, want) {
			t.Fatalf("n=%d: sortUint32 (%s) gave %v, want %v", n, Dispatch(), x, want)
		}
		if useAVX512 { // the 8-lane network too
			sortBitonicAVX2(z, false)
			if !slices.Equal(z, want) {
				t.Fatalf("n=%d: sortBitonicAVX2 gave %v, want %v", n, z, want)
			}
		}
		sortMergeExchange(y)
		if !slices.Equal(y, want) {
			t.Fatalf("n=%d: sortMergeExchange gave %v, want %v", n, y, want)
		}
	}
	if !useAVX512 && hasAssembly {
		// The 8-lane network was not checked above: say so, through
		// testenv, so that a CPU with AVX-512 cannot leave it out.
		t.Run("bitonic-avx512", func(t *testing.T) {
			if forcePortable || forceNoVNNI {
				testenv.SkipChosen(t, "the environment keeps AVX-512 off (CRUCIBLE_SNTRUP_PORTABLE, CRUCIBLE_SNTRUP_NOVNNI)")
			}
			testenv.SkipCPU(t, "avx512f+avx512bw")
		})
	}
}

// TestEncodeRoundTrip checks that decode inverts encode for both radices
// of every set, and the recursive definition of spec §3.4 written out
// here independently: the plan must emit the same bytes.
func TestEncodeRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, ps := range All {
		for _, pl := range []*radixPlan{ps.planQ, ps.planR} {
			m := pl.levels[0].m[0]
			R := make([]uint16, ps.P)
			for i := range R {
				R[i] = uint16(r.IntN(int(m)))
			}
			R32 := make([]uint32, ps.P)
			M := make([]uint32, ps.P)
			for i := range M {
				R32[i], M[i] = uint32(R[i]), m
			}
			want := specEncode(nil, R32, M)
			s := make([]byte, pl.size)
			pl.encode(s, slices.Clone(R))
			if !slices.Equal(s, want) {
				t.Fatalf("%s radix %d: plan encoding (%s) differs from the recursive one", ps.Name, m, Dispatch())
			}
			got := make([]uint16, 2*ps.P)
			pl.decode(got[:ps.P], got[ps.P:], s)
			if !slices.Equal(got[:ps.P], R) {
				t.Fatalf("%s radix %d: decode(encode(R)) != R", ps.Name, m)
			}
		}
	}
}

// TestDecodeAnyBytes decodes random byte strings, which are mostly not
// encodings (values at or above a radix), on the dispatched path and the
// portable one, and checks that they agree and that every value is reduced.
func TestDecodeAnyBytes(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	saved := useAVX2
	defer func() { useAVX2 = saved }()
	for _, ps := range All {
		for _, pl := range []*radixPlan{ps.planQ, ps.planR} {
			for trial := range 50 {
				s := make([]byte, pl.size)
				for i := range s {
					s[i] = byte(r.Uint32())
					if trial%5 == 0 {
						s[i] = 0xff
					}
				}
				got := make([]uint16, 2*ps.P)
				want := make([]uint16, 2*ps.P)
				useAVX2 = saved
				pl.decode(got[:ps.P], got[ps.P:], s)
				useAVX2 = false
				pl.decode(want[:ps.P], want[ps.P:], s)
				useAVX2 = saved
				if !slices.Equal(got[:ps.P], want[:ps.P]) {
					t.Fatalf("%s radix %d: decode (%s) differs from the portable one", ps.Name, pl.levels[0].m[0], Dispatch())
				}
				for i, x := range want[:ps.P] {
					if uint32(x) >= pl.levels[0].m[i] {
						t.Fatalf("%s radix %d: value %d = %d not reduced", ps.Name, pl.levels[0].m[0], i, x)
					}
				}
			}
		}
	}
}

// specEncode is Encode of spec §3.4, recursively.
func specEncode(out []byte, R, M []uint32) []byte {
	if len(R) == 1 {
		r, m := R[0], M[0]
		for m > 1 {
			out = append(out, byte(r))
			r >>= 8
			m = (m + 255) >> 8
		}
		return out
	}
	var R2, M2 []uint32
	for i := 0; i+1 < len(R); i += 2 {
		r, m := R[i]+R[i+1]*M[i], M[i]*M[i+1]
		for m >= 16384 {
			out = append(out, byte(r))
			r >>= 8
			m = (m + 255) >> 8
		}
		R2, M2 = append(R2, r), append(M2, m)
	}
	if len(R)%2 == 1 {
		R2, M2 = append(R2, R[len(R)-1]), append(M2, M[len(M)-1])
	}
	return specEncode(out, R2, M2)
}

// TestSmallDecode checks the small decoding on every byte value in every
// position against the definition, on the path in use.
func TestSmallDecode(t *testing.T) {
	for _, p := range []int{1, 5, 31, 33, 653, 761, 1277} {
		s := make([]byte, (p+3)/4)
		for i := range s {
			s[i] = byte(i*37 + 11)
		}
		f := make([]int8, p)
		smallDecode(f, s)
		for i, x := range f {
			code := s[i/4] >> (2 * (i % 4)) & 3
			want := []int8{-1, 0, 1, 0}[code]
			if x != want {
				t.Fatalf("p=%d: coefficient %d (code %d) decoded to %d, want %d", p, i, code, x, want)
			}
		}
	}
}

// TestDivmod checks the constant-time division against the / operator.
func TestDivmod(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	xs := []uint32{0, 1, ^uint32(0), ^uint32(0) - 1}
	for range 200000 {
		m := uint32(r.IntN(16382) + 2)
		x := r.Uint32()
		if r.IntN(4) == 0 {
			x = xs[r.IntN(len(xs))]
		}
		if r.IntN(4) == 0 { // near multiples of m
			x = (x/m)*m + uint32(r.IntN(3)) - 1
		}
		q, rem := divmod(x, m, reciprocal(m))
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
		want := recip3Reference(ps, f)
		got := make([]int16, ps.P)
		ps.rqRecip3Generic(got, f)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: rqRecip3Generic differs from the reference", ps.Name)
		}
		clear(got)
		rqRecip3(ps, got, f)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: rqRecip3 (%s) differs from the reference", ps.Name, Dispatch())
		}
		prod := make([]int16, ps.P)
		ps.rqMulSmall(prod, got, f) // (1/(3f)) * f = 1/3
		for i := range prod {
			x := ps.freeze(3 * int32(prod[i]))
			if (i == 0 && x != 1) || (i != 0 && x != 0) {
				t.Fatalf("%s: 3f * 1/(3f) has coefficient %d = %d", ps.Name, i, x)
			}
		}
		invertible := 0
		for range 40 {
			g := randomSmall(r, ps.P)
			want := make([]int8, ps.P)
			ok := ps.r3RecipGeneric(want, g)
			ginv := make([]int8, ps.P)
			if r3Recip(ps, ginv, g) != ok || (ok && !slices.Equal(ginv, want)) {
				t.Fatalf("%s: r3Recip (%s) differs from the portable one", ps.Name, Dispatch())
			}
			if !ok {
				continue
			}
			invertible++
			one := make([]int8, ps.P)
			ps.r3Mul(one, g, ginv)
			for i, x := range one {
				if (i == 0 && x != 1) || (i != 0 && x != 0) {
					t.Fatalf("%s: g * 1/g has coefficient %d = %d", ps.Name, i, x)
				}
			}
		}
		if invertible == 0 {
			t.Errorf("%s: no invertible g in 40 draws", ps.Name)
		}
	}
}

// schoolbook is the product written out, for the tests.
func schoolbook(a []int16, b []int8) []int32 {
	c := make([]int32, 2*len(a)-1)
	for i, x := range a {
		for j, y := range b {
			c[i+j] += int32(x) * int32(y)
		}
	}
	return c
}

// recip3Reference is 1/(3a) in Rq by the division steps of the
// specification's reference code, written plainly: full lengths, every
// coefficient frozen, v shifted at the start of each step.
func recip3Reference(ps *Params, a []int8) []int16 {
	p := ps.P
	f, g, v, r := make([]int32, p+1), make([]int32, p+1), make([]int32, p+1), make([]int32, p+1)
	r[0] = ps.fqRecip(3)
	f[0], f[p-1], f[p] = 1, -1, -1
	for i := 0; i < p; i++ {
		g[p-1-i] = int32(a[i])
	}
	delta := int32(1)
	for range 2*p - 1 {
		copy(v[1:], v[:p])
		v[0] = 0
		swap := delta > 0 && g[0] != 0
		if swap {
			delta = -delta
			f, g = g, f
			v, r = r, v
		}
		delta++
		f0, g0 := f[0], g[0]
		for i := range g {
			g[i] = int32(ps.freeze(f0*g[i] - g0*f[i]))
			r[i] = int32(ps.freeze(f0*r[i] - g0*v[i]))
		}
		copy(g, g[1:])
		g[p] = 0
	}
	scale := ps.fqRecip(f[0])
	out := make([]int16, p)
	for i := range out {
		out[i] = ps.freeze(scale * v[p-1-i])
	}
	return out
}

// TestFold compares the dispatched fold and freeze with the portable one on
// random sums up to the largest a product can reach, and on the values
// around every multiple of q/2 where rounding could slip.
func TestFold(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, ps := range All {
		p := ps.P
		bound := int32(p) * ps.q12 // |c[i]| of a product
		c := make([]int32, 2*p+32)
		for trial := range 20 {
			for i := range c[:2*p-1] {
				switch trial % 3 {
				case 0:
					c[i] = r.Int32N(2*bound+1) - bound
				case 1: // sums near half multiples of q
					c[i] = (r.Int32N(2*bound/int32(ps.Q)) - bound/int32(ps.Q)) * int32(ps.Q) / 3
				default:
					c[i] = []int32{bound, -bound, ps.q12, -ps.q12, ps.q12 + 1, -ps.q12 - 1}[r.IntN(6)]
				}
			}
			want := make([]int16, p)
			got := make([]int16, p)
			ps.foldFqGeneric(want, c)
			ps.foldFq(got, c)
			if !slices.Equal(got, want) {
				t.Fatalf("%s: foldFq (%s) differs from the portable one", ps.Name, Dispatch())
			}
			for i, x := range want {
				s := c[i]
				if i < p-1 {
					s += c[i+p]
				}
				if i > 0 {
					s += c[i+p-1]
				}
				if d := (s - int32(x)) % int32(ps.Q); d != 0 || x > int16(ps.q12) || x < -int16(ps.q12) {
					t.Fatalf("%s: coefficient %d: %d is not the canonical %d mod q", ps.Name, i, x, s)
				}
			}
		}
	}
}

// againstPortable reports whether f writes the same n values on the
// path in use and on the portable one.
func againstPortable[T comparable](n int, f func(out []T)) bool {
	saved := useAVX2
	defer func() { useAVX2 = saved }()
	got, want := make([]T, n), make([]T, n)
	f(got)
	useAVX2 = false
	f(want)
	return slices.Equal(got, want)
}

// TestR3Mul compares the dispatched R3 product with the portable one, on
// random and on extreme operands.
func TestR3Mul(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	for _, ps := range All {
		k := (ps.P + 2) / 3 // the Toom-Cook piece length
		for i := range 9 {
			a, b := randomSmall(r, ps.P), randomSmall(r, ps.P)
			switch i {
			case 5, 6: // all 1, or all -1 and all 1
				for j := range a {
					a[j], b[j] = int8(2*i-11), 1
				}
			case 7, 8: // 1, -1, 1 on the three pieces: the largest
				// evaluations at -2, whose products exceed 2^15
				for j := range a {
					b[j] = 1
					if j >= k && j < 2*k {
						b[j] = -1
					}
					a[j] = b[j] * int8(2*i-15)
				}
			}
			if !againstPortable(ps.P, func(out []int8) { ps.r3Mul(out, a, b) }) {
				t.Fatalf("%s: r3Mul (%s) differs from the portable one", ps.Name, Dispatch())
			}
		}
	}
}

// TestFold3Lift3 compares the dispatched R3 fold and lift with the portable
// ones over the whole input ranges.
func TestFold3Lift3(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for _, ps := range All {
		p := ps.P
		c := make([]int32, 2*p+32)
		for i := range c[:2*p-1] {
			c[i] = r.Int32N(2*int32(p)+1) - int32(p)
		}
		want, got := make([]int8, p), make([]int8, p)
		ps.fold3Generic(want, c)
		ps.fold3(got, c)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: fold3 (%s) differs from the portable one", ps.Name, Dispatch())
		}
		in := randomFq(r, ps)
		in[0], in[1] = int16(ps.q12), -int16(ps.q12)
		ps.lift3Generic(want, in)
		ps.lift3(got, in)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: lift3 (%s) differs from the portable one", ps.Name, Dispatch())
		}
	}
}

// TestPolyMul compares the dispatched product and the portable one with
// the schoolbook product, with extreme coefficients too.
func TestPolyMul(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, ps := range All {
		a := randomFq(r, ps)
		b := randomSmall(r, ps.P)
		extreme := make([]int16, ps.P)
		ones := make([]int8, ps.P)
		for i := range extreme {
			extreme[i], ones[i] = int16(ps.q12), 1
		}
		for _, in := range []struct {
			a []int16
			b []int8
		}{{a, b}, {extreme, ones}} {
			want := schoolbook(in.a, in.b)
			got := make([]int32, 2*ps.P)
			polyMulGeneric(got, in.a, in.b)
			if !slices.Equal(got[:2*ps.P-1], want) {
				t.Fatalf("%s: polyMulGeneric differs from the schoolbook product", ps.Name)
			}
			clear(got)
			polyMul(got, in.a, in.b)
			if !slices.Equal(got[:2*ps.P-1], want) {
				t.Fatalf("%s: polyMul (%s) differs from the schoolbook product", ps.Name, Dispatch())
			}
		}
	}
}

// TestRqMulSmall compares the dispatched Rq product, which folds from
// the NTT workspace, with the portable one, on random and extreme
// operands (every coefficient +-(q-1)/2 times every coefficient +-1).
func TestRqMulSmall(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	for _, ps := range All {
		for i := range 6 {
			a, b := randomFq(r, ps), randomSmall(r, ps.P)
			if i >= 2 {
				for j := range a {
					a[j], b[j] = int16(ps.q12), 1
					if (i == 3 && j%2 == 1) || i == 4 {
						a[j] = -a[j]
					}
					if i == 5 {
						b[j] = -1
					}
				}
			}
			if !againstPortable(ps.P, func(out []int16) { ps.rqMulSmall(out, a, b) }) {
				t.Fatalf("%s: rqMulSmall (%s) differs from the portable one", ps.Name, Dispatch())
			}
		}
	}
}

// TestSmallEncode checks the small encoding of random small polynomials
// against the definition (coefficient i is c+1 in bits 2(i%4) of byte
// i/4), on the path in use.
func TestSmallEncode(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	for _, p := range []int{1, 5, 127, 128, 129, 653, 761, 1277} {
		f := randomSmall(r, p)
		s := make([]byte, (p+3)/4)
		smallEncode(s, f)
		want := make([]byte, (p+3)/4)
		for i, x := range f {
			want[i/4] |= byte(x+1) << (2 * (i % 4))
		}
		if !slices.Equal(s, want) {
			t.Fatalf("p=%d: smallEncode (%s) differs from the definition", p, Dispatch())
		}
	}
}
