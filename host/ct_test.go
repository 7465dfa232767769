package main

import (
	"path/filepath"
	"strings"
	"testing"

	"crucible.dev/host/internal/evidence"
)

// TestCT shows the constant-time check flags an early-exit comparison, in
// its run and in the repeat, and does not flag a constant-time one; the
// verdicts are the host's, computed from raw measurements it keeps, and
// validate recomputes them.
func TestCT(t *testing.T) {
	dir := faultDir(t, "ctleak", "ctsafe")
	verdicts := map[string]string{}
	for _, mode := range []string{"ctleak", "ctsafe"} {
		out := filepath.Join(t.TempDir(), "ct")
		code, log := runHost(t, "ct", "--no-source", "--plugin-dir", dir, "--suite", "fault-"+mode, "--measurements", "20000", "--out", out)
		run, err := evidence.Load(out)
		if err != nil {
			t.Fatalf("%s: exit %d: %v\n%s", mode, code, err, log)
		}
		for _, c := range run.CT {
			if c.Op != "compare" {
				continue
			}
			if len(c.Runs) == 0 || len(c.Runs[0].Cycles) != 20000 || len(c.Runs[0].Classes) != 20000 {
				t.Fatalf("%s: the raw measurements are not kept: %d runs", mode, len(c.Runs))
			}
			verdicts[mode] = c.Verdict
			t.Logf("%s: |t| = %.2f, %s", mode, c.Runs[0].Result.T, c.Verdict)
		}
		if code, vlog := runHost(t, "validate", out); code != 0 {
			t.Errorf("%s: validate: exit %d\n%s", mode, code, vlog)
		}
		// A verdict rewritten after the fact does not follow from the
		// measurements, and the file is not what the host wrote.
		for _, c := range run.CT {
			if c.Verdict != evidence.CTLeak {
				continue
			}
			c.Verdict = evidence.CTNoLeak
			p := filepath.Join(out, run.CTPaths[c])
			if err := evidence.WriteJSON(p, c); err != nil {
				t.Fatal(err)
			}
			code, vlog := runHost(t, "validate", out)
			if code != 1 || !strings.Contains(vlog, "the runs give \"LEAK\"") || !strings.Contains(vlog, "changed after the host wrote it") {
				t.Errorf("validate of a rewritten verdict: exit %d\n%s", code, vlog)
			}
		}
	}
	if verdicts["ctleak"] != evidence.CTLeak {
		t.Errorf("early-exit comparison: %q, want %s", verdicts["ctleak"], evidence.CTLeak)
	}
	if v := verdicts["ctsafe"]; v != evidence.CTNoLeak && v != evidence.CTUnrepeated {
		t.Errorf("constant-time comparison: %q, want %s or %s", v, evidence.CTNoLeak, evidence.CTUnrepeated)
	}
}

// TestCTClaim: a plugin that answers the constant-time check without its
// measurements (a verdict with nothing behind it) is a protocol violation.
func TestCTClaim(t *testing.T) {
	dir := hostileDir(t, "ctclaim")
	out := filepath.Join(t.TempDir(), "ct")
	code, log := runHost(t, "ct", "--no-source", "--plugin-dir", dir, "--suite", "hostile-ctclaim", "--measurements", "1000", "--out", out)
	if code != 1 || !strings.Contains(log, "protocol violation") {
		t.Errorf("exit %d, want 1 with a protocol violation\n%s", code, log)
	}
}
