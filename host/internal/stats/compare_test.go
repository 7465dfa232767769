package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestCompareUnits(t *testing.T) {
	old := []float64{100, 101, 99, 102, 98}
	same := CompareUnits(old, old, 0.05)
	if same.Significant() || same.Change() != 0 {
		t.Errorf("a sample against itself: %+v", same)
	}
	// Five against five, every new unit above every old: the smallest p
	// the exact U test has for 5+5, 2/252.
	slow := CompareUnits(old, scaled(old, 1.2), 0.05)
	if !slow.Significant() || math.Abs(slow.P-2.0/252) > 1e-9 || math.Abs(slow.Change()-0.2) > 1e-12 {
		t.Errorf("20%% slower: %+v", slow)
	}
	// The MDE is where the verdict turns: just above it the shifted
	// units differ, just below they do not; and it is below the shift
	// that separates them completely (1.02/0.98).
	if !(same.MDE > 0 && same.MDE < 1.02/0.98-1) {
		t.Errorf("MDE %v", same.MDE)
	}
	if !CompareUnits(old, scaled(old, 1+same.MDE*1.01), 0.05).Significant() || CompareUnits(old, scaled(old, 1+same.MDE*0.99), 0.05).Significant() {
		t.Errorf("the verdict does not turn at the MDE %v", same.MDE)
	}
	// Two units against two: the U test cannot reach 5% whatever the
	// change.
	if s := CompareUnits([]float64{1, 2}, []float64{5, 6}, 0.05); !math.IsInf(s.MDE, 1) || s.Significant() {
		t.Errorf("2+2: %+v", s)
	}
}

func TestComparePaired(t *testing.T) {
	// A machine drifting to twice its speed over the rounds: separate
	// samples overlap widely, the rounds' ratios do not move.
	var a, b []float64
	for i := range 10 {
		drift := 1 + float64(i)/10
		a = append(a, 100*drift)
		b = append(b, 110*drift*(1+0.001*float64(i%3-1)))
	}
	p := ComparePaired(a, b, 0.05)
	if !p.Significant() || math.Abs(p.Change()-0.1) > 0.002 {
		t.Errorf("10%% slower under drift: %+v", p)
	}
	if u := CompareUnits(a, b, 0.05); u.Significant() {
		t.Errorf("the unpaired test should not see 10%% through a drift of 100%%: %+v", u)
	}
	if p.MDE > 0.01 {
		t.Errorf("ratios within 0.1%%: MDE %v", p.MDE)
	}
	// Same code: ratios scattered on both sides of 1.
	rng := rand.New(rand.NewPCG(5, 6))
	var fp int
	const reps = 2000
	for range reps {
		var x, y []float64
		for range 10 {
			x = append(x, 100*(1+0.05*rng.NormFloat64()))
			y = append(y, 100*(1+0.05*rng.NormFloat64()))
		}
		p := ComparePaired(x, y, 0.05)
		if p.Significant() {
			fp++
		}
		if p.Significant() != (p.Ratio.Lo > 1 || p.Ratio.Hi < 1) {
			t.Fatalf("the verdict and the interval disagree: %+v", p)
		}
	}
	// The exact test rejects with probability at most 5%; three
	// standard errors of 2000 repetitions above that.
	if rate := float64(fp) / reps; rate > 0.065 {
		t.Errorf("false positives %.3f", rate)
	}
	if p := ComparePaired([]float64{1, 2}, []float64{2, 4}, 0.05); p.Significant() || !math.IsInf(p.MDE, 1) {
		t.Errorf("two rounds: %+v", p)
	}
}

// TestSignedRankExact: the null distribution is the one counted by hand
// for three ranks, every size's test rejects with probability at most
// alpha, and its power beats the sign test's.
func TestSignedRankExact(t *testing.T) {
	// n = 3: the 8 sign patterns give T+ = 0,1,2,3,3,4,5,6.
	want := []float64{1, 2, 3, 5, 6, 7, 8}
	for s, c := range signedRankCDF(3) {
		if math.Abs(c*8-want[s]) > 1e-12 {
			t.Errorf("P(T+ ≤ %d) = %v/8, want %v/8", s, c*8, want[s])
		}
	}
	for n := 6; n <= 40; n++ {
		cdf := signedRankCDF(n)
		m := n * (n + 1) / 2
		var size float64
		for s := 0; s <= m; s++ {
			low := min(s, m-s)
			if math.Min(1, 2*cdf[low]) <= 0.05 {
				size += cdf[s] - pdfBelow(cdf, s)
			}
		}
		if size > 0.05+1e-12 {
			t.Errorf("n = %d: the test rejects with probability %v", n, size)
		}
	}
	// Ten rounds, the new side 10% slower with noise of one standard
	// deviation: the sign test finds it about half the time
	// (P(≥ 9 of 10 signs) at p = 0.84), the signed-rank test far more often.
	rng := rand.New(rand.NewPCG(7, 8))
	var hits int
	const reps = 2000
	for range reps {
		var x, y []float64
		for range 10 {
			x = append(x, 100)
			y = append(y, 100*math.Exp(0.1+0.1*rng.NormFloat64()))
		}
		if p := ComparePaired(x, y, 0.05); p.Significant() && p.Change() > 0 {
			hits++
		}
	}
	if power := float64(hits) / reps; power < 0.7 {
		t.Errorf("power %.3f at one standard deviation with ten rounds", power)
	}
}

func pdfBelow(cdf []float64, s int) float64 {
	if s == 0 {
		return 0
	}
	return cdf[s-1]
}
