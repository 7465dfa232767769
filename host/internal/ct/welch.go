// Package ct judges a fixed-vs-random timing test (dudect's method) from
// its raw measurements: Welch's t between the two classes, uncropped and
// cropped above each of a ladder of percentiles. The host computes it, so
// no plugin can claim a verdict.
package ct

import (
	"math"
	"sort"
)

// Threshold is the |t| above which the check reports a leak (dudect's
// threshold: with thousands of measurements a |t| this large is very
// unlikely when the two classes take the same time).
const Threshold = 4.5

// Crops is how many percentile crops the test adds to the uncropped one:
// dudect's ladder 1-0.5^(10(k+1)/Crops), from the 7th percentile to the
// 99.9th. The low crops see small leaks under heavy noise; the high ones
// keep both classes of a large leak while dropping the interrupts that
// would otherwise drown it.
const Crops = 100

// Result is the statistic of one test.
type Result struct {
	T       float64   `json:"t"`         // the largest |t| over the crops
	N       int       `json:"n"`         // measurements
	TByCrop []float64 `json:"t_by_crop"` // |t| with no crop, then cropped above each of Crops percentiles
}

// Welch computes the statistic: Welch's |t| between the timings of class 0
// and class 1 (the low bit of class[i]), uncropped and cropped above each
// of Crops percentiles, and the largest of them.
func Welch(t []float64, class []byte) Result {
	n := len(t)
	res := Result{N: n}
	if n == 0 || len(class) != n {
		return res
	}
	sorted := append([]float64(nil), t...)
	sort.Float64s(sorted)
	crops := []float64{math.Inf(1)}
	for k := 0; k < Crops; k++ {
		p := 1 - math.Pow(0.5, 10*float64(k+1)/Crops)
		crops = append(crops, sorted[int(p*float64(n-1))])
	}
	for _, limit := range crops {
		var a, b welford
		for i, x := range t {
			if x > limit {
				continue
			}
			if class[i]&1 == 0 {
				a.add(x)
			} else {
				b.add(x)
			}
		}
		tv := math.Abs(welch(a, b))
		res.TByCrop = append(res.TByCrop, tv)
		if tv > res.T {
			res.T = tv
		}
	}
	return res
}

// welford accumulates a mean and variance in one pass.
type welford struct{ n, mean, m2 float64 }

func (w *welford) add(x float64) {
	w.n++
	d := x - w.mean
	w.mean += d / w.n
	w.m2 += d * (x - w.mean)
}

// welch is Welch's t statistic of two samples.
func welch(a, b welford) float64 {
	if a.n < 2 || b.n < 2 {
		return 0
	}
	va, vb := a.m2/(a.n-1), b.m2/(b.n-1)
	den := math.Sqrt(va/a.n + vb/b.n)
	if den == 0 {
		return 0
	}
	return (a.mean - b.mean) / den
}
