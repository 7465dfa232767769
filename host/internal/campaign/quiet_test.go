package campaign

import (
	"io"
	"testing"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/noise"
)

// TestNoiseGradeResumed: a resumed run grades the noise from the trials
// its directory keeps, and the retries before each of them count too,
// including those of a host that was killed before it could write the
// grade (this host retried nothing).
func TestNoiseGradeResumed(t *testing.T) {
	dir := t.TempDir()
	if err := evidence.WriteJSON(evidence.CampaignPath(dir), evidence.Campaign{Tool: "crucible host"}); err != nil {
		t.Fatal(err)
	}
	quiet, loud := &noise.Window{}, &noise.Window{Disturbed: true}
	rec := evidence.Record{Plugin: "p", Instance: "I/go", Name: "I", Impl: "go", Op: "keygen", BaseOp: "keygen",
		Trials: []evidence.Trial{{Noise: quiet}, {Noise: quiet, Retries: 1}, {Noise: loud, Retries: 2}}}
	if err := evidence.WriteJSON(evidence.RecordPath(dir, "p", "I_go", "keygen"), rec); err != nil {
		t.Fatal(err)
	}
	c := &Campaign{cfg: Config{Out: dir, Resume: true, Log: io.Discard}}
	c.gradeNoise()
	var camp evidence.Campaign
	if err := evidence.ReadJSON(evidence.CampaignPath(dir), &camp); err != nil {
		t.Fatal(err)
	}
	if g := camp.Noise; g == nil || g.Trials != 3 || g.Disturbed != 1 || g.Retried != 3 {
		t.Errorf("grade %+v, want 3 trials, 1 disturbed, 3 retries", g)
	}
}

// TestKeepTrial: a timed call outside the host's bounds is run again like
// a disturbed one, and the last try is kept whatever it is, so forged
// timings are still flagged.
func TestKeepTrial(t *testing.T) {
	const ms = 1_000_000
	honest := evidence.Trial{Batch: 1, NS: []int64{10 * ms, 10 * ms}, HostWallNS: 21 * ms, HostCPUNS: 20 * ms, HostWaitNS: 1 * ms}
	stalled := honest
	stalled.HostWallNS += 60 * ms // neither running nor waiting for a CPU
	if stalled.Unbounded() == "" {
		t.Fatal("the stalled call is within the bounds: the fixture tests nothing")
	}
	for _, c := range []struct {
		name      string
		tr        evidence.Trial
		disturbed bool
		try       int
		keep      bool
	}{
		{"honest, quiet", honest, false, 0, true},
		{"honest, disturbed", honest, true, 0, false},
		{"stalled, quiet", stalled, false, 0, false},
		{"stalled, quiet, second try", stalled, false, 1, false},
		{"stalled, last try", stalled, false, maxRetries, true},
	} {
		camp := &Campaign{}
		tr := c.tr
		if got := camp.keepTrial(&tr, noise.Window{Disturbed: c.disturbed}, c.try, 0); got != c.keep {
			t.Errorf("%s: kept %v, want %v", c.name, got, c.keep)
		}
		if tr.Retries != c.try || tr.Noise == nil {
			t.Errorf("%s: the trial is not marked with its retries and window: %+v", c.name, tr)
		}
	}
}
