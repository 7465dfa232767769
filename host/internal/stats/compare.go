package stats

import (
	"math"

	"golang.org/x/perf/benchmath"
)

// Shift compares two separate sets of independent units (one value per
// fresh process, such as the trials' medians of two runs).
type Shift struct {
	Old, New Interval
	P        float64 // two-sided Mann–Whitney U test
	Alpha    float64
	// MDE is the smallest relative change of the median the test would
	// have called significant, in either direction, had the units kept
	// their spread around their median: the resolution of this
	// comparison. +Inf when no change could be (too few units).
	MDE float64
}

// Significant reports whether the test rejects "no change" at Alpha.
func (s Shift) Significant() bool { return s.P <= s.Alpha }

// Repeats reports whether each side's median lies inside the other
// side's confidence interval: the test two runs of the same build must
// pass for a figure to be called repeatable (a bias shared by every trial
// of one run, such as one copy's page placement, breaks it while the
// intervals stay narrow). False when either side has no interval.
func (s Shift) Repeats() bool {
	if s.Old.Level == 0 || s.New.Level == 0 {
		return false
	}
	return s.New.Lo <= s.Old.Median && s.Old.Median <= s.New.Hi && s.Old.Lo <= s.New.Median && s.New.Median <= s.Old.Hi
}

// Change is the relative change of the median, new/old - 1.
func (s Shift) Change() float64 {
	if s.Old.Median == 0 {
		return math.NaN()
	}
	return s.New.Median/s.Old.Median - 1
}

// CompareUnits tests old against new with the Mann–Whitney U test, which
// assumes nothing of the distribution, as benchstat does (its exact form
// for small samples).
func CompareUnits(old, new []float64, alpha float64) Shift {
	s := Shift{Old: MedianInterval(old, 1-alpha), New: MedianInterval(new, 1-alpha), P: 1, Alpha: alpha, MDE: math.Inf(1)}
	if len(old) == 0 || len(new) == 0 {
		return s
	}
	s.P = uTest(old, new, alpha)
	if s.Old.Median <= 0 || s.New.Median <= 0 {
		return s
	}
	// The units' residuals around their own medians, shifted by 1+d
	// against each other: the p-value falls monotonically as d grows.
	ro, rn := scaled(old, 1/s.Old.Median), scaled(new, 1/s.New.Median)
	up := smallest(func(d float64) bool { return uTest(ro, scaled(rn, 1+d), alpha) <= alpha })
	down := smallest(func(d float64) bool { return uTest(ro, scaled(rn, 1/(1+d)), alpha) <= alpha })
	s.MDE = math.Max(up, down)
	return s
}

func uTest(a, b []float64, alpha float64) float64 {
	th := &benchmath.Thresholds{CompareAlpha: alpha}
	c := benchmath.AssumeNothing.Compare(benchmath.NewSample(append([]float64(nil), a...), th), benchmath.NewSample(append([]float64(nil), b...), th))
	return c.P
}

func scaled(xs []float64, f float64) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = x * f
	}
	return out
}

// maxShift bounds the search for a detectable change: a test that cannot
// see a change of ten times cannot see any.
const maxShift = 10

// smallest finds, by bisection to 0.01%, the smallest d in (0, maxShift]
// for which detects holds, given it is monotone; +Inf when none.
func smallest(detects func(d float64) bool) float64 {
	if !detects(maxShift) {
		return math.Inf(1)
	}
	lo, hi := 0.0, float64(maxShift)
	for hi-lo > 1e-4 {
		mid := (lo + hi) / 2
		if detects(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}

// Paired compares rounds of an interleaved experiment: round i measured
// old and new one after the other (in alternating order), so a drift of
// the machine slower than a round moves both alike and cancels in their
// ratio.
type Paired struct {
	// Ratio is the change new/old as a ratio: the Hodges–Lehmann estimate
	// over the rounds' log ratios (the median of their Walsh averages),
	// with the interval that inverts the signed-rank test at level
	// 1-Alpha or the widest there is.
	Ratio Interval
	P     float64 // two-sided Wilcoxon signed-rank test of "the ratio is 1"
	Alpha float64
	// MDE is the smallest relative change the test would have called
	// significant, had the ratios kept their spread around their centre.
	MDE float64
}

// Significant reports whether the signed-rank test rejects "no change"
// at Alpha; for the same rounds, exactly when Ratio's interval excludes 1
// (untied rounds).
func (p Paired) Significant() bool { return p.P <= p.Alpha }

// Change is the relative change the estimate shows.
func (p Paired) Change() float64 { return p.Ratio.Median - 1 }

// ComparePaired takes old[i] and new[i] from round i and tests their log
// ratios with the signed-rank test (see signedrank.go), which assumes
// that the rounds are independent, as fresh processes make them, and
// that swapping a round's sides changes nothing under "no change", as
// alternating which side runs first makes it.
func ComparePaired(old, new []float64, alpha float64) Paired {
	var ls []float64
	for i := range min(len(old), len(new)) {
		if old[i] > 0 && new[i] > 0 {
			ls = append(ls, math.Log(new[i]/old[i]))
		}
	}
	p := Paired{P: 1, Alpha: alpha, MDE: math.Inf(1)}
	if len(ls) == 0 {
		return p
	}
	cdf := signedRankCDF(len(ls))
	iv := signedRankInterval(ls, cdf, 1-alpha)
	p.Ratio = Interval{N: iv.N, Level: iv.Level, Median: math.Exp(iv.Median), Lo: math.Exp(iv.Lo), Hi: math.Exp(iv.Hi)}
	p.P = signedRankTest(ls)
	if len(ls) < 2 || iv.Level < 1-alpha {
		return p
	}
	c := make([]float64, len(ls))
	for i, l := range ls {
		c[i] = l - iv.Median
	}
	ci := signedRankInterval(c, cdf, 1-alpha)
	p.MDE = math.Max(math.Exp(-ci.Lo)-1, math.Exp(ci.Hi)-1)
	return p
}
