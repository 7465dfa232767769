package registry

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"math"
	"sort"
)

// CTPool is how many different inputs the random class cycles through.
const CTPool = 128

// CTThreshold is the |t| above which the constant-time check reports a
// leak (dudect's threshold: with thousands of measurements a |t| this
// large is very unlikely when the two classes take the same time).
const CTThreshold = 4.5

// CTCrops is how many percentile crops the test adds to the uncropped one:
// dudect's ladder 1-0.5^(10(k+1)/CTCrops), from the 7th percentile to the
// 99.9th. The low crops see small leaks under heavy noise; the high ones
// keep both classes of a large leak while dropping the interrupts that
// would otherwise drown it.
const CTCrops = 100

// CTResult is the outcome of a fixed-vs-random timing test.
type CTResult struct {
	T       float64   // the largest |t| over the crops
	N       int       // measurements
	TByCrop []float64 // |t| with no crop, then cropped above each of CTCrops percentiles
}

// ConstantTime runs op's fixed-vs-random test: n measurements, the class of
// each drawn at random so that drift over time hits both alike, timed with
// the cycle counter, then Welch's t-test on the raw timings and on timings
// cropped above each of CTCrops percentiles (large outliers come from
// interrupts, not from the secret).
func ConstantTime(in *Instance, op Op, n int) (*CTResult, error) {
	if op.CT == nil {
		return nil, fmt.Errorf("ct %s %s: the operation has no constant-time test", in.ID(), op.Name)
	}
	run, err := op.CT(rand.Reader, CTPool)
	if err != nil {
		return nil, fmt.Errorf("ct %s %s: prepare: %w", in.ID(), op.Name, err)
	}
	class := make([]byte, n)
	if _, err := rand.Read(class); err != nil {
		return nil, err
	}
	idx := make([]byte, 2*n)
	rand.Read(idx)
	t := make([]float64, n)
	for i := 0; i < min(n, 1000); i++ { // warm-up
		run(int(class[i]&1), i%CTPool)
	}
	for i := range t {
		c := int(class[i] & 1)
		j := int(binary.LittleEndian.Uint16(idx[2*i:])) % CTPool
		c0 := cycles()
		err := run(c, j)
		c1 := cycles()
		if err != nil {
			return nil, fmt.Errorf("ct %s %s: %w", in.ID(), op.Name, err)
		}
		t[i] = float64(c1 - c0)
	}
	return welchCrops(t, class), nil
}

// welchCrops is the statistic of a test: Welch's |t| between the timings of
// class 0 and class 1 (the low bit of class[i]), uncropped and cropped above
// each of CTCrops percentiles, and the largest of them.
func welchCrops(t []float64, class []byte) *CTResult {
	n := len(t)
	sorted := append([]float64(nil), t...)
	sort.Float64s(sorted)
	res := &CTResult{N: n}
	crops := []float64{math.Inf(1)}
	for k := 0; k < CTCrops; k++ {
		p := 1 - math.Pow(0.5, 10*float64(k+1)/CTCrops)
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
