package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"crucible.dev/host/internal/evidence"
)

// TestFreshSeedKAT runs a stand-in that replays Amoeba128's published KAT
// file beside the real Amoeba: the replay passes the published digest, and
// fails the comparison of files grown from the run's own seed at its first
// record, while Amoeba itself passes.
func TestFreshSeedKAT(t *testing.T) {
	build(t)
	dir := t.TempDir()
	if out, err := exec.Command("go", "build", "-o", filepath.Join(dir, "crucible-plugin-amoeba"), "../plugins/amoeba").CombinedOutput(); err != nil {
		t.Fatalf("build amoeba: %v\n%s", err, out)
	}
	if err := os.Symlink(filepath.Join(binDir, "hostile", "crucible-plugin-hostile"), filepath.Join(dir, "crucible-plugin-hostile-replay")); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "r")
	code, log := runHost(t, "kat", "--no-source", "--plugin-dir", dir, "--out", out, "--fresh", "2")
	if code != 1 {
		t.Fatalf("exit %d, want 1 (the replay)\n%s", code, log)
	}
	results := func(plugin, id string) map[string]evidence.KATResult {
		var k evidence.KATRecord
		if err := evidence.ReadJSON(evidence.KATPath(out, plugin, id), &k); err != nil {
			t.Fatal(err)
		}
		m := map[string]evidence.KATResult{}
		for _, r := range k.Results {
			m[r.Type] = r
		}
		return m
	}
	replay := results("hostile-replay", "Amoeba128/replay")
	if r := replay["generated"]; r.Status != "pass" {
		t.Errorf("the replay should pass the published digest (that is the attack): %+v", r)
	}
	if r := replay["fresh-seed"]; r.Status != "fail" || !strings.Contains(r.Detail, "record 0") {
		t.Errorf("the replay's fresh-seed file: %+v, want a failure at record 0", r)
	}
	if !hasFinding(readSummary(t, out).Findings, "hostile-replay", "fresh seed") {
		t.Errorf("no finding names the replay's fresh-seed failure\n%s", log)
	}
	if r := results("amoeba", "Amoeba128/go")["fresh-seed"]; r.Status == "fail" || r.Status == "error" {
		t.Errorf("Amoeba's own fresh-seed file: %+v", r)
	}
}
