package main

import (
	"path/filepath"
	"testing"

	"crucible.dev/host/internal/evidence"
)

// TestProfiles: every timed operation of an instance that names helper
// functions gets a CPU profile and a hash share, taken by the last trial's
// process and a second one side by side, and the share counts the samples
// the profiler took (about a hundred at registry.ProfileHz for
// profileSeconds; a floor of 20 leaves room for a loaded machine), which
// host validate recomputes from the profile.
func TestProfiles(t *testing.T) {
	dir := faultDir(t, "profiled")
	out := filepath.Join(t.TempDir(), "r")
	code, log := runHost(t, "bench", "--no-source", "--plugin-dir", dir, "--out", out, "--suite", "fault-profiled",
		"--trials", "2", "--trial-target", "2ms", "--min-calls", "10", "--fresh", "0")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, log)
	}
	run, err := evidence.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(run.Records) < 3 {
		t.Fatalf("%d records", len(run.Records))
	}
	for _, r := range run.Records {
		if r.Profile == "" || r.Share == nil {
			t.Errorf("%s: no profile (%q) or share (%v)", r.Op, r.Profile, r.Share)
			continue
		}
		if r.Share.Samples < 20 {
			t.Errorf("%s: %d samples", r.Op, r.Share.Samples)
		}
		if len(r.Trials) != 2 {
			t.Errorf("%s: %d trials", r.Op, len(r.Trials))
		}
	}
	if code, log := runHost(t, "validate", out); code != 0 {
		t.Errorf("validate: exit %d\n%s", code, log)
	}
}
