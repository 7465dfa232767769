package evidencetest

import (
	"bytes"
	"testing"

	pprofile "github.com/google/pprof/profile"
)

// profilePeriod is the synthetic profiles' sampling period in nanoseconds.
const profilePeriod = 10_000_000

// Profile is a CPU profile of helper+other samples: helper of them in the
// function named helper under a caller, the rest in the caller alone, so
// the hash share of helper's prefix is helper/(helper+other).
func Profile(t testing.TB, helper string, in, other int64) []byte {
	t.Helper()
	caller := &pprofile.Function{ID: 1, Name: "toy.main"}
	fn := &pprofile.Function{ID: 2, Name: helper}
	lc := &pprofile.Location{ID: 1, Line: []pprofile.Line{{Function: caller}}}
	lf := &pprofile.Location{ID: 2, Line: []pprofile.Line{{Function: fn}}}
	p := &pprofile.Profile{
		SampleType: []*pprofile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}},
		PeriodType: &pprofile.ValueType{Type: "cpu", Unit: "nanoseconds"},
		Period:     profilePeriod,
		Sample: []*pprofile.Sample{
			{Location: []*pprofile.Location{lf, lc}, Value: []int64{in, in * profilePeriod}},
			{Location: []*pprofile.Location{lc}, Value: []int64{other, other * profilePeriod}},
		},
		Location: []*pprofile.Location{lc, lf},
		Function: []*pprofile.Function{caller, fn},
	}
	var b bytes.Buffer
	if err := p.Write(&b); err != nil {
		t.Fatalf("synthetic profile: %v", err)
	}
	return b.Bytes()
}
