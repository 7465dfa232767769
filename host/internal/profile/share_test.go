package profile

import (
	"bytes"
	"testing"

	pprofile "github.com/google/pprof/profile"
)

// TestHashShareSamples: pprof merges samples with the same stack into one
// entry with a count; the share's sample count is the samples taken, not
// the entries (a cgo call's profile is one entry of a hundred samples).
func TestHashShareSamples(t *testing.T) {
	const period = 4_000_000
	helper := &pprofile.Function{ID: 1, Name: "crucible.dev/registry/iccs.SM3"}
	other := &pprofile.Function{ID: 2, Name: "main.keygen"}
	locH := &pprofile.Location{ID: 1, Line: []pprofile.Line{{Function: helper}}}
	locO := &pprofile.Location{ID: 2, Line: []pprofile.Line{{Function: other}}}
	p := &pprofile.Profile{
		SampleType: []*pprofile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}},
		PeriodType: &pprofile.ValueType{Type: "cpu", Unit: "nanoseconds"},
		Period:     period,
		Sample: []*pprofile.Sample{
			{Location: []*pprofile.Location{locH, locO}, Value: []int64{30, 30 * period}},
			{Location: []*pprofile.Location{locO}, Value: []int64{70, 70 * period}},
		},
		Location: []*pprofile.Location{locH, locO},
		Function: []*pprofile.Function{helper, other},
	}
	var b bytes.Buffer
	if err := p.Write(&b); err != nil {
		t.Fatal(err)
	}
	hs, err := HashShare(b.Bytes(), []string{"crucible.dev/registry/iccs."})
	if err != nil {
		t.Fatal(err)
	}
	if hs.Samples != 100 {
		t.Errorf("samples %d, want 100 (two stacks, 30 and 70 samples)", hs.Samples)
	}
	if hs.Total != 0.3 {
		t.Errorf("share %v, want 0.3", hs.Total)
	}
}

// TestProfileWorkers: profiles go side by side on two CPUs, never more
// processes than operations, and one at a time when plugins are pinned to
// one CPU.
func TestProfileWorkers(t *testing.T) {
	for _, c := range []struct {
		pinned       bool
		cpus, points int
		want         int
	}{
		{false, 2, 9, 2}, {false, 64, 9, 2}, {false, 1, 9, 1}, {false, 2, 1, 1}, {true, 2, 9, 1},
	} {
		if got := Workers(c.pinned, c.cpus, c.points); got != c.want {
			t.Errorf("Workers(%v, %d, %d) = %d, want %d", c.pinned, c.cpus, c.points, got, c.want)
		}
	}
}
