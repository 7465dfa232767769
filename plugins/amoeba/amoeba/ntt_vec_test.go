package amoeba

import (
	"math"
	"testing"
)

// interval is a closed range of int64 values one position can hold.
type interval struct{ lo, hi int64 }

var int16Range = interval{math.MinInt16, math.MaxInt16}

// store is the range after an int16 store: unchanged when it fits,
// anything when it may wrap.
func (v interval) store() interval {
	if v.lo < math.MinInt16 || v.hi > math.MaxInt16 {
		return int16Range
	}
	return v
}

func add(a, b interval) interval { return interval{a.lo + b.lo, a.hi + b.hi} }

// mrRange is the exact range of mr(z·x) over x in the int16 interval x,
// by enumeration (memoized: most positions share their interval).
func mrRange(z int64, x interval) interval {
	key := [3]int64{z, x.lo, x.hi}
	if r, ok := mrMemo[key]; ok {
		return r
	}
	r := interval{math.MaxInt64, math.MinInt64}
	for v := x.lo; v <= x.hi; v++ {
		m := int64(mr(int32(z) * int32(v)))
		r = interval{min(r.lo, m), max(r.hi, m)}
	}
	mrMemo[key] = r
	return r
}

// brRange is the exact range of br(v) over v in the interval.
func brRange(v interval) interval {
	if r, ok := brMemo[v]; ok {
		return r
	}
	r := interval{math.MaxInt64, math.MinInt64}
	for x := v.lo; x <= v.hi; x++ {
		b := int64(br(int32(x)))
		r = interval{min(r.lo, b), max(r.hi, b)}
	}
	brMemo[v] = r
	return r
}

var (
	mrMemo = map[[3]int64]interval{}
	brMemo = map[interval]interval{}
)

// The AVX2 inverse kernels form a + b (radix 2) and a + b + c (radix 3) in
// int16 lanes, where the reference forms them in int32 before the Barrett
// reduction. That is exact only if the sums always fit in int16. The inverse transform only ever
// receives polyMul's outputs, truncated remainders in (−q, q); propagating
// those bounds through the reference's levels, with every possible
// Montgomery quotient and every wrap-around a store could make, shows the
// sum never leaves int16. (The Montgomery and Barrett ranges are exact over
// each input interval, so only the independence of the inputs is assumed.)
func TestInverseNTTBounds(t *testing.T) {
	var iv [n]interval
	for i := range iv {
		iv[i] = interval{-(q - 1), q - 1}
	}
	for l := range invR2 {
		lv := &invR2[l]
		m := lv.m
		for blk, z := range lv.z {
			o := blk * 2 * m
			for i := o; i < o+m; i++ {
				x, y := iv[i], iv[i+m]
				s := add(x, y)
				if s.lo < math.MinInt16 || s.hi > math.MaxInt16 {
					t.Fatalf("radix-2 level %d, position %d: a+b may reach [%d, %d], outside int16", l, i, s.lo, s.hi)
				}
				iv[i] = brRange(s).store()
				d := interval{x.lo - y.hi, x.hi - y.lo}.store()
				iv[i+m] = mrRange(int64(z), d).store()
			}
		}
	}
	worst := int64(0)
	for l := range invR3 {
		lv := &invR3[l]
		m := lv.m
		for blk, zs := range lv.z {
			ws := lv.w[blk]
			o := blk * 3 * m
			for i := o; i < o+m; i++ {
				x, y, zz := iv[i], iv[i+m], iv[i+2*m]
				s := add(add(x, y), zz)
				if s.lo < math.MinInt16 || s.hi > math.MaxInt16 {
					t.Fatalf("radix-3 level %d, position %d: a+b+c may reach [%d, %d], outside int16", l, i, s.lo, s.hi)
				}
				worst = max(worst, -s.lo, s.hi)
				iv[i] = brRange(s).store()
				iv[i+m] = add(add(mrRange(int64(zs[0]), x), mrRange(int64(zs[1]), y)), mrRange(int64(zs[2]), zz)).store()
				iv[i+2*m] = add(add(mrRange(int64(ws[0]), x), mrRange(int64(ws[1]), y)), mrRange(int64(ws[2]), zz)).store()
			}
		}
	}
	t.Logf("largest |a+b+c| before a radix-3 Barrett reduction: %d", worst)
}

// forwardPortable and inversePortable run the transforms with the Go
// kernels.
func forwardPortable(f *[n]int16) { withPortable(func() { forwardNTT(f) }) }
func inversePortable(f *[n]int16) { withPortable(func() { inverseNTT(f) }) }
