// Package stats computes the figures Crucible reports from raw samples:
// every number in a record or a report is recomputed from the samples, so a
// report can be checked against its evidence.
package stats

import (
	"math"
	"sort"
)

// Summary describes a set of per-operation times (or cycle counts).
type Summary struct {
	N      int     `json:"n"`      // operations measured
	Mean   float64 `json:"mean"`   // arithmetic mean
	Median float64 `json:"median"` // 50th percentile
	IQM    float64 `json:"iqm"`    // interquartile mean: the mean of the middle half
	StdDev float64 `json:"stddev"` // sample standard deviation
	Min    float64 `json:"min"`
	Max    float64 `json:"max"`
	P10    float64 `json:"p10"`
	P90    float64 `json:"p90"`
}

// Summarize computes the summary of xs, each the mean of weight operations
// (a sample of a batch of calls counts for its batch size in N).
func Summarize(xs []float64, weight int64) Summary {
	s := Summary{N: len(xs) * int(weight)}
	if len(xs) == 0 {
		return s
	}
	v := append([]float64(nil), xs...)
	sort.Float64s(v)
	var sum float64
	for _, x := range v {
		sum += x
	}
	s.Mean = sum / float64(len(v))
	if len(v) > 1 {
		var ss float64
		for _, x := range v {
			ss += (x - s.Mean) * (x - s.Mean)
		}
		s.StdDev = math.Sqrt(ss / float64(len(v)-1))
	}
	s.Min, s.Max = v[0], v[len(v)-1]
	s.Median = Quantile(v, 0.5)
	s.P10 = Quantile(v, 0.1)
	s.P90 = Quantile(v, 0.9)
	s.IQM = iqm(v)
	return s
}

// Quantile is the q-quantile of sorted v, interpolating linearly between
// closest ranks (the method R calls type 7).
func Quantile(v []float64, q float64) float64 {
	if len(v) == 0 {
		return math.NaN()
	}
	h := q * float64(len(v)-1)
	lo := math.Floor(h)
	i := int(lo)
	if i+1 >= len(v) {
		return v[len(v)-1]
	}
	return v[i] + (h-lo)*(v[i+1]-v[i])
}

// iqm is the mean of the middle half of sorted v, with the two boundary
// elements weighted fractionally so the result is continuous in n.
func iqm(v []float64) float64 {
	n := float64(len(v))
	if len(v) < 4 {
		var s float64
		for _, x := range v {
			s += x
		}
		return s / n
	}
	lo, hi := n/4, 3*n/4
	var sum, w float64
	for i, x := range v {
		a, b := math.Max(float64(i), lo), math.Min(float64(i+1), hi)
		if b > a {
			sum += x * (b - a)
			w += b - a
		}
	}
	return sum / w
}

// PerOp divides each sample's total by its batch size.
func PerOp(samples []int64, batch int64) []float64 {
	out := make([]float64, len(samples))
	for i, s := range samples {
		out[i] = float64(s) / float64(batch)
	}
	return out
}
