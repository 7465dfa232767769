package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestMedianIntervalOrderStatistics(t *testing.T) {
	// Five units: the best order-statistic interval is [min, max] at
	// 1 - 2/32 = 93.75%.
	iv := MedianInterval([]float64{5, 1, 4, 2, 3}, 0.95)
	if iv.Median != 3 || iv.Lo != 1 || iv.Hi != 5 || math.Abs(iv.Level-0.9375) > 1e-12 || iv.N != 5 {
		t.Errorf("n=5: %+v", iv)
	}
	// Ten units: [x(2), x(9)] covers 1 - 2·11/1024 = 97.85%; [x(3), x(8)]
	// only 89.06%.
	var v []float64
	for i := 10; i >= 1; i-- {
		v = append(v, float64(i))
	}
	iv = MedianInterval(v, 0.95)
	if iv.Lo != 2 || iv.Hi != 9 || math.Abs(iv.Level-(1-22.0/1024)) > 1e-12 || iv.Median != 5.5 {
		t.Errorf("n=10: %+v", iv)
	}
	if iv := MedianInterval([]float64{7}, 0.95); iv.Valid() || iv.Level != 0 || iv.Median != 7 {
		t.Errorf("n=1: %+v", iv)
	}
}

// TestMedianIntervalCoverage draws many samples of a skewed distribution
// whose median is known and checks the intervals cover it about as often
// as they claim.
func TestMedianIntervalCoverage(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	median := math.Ln2 // of the unit exponential
	for _, n := range []int{5, 10, 25} {
		const draws = 4000
		covered := 0
		var level float64
		for d := 0; d < draws; d++ {
			xs := make([]float64, n)
			for i := range xs {
				xs[i] = rng.ExpFloat64()
			}
			iv := MedianInterval(xs, 0.95)
			level = iv.Level
			if iv.Lo <= median && median <= iv.Hi {
				covered++
			}
		}
		got := float64(covered) / draws
		// Four standard errors of a binomial proportion around the claim.
		if se := math.Sqrt(level * (1 - level) / draws); math.Abs(got-level) > 4*se {
			t.Errorf("n=%d: covered %.4f, claims %.4f", n, got, level)
		}
	}
}

func TestOverlaps(t *testing.T) {
	a := Interval{Median: 10, Lo: 9, Hi: 11, N: 5}
	b := Interval{Median: 12, Lo: 10.5, Hi: 13, N: 5}
	c := Interval{Median: 20, Lo: 19, Hi: 21, N: 5}
	if !a.Overlaps(b) || !b.Overlaps(a) {
		t.Error("overlapping intervals not a tie")
	}
	if a.Overlaps(c) || c.Overlaps(a) {
		t.Error("disjoint intervals called a tie")
	}
	if one := (Interval{Median: 10, Lo: 10, Hi: 10, N: 1}); one.Overlaps(a) {
		t.Error("a single unit has no interval to overlap")
	}
}

func TestBinomialCDF(t *testing.T) {
	for _, c := range []struct {
		n, k int
		want float64
	}{{5, 0, 1.0 / 32}, {10, 1, 11.0 / 1024}, {10, 10, 1}, {4, -1, 0}, {6, 3, 42.0 / 64}} {
		if got := BinomialCDF(c.n, c.k); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("BinomialCDF(%d, %d) = %v, want %v", c.n, c.k, got, c.want)
		}
	}
}
