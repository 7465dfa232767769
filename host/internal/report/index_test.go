package report

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/evidence/evidencetest"
)

// TestRenderReadsNoFiles: rendering works from the loaded evidence and
// its file index alone. The directory moved away after loading, the
// pages are the same bytes, and still index the log, the robustness
// file and a kept KAT file, but not a hidden file.
func TestRenderReadsNoFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	must(t, os.MkdirAll(dir, 0o755))
	evidencetest.Run(t, dir)
	must(t, os.WriteFile(evidence.KATFilePath(dir, "toykem", "Toy-512/fast", "nist-rsp"), []byte("kat\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "robust", "toykex", ".hidden"), []byte("x\n"), 0o644))
	run := evidencetest.Load(t, dir)
	before := Render(run, evidence.Summarize(run))
	must(t, os.Rename(dir, dir+".moved"))
	after := Render(run, evidence.Summarize(run))
	for i := range before {
		if !bytes.Equal(before[i].Data, after[i].Data) {
			t.Errorf("%s: rendering depends on the disk", before[i].Path)
		}
	}
	var kem, kex string
	for _, f := range after {
		switch f.Path {
		case "report/toykem.md":
			kem = string(f.Data)
		case "report/toykex.md":
			kex = string(f.Data)
		}
	}
	for _, want := range []string{"(../logs/toykem.log)", "(../kat/toykem/Toy-512_fast.nist-rsp.txt)"} {
		if !strings.Contains(kem, want) {
			t.Errorf("toykem.md does not index %s", want)
		}
	}
	if !strings.Contains(kex, "(../robust/toykex/ToyKEX.json)") || strings.Contains(kex, ".hidden") {
		t.Error("toykex.md: robustness file missing or hidden file indexed")
	}
}
