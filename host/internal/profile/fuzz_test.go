package profile

import (
	"bytes"
	"math"
	"testing"

	pprofile "github.com/google/pprof/profile"
)

// FuzzHashShare parses whatever a plugin returns as a CPU profile: garbage
// is an error, and a parsed share is a fraction. The seeds are profiles
// that parse, so the property is reached: one with a helper under a
// caller, and one whose values a plugin has made negative.
func FuzzHashShare(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte("\x1f\x8b\x08\x00"))
	f.Add(testProfile(f, 30, 70))
	f.Add(testProfile(f, -50, 100))
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
	fn := func(id uint64, name string) *pprofile.Function { return &pprofile.Function{ID: id, Name: name} }
	op, iccs := fn(1, "main.decaps"), fn(2, "crucible.dev/registry/iccs.sm3hash")
	loc := func(id uint64, f *pprofile.Function) *pprofile.Location {
		return &pprofile.Location{ID: id, Line: []pprofile.Line{{Function: f}}}
	}
	lop, liccs := loc(1, op), loc(2, iccs)
	p := &pprofile.Profile{
		SampleType: []*pprofile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}},
		Sample: []*pprofile.Sample{
			{Location: []*pprofile.Location{liccs, lop}, Value: []int64{1, helper}},
			{Location: []*pprofile.Location{lop}, Value: []int64{3, other}},
		},
		Location: []*pprofile.Location{lop, liccs},
		Function: []*pprofile.Function{op, iccs},
		Period:   1, PeriodType: &pprofile.ValueType{Type: "cpu", Unit: "nanoseconds"},
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
	if _, err := HashShare(testProfile(t, -50, 100), []string{"crucible.dev/registry/iccs."}); err == nil {
		t.Error("a profile with a negative value was accepted")
	}
}
