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
