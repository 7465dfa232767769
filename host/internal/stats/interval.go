package stats

import (
	"math"
	"sort"
)

// Confidence is the confidence level Crucible's intervals aim for.
const Confidence = 0.95

// Interval is a median with its distribution-free confidence interval,
// computed over independent units (one value per fresh process: a trial's
// median), never over the correlated samples inside one process.
type Interval struct {
	Median float64 `json:"median"`
	Lo     float64 `json:"lo"`
	Hi     float64 `json:"hi"`
	// Level is the confidence the interval achieves: order statistics
	// give only discrete levels, so with few units it is below the one
	// asked for (five units: 93.75% at best). Zero when there are fewer
	// than two units and no interval.
	Level float64 `json:"level"`
	N     int     `json:"n"`
}

// MedianInterval is the median of units with the order-statistic
// confidence interval [x(k), x(n+1-k)]: the narrowest whose coverage,
// 1 - 2·P(Binomial(n, 1/2) < k), reaches conf, or the widest one there
// is when none does (Hollander and Wolfe, Nonparametric Statistical
// Methods, section 3.6, the interval that inverts the sign test).
func MedianInterval(units []float64, conf float64) Interval {
	v := append([]float64(nil), units...)
	sort.Float64s(v)
	n := len(v)
	if n == 0 {
		return Interval{} // zero, not NaN: the figures go into JSON
	}
	iv := Interval{N: n, Median: Quantile(v, 0.5)}
	iv.Lo, iv.Hi = v[0], v[n-1]
	if n < 2 {
		return iv
	}
	k := 1
	iv.Level = signCoverage(n, 1)
	for j := 2; 2*j <= n+1; j++ {
		c := signCoverage(n, j)
		if c < conf {
			break
		}
		k, iv.Level = j, c
	}
	iv.Lo, iv.Hi = v[k-1], v[n-k]
	return iv
}

// signCoverage is 1 - 2·P(B ≤ k-1) for B ~ Binomial(n, 1/2): the
// coverage of [x(k), x(n+1-k)] for the median of a continuous
// distribution.
func signCoverage(n, k int) float64 {
	return 1 - 2*BinomialCDF(n, k-1)
}

// BinomialCDF is P(B ≤ k) for B ~ Binomial(n, 1/2).
func BinomialCDF(n, k int) float64 {
	if k < 0 {
		return 0
	}
	var p float64
	c := 1.0 // C(n, i)
	for i := 0; i <= k && i <= n; i++ {
		p += c
		c = c * float64(n-i) / float64(i+1)
	}
	return math.Min(1, p*math.Pow(0.5, float64(n)))
}

// Valid reports whether the interval rests on at least two units.
func (a Interval) Valid() bool { return a.N >= 2 }

// Overlaps reports whether two intervals share a value: their medians
// are then not told apart, and a table says "tie" instead of ranking
// them. Without an interval (fewer than two units) there is nothing to
// overlap: the tables show the interval as missing and the bare ratio.
func (a Interval) Overlaps(b Interval) bool {
	if !a.Valid() || !b.Valid() {
		return false
	}
	return a.Lo <= b.Hi && b.Lo <= a.Hi
}

// Scale multiplies every figure of the interval by f (f > 0): the same
// interval in other units.
func (a Interval) Scale(f float64) Interval {
	a.Median *= f
	a.Lo *= f
	a.Hi *= f
	return a
}
