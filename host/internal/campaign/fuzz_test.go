package campaign

import (
	"encoding/json"
	"math"
	"sort"
	"testing"

	"crucible.dev/host/internal/evidence"
)

// FuzzRecompute recomputes statistics from whatever trials a record holds:
// no panic, whatever the samples and batch sizes; and, for trials with a
// batch of at least one, the figures are those computed directly from the
// samples: the count of calls, the pooled median per call, the order
// min <= p10 <= median <= p90 <= max, one median per counted trial and
// the trials outside the host's bounds excluded. The first seeds reach
// the property with several trials, uneven batches and an excluded trial.
func FuzzRecompute(f *testing.F) {
	f.Add([]byte(`{"trials":[{"batch":2,"ns":[10,20,30],"cycles":[1,2,3]},{"batch":1,"ns":[7,50],"cycles":[4,5]}],"msg_len":64}`))
	f.Add([]byte(`{"trials":[{"batch":4,"ns":[400,40,4000,44],"cycles":[1,1,1,1]},{"batch":1,"ns":[900],"cycles":[9],"host_wall_ns":10}]}`))
	f.Add([]byte(`{"trials":[{"batch":0,"ns":[1],"cycles":[]}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var r evidence.Record
		if json.Unmarshal(b, &r) != nil {
			return
		}
		s := r.Recompute()
		var per []float64
		var calls int64
		counted, excluded := 0, 0
		for _, tr := range r.Trials {
			if tr.Batch < 1 {
				return // a batch of zero divides by zero: only "no panic" holds
			}
			if tr.Unbounded() != "" {
				excluded++
				continue
			}
			counted++
			calls += int64(len(tr.NS)) * tr.Batch
			for _, ns := range tr.NS {
				per = append(per, float64(ns)/float64(tr.Batch))
			}
		}
		if s.Excluded != excluded {
			t.Fatalf("%d trials excluded, want %d", s.Excluded, excluded)
		}
		if calls == 0 {
			return
		}
		if s.NS.N != int(calls) || len(s.TrialMedian) != counted {
			t.Fatalf("n %d over %d trial medians, want %d over %d", s.NS.N, len(s.TrialMedian), calls, counted)
		}
		if len(per) == 0 {
			return
		}
		sort.Float64s(per)
		k := len(per) / 2
		median := per[k]
		if len(per)%2 == 0 {
			median = per[k-1] + (per[k]-per[k-1])/2
		}
		if !near(s.NS.Median, median) {
			t.Fatalf("median %v, the samples' is %v", s.NS.Median, median)
		}
		if s.NS.Min != per[0] || s.NS.Max != per[len(per)-1] {
			t.Fatalf("min %v max %v, the samples' are %v and %v", s.NS.Min, s.NS.Max, per[0], per[len(per)-1])
		}
		if !(s.NS.Min <= s.NS.P10 && s.NS.P10 <= s.NS.Median && s.NS.Median <= s.NS.P90 && s.NS.P90 <= s.NS.Max) {
			t.Fatalf("out of order: min %v p10 %v median %v p90 %v max %v", s.NS.Min, s.NS.P10, s.NS.Median, s.NS.P90, s.NS.Max)
		}
	})
}

// near reports whether a and b agree to within rounding.
func near(a, b float64) bool {
	return math.Abs(a-b) <= 1e-9*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}
