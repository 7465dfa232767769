package report

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/evidence/evidencetest"
)

// TestInstructionsShown: a run that counted instructions shows them in
// the end-of-run table, the plugin page and the side-by-side summaries;
// a run that did not shows no such column.
func TestInstructionsShown(t *testing.T) {
	dir := t.TempDir()
	evidencetest.Run(t, dir)
	evidencetest.Render(t, dir, Render)
	if strings.Contains(evidencetest.Read(t, dir, "report/toykem.md"), "instructions") || strings.Contains(evidencetest.Read(t, dir, "summary.md"), " instr") {
		t.Error("a run without counts shows an instructions column")
	}
	for _, impl := range []string{"fast", "slow"} {
		evidencetest.Edit(t, filepath.Join(dir, "records/toykem/Toy-512_"+impl+"/decaps.json"), func(r *evidence.Record) {
			r.Instructions = &evidence.Instructions{PerOp: 424393, Total: 424393 * 16, Calls: 16, Tool: "callgrind"}
		})
	}
	evidencetest.Render(t, dir, Render)
	if page := evidencetest.Read(t, dir, "report/toykem.md"); !strings.Contains(page, "| instructions |") || !strings.Contains(page, "| 424,393 |") {
		t.Errorf("toykem.md: no instruction count in the performance table:\n%s", page)
	}
	if sum := evidencetest.Read(t, dir, "summary.md"); !strings.Contains(sum, "· 424,393 instr") {
		t.Errorf("summary.md: no instruction count beside the median")
	}
	run := evidencetest.Load(t, dir)
	var b bytes.Buffer
	Table(&b, evidence.Summarize(run))
	if !strings.Contains(b.String(), "instructions") || !strings.Contains(b.String(), "424,393") {
		t.Errorf("end-of-run table lacks the count:\n%s", b.String())
	}
}
