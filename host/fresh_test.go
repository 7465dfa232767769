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
	if r := replay["fresh-ops"]; r.Status != "fail" || !strings.Contains(r.Detail, "keygen.pk differs") {
		t.Errorf("the replay's operations from the run's seed: %+v, want its public key to differ", r)
	}
	for _, typ := range []string{"fresh-seed", "fresh-ops"} {
		if r := results("amoeba", "Amoeba128/go")[typ]; r.Status != "none" || !strings.Contains(r.Detail, "first implementation") {
			t.Errorf("Amoeba's own %s check: %+v, want the baseline of the run", typ, r)
		}
	}

	// An evaluator who designates an implementation as the reference makes
	// it the baseline, whatever the order of the plugins: here, wrongly,
	// the replay, which then runs first, and Amoeba is judged against it.
	cat := t.TempDir()
	writeCatalog(t, cat, `{"entries": [{"name": "Amoeba128", "family": "Amoeba", "kind": "kem", "category": 1,
		"sizes": {"pk": 784, "sk": 1712, "ct": 1047, "ss": 64},
		"reference": {"impl": "replay", "plugin": "hostile-replay", "why": "a test of the designation"}}]}`)
	out = filepath.Join(t.TempDir(), "r")
	code, log = runHost(t, "kat", "--no-source", "--plugin-dir", dir, "--out", out, "--fresh", "2", "--catalog", cat)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s", code, log)
	}
	if r := results("hostile-replay", "Amoeba128/replay")["fresh-ops"]; r.Status != "none" || !strings.Contains(r.Detail, "designated reference") {
		t.Errorf("the designated reference's own check: %+v", r)
	}
	for _, typ := range []string{"fresh-seed", "fresh-ops"} {
		if r := results("amoeba", "Amoeba128/go")[typ]; r.Status != "fail" || !strings.Contains(r.Detail, "designated reference, hostile-replay Amoeba128/replay") {
			t.Errorf("Amoeba's %s check against the designated reference: %+v", typ, r)
		}
	}

	// A reference named without its plugin may run after another
	// implementation: that one is judged when the reference runs.
	writeCatalog(t, cat, `{"entries": [{"name": "Amoeba128", "family": "Amoeba", "kind": "kem", "category": 1,
		"sizes": {"pk": 784, "sk": 1712, "ct": 1047, "ss": 64},
		"reference": {"impl": "replay", "why": "a test of the designation"}}]}`)
	out = filepath.Join(t.TempDir(), "r")
	code, log = runHost(t, "kat", "--no-source", "--plugin-dir", dir, "--out", out, "--fresh", "2", "--catalog", cat)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s", code, log)
	}
	for _, typ := range []string{"fresh-seed", "fresh-ops"} {
		if r := results("hostile-replay", "Amoeba128/replay")[typ]; !strings.Contains(r.Detail, "amoeba Amoeba128/go, which ran before it, disagrees") {
			t.Errorf("the late reference's %s check: %+v", typ, r)
		}
	}
	for _, typ := range []string{"fresh-seed", "fresh-ops"} {
		if r := results("amoeba", "Amoeba128/go")[typ]; r.Status != "fail" || !strings.Contains(r.Detail, "which ran after it") {
			t.Errorf("Amoeba's %s result, judged by the later reference: %+v", typ, r)
		}
	}
	n := 0
	for _, f := range readSummary(t, out).Findings {
		if f.Plugin == "amoeba" && strings.Contains(f.Detail, "designated reference hostile-replay Amoeba128/replay") && strings.Contains(f.Detail, "which ran after it") {
			n++
		}
	}
	if n != 2 {
		t.Errorf("%d findings name Amoeba's disagreement with the later reference, want 2 (file and operations)\n%s", n, log)
	}
}

// writeCatalog writes an evaluator's catalog file into dir.
func writeCatalog(t *testing.T, dir, body string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, "eval.json"), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}
