package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"crucible.dev/host/internal/evidence"
)

// TestBoundsHonestUnderLoad benchmarks an honest plugin 20 times beside a
// CPU hog: the host-side bounds never flag it.
func TestBoundsHonestUnderLoad(t *testing.T) {
	_, plugins := build(t)
	hog := exec.Command("sh", "-c", "while :; do :; done")
	if err := hog.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { hog.Process.Kill(); hog.Wait() }()
	trials := 0
	for i := 0; i < 20; i++ {
		out := filepath.Join(t.TempDir(), "r")
		args := quick(plugins, out, "--suite", "x25519", "--trials", "1")
		args[0] = "bench"
		code, log := runHost(t, args...)
		if code != 0 || strings.Contains(log, "inconsistent with host measurement") {
			t.Fatalf("run %d: exit %d\n%s", i, code, log)
		}
		run, err := evidence.Load(out)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range run.Records {
			for _, tr := range r.Trials {
				if tr.HostWallNS <= 0 || tr.HostCPUNS <= 0 {
					t.Fatalf("%s: the host measured nothing of the call: %+v", run.Paths[r], tr)
				}
				trials++
			}
		}
	}
	t.Logf("%d honest trials beside a CPU hog, none flagged", trials)
}
