package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestBigDescribeCostsOthersNothing runs x25519 beside a plugin whose
// description is 48 MiB, every field within its own bound: that plugin is
// a finding and dropped, and the run's summary, its Markdown, its report
// and its manifest are whole, with x25519 measured in them.
func TestBigDescribeCostsOthersNothing(t *testing.T) {
	_, plugins := build(t)
	dir := t.TempDir()
	for src, name := range map[string]string{
		filepath.Join(plugins, "crucible-plugin-x25519"):        "crucible-plugin-x25519",
		filepath.Join(binDir, "rogue", "crucible-plugin-rogue"): "crucible-plugin-rogue-bigdescribe",
	} {
		if err := os.Symlink(src, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(t.TempDir(), "r")
	code, log := runHost(t, quick(dir, out)...)
	if code != 1 {
		t.Fatalf("exit %d, want 1 (a finding)\n%s", code, log)
	}
	for _, f := range []string{"summary.json", "summary.md", "report/index.html", "manifest.json"} {
		if fi, err := os.Stat(filepath.Join(out, f)); err != nil || fi.Size() == 0 {
			t.Errorf("%s missing or empty: %v\n%s", f, err, log)
		}
	}
	s := readSummary(t, out)
	if !hasFinding(s.Findings, "rogue-bigdescribe", "protocol violation") {
		t.Errorf("no protocol-violation finding names rogue-bigdescribe; findings:\n%s", findingsOf(s.Findings, "rogue-bigdescribe"))
	}
	measured := false
	for _, in := range s.Instances {
		if in.Plugin == "x25519" && in.KAT == "pass" && len(in.Ops) > 0 {
			measured = true
		}
	}
	if !measured {
		t.Errorf("x25519 not measured beside the big description: %+v", s.Instances)
	}
	if code, vlog := runHost(t, "validate", out); code != 0 {
		t.Errorf("validate: exit %d\n%s", code, vlog)
	}
}
