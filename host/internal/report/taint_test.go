package report

import (
	"strings"
	"testing"

	"crucible.dev/host/internal/ct"
	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/evidence/evidencetest"
	"crucible.dev/host/internal/taint"
)

// TestTaintBesideDudect checks that a plugin's page shows, per operation,
// the dudect verdict and the taint result side by side: a clean one, one
// with a new and a reviewed finding (the new one named first), and one
// taint could not run, with the reason.
func TestTaintBesideDudect(t *testing.T) {
	dir := t.TempDir()
	evidencetest.Run(t, dir)
	const inst = "Toy-512/fast"
	must(t, evidence.WriteJSON(evidence.CTPath(dir, "toykem", inst, "decaps"), &evidence.CTRecord{
		Plugin: "toykem", Instance: inst, Op: "decaps", Verdict: evidence.CTLeak,
		Runs: []evidence.CTRun{{Result: ct.Result{T: 48.25}}, {Result: ct.Result{T: 51}}}}))
	leak := taint.Report{Instance: inst, Op: "decaps", Kind: taint.KindBranch,
		Frames: []taint.Frame{{Func: "main.compare", File: "/x/toy/cmp.go", Line: 12}}}
	known := taint.Report{Instance: inst, Op: "decaps", Kind: taint.KindAddress,
		Frames: []taint.Frame{{Func: "main.expand", File: "/x/toy/a.go", Line: 3}}, Known: &taint.Reviewed{Reason: "public"}}
	must(t, evidence.WriteJSON(evidence.Path(dir, "ct", "toykem", "taint.json"), &taint.Record{
		Plugin: "toykem", Log: "ct/toykem/memcheck.log",
		Ran:      []string{inst + " keygen", inst + " decaps"},
		Skipped:  []string{inst + " decaps_reject: the operation failed: boom"},
		Findings: []taint.Report{known, leak}}))
	evidencetest.Render(t, dir, Render)
	page := evidencetest.Read(t, dir, "report/toykem.md")
	// The cells as markdown escapes them.
	for _, want := range []string{
		`| Toy-512/fast | decaps | LEAK (\|t\| 48.25) | 1 new, 1 known: branch main.compare (cmp.go:12) |`,
		"| Toy-512/fast | keygen | - | clean |",
		`| Toy-512/fast | decaps\_reject | - | not run: the operation failed: boom |`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("toykem.md lacks %q", want)
		}
	}
	if sum := evidencetest.Read(t, dir, "summary.md"); !strings.Contains(sum, "| toykem | Toy-512/fast | keygen | - | clean |") {
		t.Errorf("summary.md lacks the taint result")
	}
	if kex := evidencetest.Read(t, dir, "report/toykex.md"); strings.Contains(kex, "dudect and taint") {
		t.Errorf("toykex.md shows another plugin's constant-time results")
	}
}
