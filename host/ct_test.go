package main

import (
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/plugin"
	"crucible.dev/host/internal/sandbox"
	"crucible.dev/host/internal/session"
	"crucible.dev/host/internal/sidechannel"
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

// TestCTRestart: a plugin that dies in one operation's test is replaced,
// and the next operation is still tested in the fresh process.
func TestCTRestart(t *testing.T) {
	dir := faultDir(t, "ctcrash")
	out := filepath.Join(t.TempDir(), "ct")
	code, log := runHost(t, "ct", "--no-source", "--plugin-dir", dir, "--suite", "fault-ctcrash", "--measurements", "2000", "--out", out)
	run, err := evidence.Load(out)
	if err != nil {
		t.Fatalf("exit %d: %v\n%s", code, err, log)
	}
	got := map[string]*evidence.CTRecord{}
	for _, c := range run.CT {
		got[c.Op] = c
	}
	if d := got["decaps"]; d == nil || d.Verdict != evidence.CTError || !strings.Contains(d.Error, "exited") {
		t.Errorf("decaps: %+v, want an error saying the process exited\n%s", d, log)
	}
	if c := got["compare"]; c == nil || c.Error != "" || len(c.Runs) == 0 {
		t.Errorf("compare after the crash: %+v, want measurements from a fresh process\n%s", c, log)
	}
	if code != 1 {
		t.Errorf("exit %d, want 1 (a crashed test is a finding)", code)
	}
}

// TestCTRestartFails: when the replacement of a dead process cannot start,
// the remaining operations are recorded as errors; the check neither stops
// nor dereferences the missing process.
func TestCTRestartFails(t *testing.T) {
	dir := faultDir(t, "ctcrash")
	lc, err := sandbox.New(sandbox.DefaultLimits, false)
	if err != nil {
		t.Fatal(err)
	}
	defer lc.Close()
	starts := 0
	start := func(s *plugin.Source) (*plugin.Process, func(), error) {
		if starts++; starts > 1 {
			return nil, nil, errors.New("no second process")
		}
		return session.Options(plugin.Options{Limits: plugin.DefaultLimits, Launcher: lc, CPU: -1})(s)
	}
	src := &plugin.Source{Name: "fault-ctcrash", Binary: filepath.Join(dir, plugin.BinaryPrefix+"fault-ctcrash")}
	recs := sidechannel.ConstantTime(nil, io.Discard, src, start, "fault-ctcrash", 1000)
	got := map[string]*evidence.CTRecord{}
	for _, r := range recs {
		got[r.Op] = r
	}
	if d := got["decaps"]; d == nil || !strings.Contains(d.Error, "exited") {
		t.Errorf("decaps: %+v, want the crash", d)
	}
	if c := got["compare"]; c == nil || c.Verdict != evidence.CTError || c.Error != "restart: no second process" {
		t.Errorf("compare: %+v, want the failed restart recorded", c)
	}
	if starts < 2 {
		t.Errorf("%d starts: the dead process was not replaced", starts)
	}
}
