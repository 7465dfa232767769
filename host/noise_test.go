package main

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"crucible.dev/host/internal/evidence"
)

// TestNoiseMarked benchmarks beside more CPU hogs than CPUs: the trials are
// run again and then kept marked as disturbed, campaign.json grades the
// run, and the host warns.
func TestNoiseMarked(t *testing.T) {
	_, plugins := build(t)
	for range 2 * runtime.NumCPU() {
		hog := exec.Command("sh", "-c", "while :; do :; done")
		if err := hog.Start(); err != nil {
			t.Fatal(err)
		}
		defer func() { hog.Process.Kill(); hog.Wait() }()
	}
	out := filepath.Join(t.TempDir(), "r")
	args := quick(plugins, out, "--suite", "x25519", "--trials", "2")
	args[0] = "bench"
	code, log := runHost(t, args...)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, log)
	}
	run, err := evidence.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	marked, retries := 0, 0
	for _, r := range run.Records {
		for _, tr := range r.Trials {
			if tr.Noise == nil {
				t.Fatalf("%s: a trial without its noise window", run.Paths[r])
			}
			retries += tr.Retries
			if tr.Noise.Disturbed {
				marked++
				if tr.Retries != 2 {
					t.Errorf("%s: a trial kept disturbed after %d retries, want 2", run.Paths[r], tr.Retries)
				}
			}
		}
	}
	if marked == 0 {
		t.Errorf("no trial marked disturbed beside %d hogs on %d CPUs", 2*runtime.NumCPU(), runtime.NumCPU())
	}
	var camp evidence.Campaign
	if err := evidence.ReadJSON(evidence.CampaignPath(out), &camp); err != nil {
		t.Fatal(err)
	}
	if g := camp.Noise; g == nil || g.Grade == "quiet" || g.Retried == 0 || g.Disturbed != marked || g.Retried != retries {
		t.Errorf("campaign.json noise grade %+v, want a retried, non-quiet grade counting the %d marked trials and the %d retries the trials record", g, marked, retries)
	}
	if !strings.Contains(log, "trials were disturbed by other work") {
		t.Errorf("no warning about the disturbed trials\n%s", log)
	}
}
