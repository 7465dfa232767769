package stats

import (
	"math"
	"testing"
)

func TestSummarize(t *testing.T) {
	s := Summarize([]float64{5, 1, 4, 2, 3, 100, 6, 7}, 10)
	check := func(name string, got, want float64) {
		t.Helper()
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
	// sorted: 1 2 3 4 5 6 7 100
	check("mean", s.Mean, 128.0/8)
	check("median", s.Median, 4.5)
	check("min", s.Min, 1)
	check("max", s.Max, 100)
	check("iqm", s.IQM, (3+4+5+6)/4.0)
	check("p10", s.P10, 1.7)
	check("p90", s.P90, 7+0.3*93)
	if s.N != 80 {
		t.Errorf("n = %d, want 80", s.N)
	}
}

func TestIQMFractional(t *testing.T) {
	// n = 6: the middle half spans ranks 1.5 to 4.5.
	got := iqm([]float64{1, 2, 3, 4, 5, 6})
	want := (0.5*2 + 3 + 4 + 0.5*5) / 3
	if math.Abs(got-want) > 1e-12 {
		t.Fatalf("iqm = %v, want %v", got, want)
	}
}
