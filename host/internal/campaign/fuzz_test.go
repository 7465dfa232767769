package campaign

import (
	"bytes"
	"encoding/json"
	"math"
	"sort"
	"strings"
	"testing"

	"github.com/google/pprof/profile"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/registry"
	"crucible.dev/registry/eval/catalog"
)

// FuzzHashShare parses whatever a plugin returns as a CPU profile: garbage
// is an error, and a parsed share is a fraction. The seeds are profiles
// that parse, so the property is reached: one with a helper under a
// caller, and one whose values a plugin has made negative.
func FuzzHashShare(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte("\x1f\x8b\x08\x00"))
	f.Add(testProfile(f, 30, 70))
	f.Add(testProfile(f, -50, 10))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := HashShare(b, []string{"crucible.dev/registry/iccs."})
		if err != nil {
			return
		}
		if s.Total < 0 || s.Total > 1 || math.IsNaN(s.Total) {
			t.Fatalf("share %v", s.Total)
		}
		for fn, v := range s.ByFunc {
			if v < 0 || v > s.Total+1e-12 || math.IsNaN(v) {
				t.Fatalf("%s: share %v of a total %v", fn, v, s.Total)
			}
		}
	})
}

// testProfile is a CPU profile of two stacks: helper nanoseconds in an
// ICCS helper, other nanoseconds in the operation itself.
func testProfile(tb testing.TB, helper, other int64) []byte {
	fn := func(id uint64, name string) *profile.Function { return &profile.Function{ID: id, Name: name} }
	op, iccs := fn(1, "main.decaps"), fn(2, "crucible.dev/registry/iccs.sm3hash")
	loc := func(id uint64, f *profile.Function) *profile.Location {
		return &profile.Location{ID: id, Line: []profile.Line{{Function: f}}}
	}
	lop, liccs := loc(1, op), loc(2, iccs)
	p := &profile.Profile{
		SampleType: []*profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}},
		Sample: []*profile.Sample{
			{Location: []*profile.Location{liccs, lop}, Value: []int64{1, helper}},
			{Location: []*profile.Location{lop}, Value: []int64{3, other}},
		},
		Location: []*profile.Location{lop, liccs},
		Function: []*profile.Function{op, iccs},
		Period:   1, PeriodType: &profile.ValueType{Type: "cpu", Unit: "nanoseconds"},
	}
	var b bytes.Buffer
	if err := p.Write(&b); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

// TestHashShareProfile: the fuzz seeds reach the property: an honest
// profile gives the helper's share, a negative value is refused.
func TestHashShareProfile(t *testing.T) {
	s, err := HashShare(testProfile(t, 30, 70), []string{"crucible.dev/registry/iccs."})
	if err != nil {
		t.Fatal(err)
	}
	if s.Total != 0.3 || s.Samples != 4 {
		t.Errorf("share %v over %d samples, want 0.3 over 4", s.Total, s.Samples)
	}
	if _, err := HashShare(testProfile(t, -50, 10), []string{"crucible.dev/registry/iccs."}); err == nil {
		t.Error("a profile with a negative value was accepted")
	}
}

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

// FuzzAudit lines up declared and returned sizes, whatever a plugin says:
// a row passes only when what came back is what was declared (or, for a
// variable-length field, no longer than it), and, for an entry in the
// catalog, what was declared is the catalog's (or its seed form).
func FuzzAudit(f *testing.F) {
	f.Add(784, 1712, 1047, 64, 3, 32, 0, 0, 0, 0)
	f.Add(784, 1712, 1047, 64, 3, 32, 0, 1, 0, -1)
	f.Fuzz(func(t *testing.T, pk, sk, ct, ss, npass, msg, dpk, dsk, dct, dss int) {
		if npass < 0 || npass > 64 {
			return
		}
		d := registry.Sizes{PublicKey: pk, SecretKey: sk, Ciphertext: ct, SharedSecret: ss, Signature: ct}
		for i := 0; i < npass; i++ {
			d.Messages = append(d.Messages, msg)
		}
		a := d
		a.Messages = append([]int(nil), d.Messages...)
		a.PublicKey += dpk
		a.SecretKey += dsk
		a.Ciphertext += dct
		a.Signature += dct
		a.SharedSecret += dss
		e, _ := catalog.Lookup("Amoeba128")
		for _, entry := range []*catalog.Entry{e, nil} {
			for _, k := range registry.Kinds {
				for _, row := range auditRows(entry, d, a, k) {
					if !row.OK {
						continue
					}
					if row.Actual != row.Declared && !(row.Actual > 0 && row.Actual < row.Declared && strings.Contains(row.Note, "variable length")) {
						t.Fatalf("%s passes with declared %d, returned %d (%s)", row.Field, row.Declared, row.Actual, row.Note)
					}
					if entry != nil && row.Declared != row.Catalog && row.Note != "seed form" {
						t.Fatalf("%s passes with declared %d against the catalog's %d", row.Field, row.Declared, row.Catalog)
					}
				}
			}
		}
	})
}
