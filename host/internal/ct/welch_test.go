package ct

import (
	"math"
	"math/rand/v2"
	"testing"
)

// synthTimes draws n timings: class 1 takes base cycles plus noise, class 0
// extra cycles more, and a fraction of all calls is hit by an interrupt of
// a million cycles, as on a busy shared machine. Class 1 is drawn a little
// more often than class 0, as it is in about half of all real runs: then
// every crop at or below the median holds class 1 alone.
func synthTimes(n int, base, extra, interrupts float64) ([]float64, []byte) {
	r := rand.New(rand.NewPCG(7, 8))
	t, class := make([]float64, n), make([]byte, n)
	for i := range t {
		if r.Float64() < 0.51 {
			class[i] = 1
		}
		t[i] = base + r.NormFloat64()*base/20
		if class[i] == 0 {
			t[i] += extra
		}
		if r.Float64() < interrupts {
			t[i] += 1e6 * (1 + r.Float64())
		}
	}
	return t, class
}

// TestWelchCrops checks the statistic on synthetic timings: a leak of half
// the operation's time is flagged even when interrupts hit 2% of the calls
// (the uncropped t is far below the threshold there, and the crops at or
// below the median hold one class: the crops above it must see the leak),
// and equal classes are not.
func TestWelchCrops(t *testing.T) {
	for _, c := range []struct {
		name       string
		extra      float64
		interrupts float64
		leak       bool
	}{
		{"large leak", 500, 0, true},
		{"large leak, interrupts", 500, 0.02, true},
		{"small leak, interrupts", 20, 0.02, true},
		{"no leak", 0, 0, false},
		{"no leak, interrupts", 0, 0.02, false},
	} {
		times, class := synthTimes(20000, 1000, c.extra, c.interrupts)
		r := Welch(times, class)
		if len(r.TByCrop) != Crops+1 || r.N != len(times) {
			t.Fatalf("%s: %d crops over %d timings", c.name, len(r.TByCrop), r.N)
		}
		t.Logf("%s: |t| = %.2f, uncropped %.2f", c.name, r.T, r.TByCrop[0])
		if got := r.T > Threshold; got != c.leak {
			t.Errorf("%s: |t| = %.2f (uncropped %.2f), leak %v, want %v", c.name, r.T, r.TByCrop[0], got, c.leak)
		}
	}
}

func TestWelch(t *testing.T) {
	var a, b welford
	for _, x := range []float64{1, 2, 3, 4, 5} {
		a.add(x)
	}
	for _, x := range []float64{2, 4, 6, 8, 10} {
		b.add(x)
	}
	// means 3 and 6, variances 2.5 and 10: t = -3 / sqrt(0.5 + 2).
	if got, want := welch(a, b), -3/math.Sqrt(2.5); math.Abs(got-want) > 1e-12 {
		t.Fatalf("t = %v, want %v", got, want)
	}
}
