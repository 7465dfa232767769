package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"crucible.dev/host/internal/evidence"
)

// TestInteropMLKEM builds the ML-KEM plugin and checks its full matrix:
// three implementations, each consuming the others' keys and ciphertexts.
// The matrices land in a run directory, the summary shows them, validate
// accepts the directory, and refuses a matrix that has lost a cell.
func TestInteropMLKEM(t *testing.T) {
	build(t)
	dir := t.TempDir()
	cmd := exec.Command("go", "build", "-o", filepath.Join(dir, "crucible-plugin-mlkem"), "../plugins/mlkem")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	run := filepath.Join(t.TempDir(), "interop")
	code, out := runHost(t, "interop", "--no-source", "--plugin-dir", dir, "--suite", "mlkem", "--out", run)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	if n := strings.Count(out, " ok "); n < 3*3*2+2*2 {
		t.Fatalf("%d cells ok, want the 9+9+4 of a full matrix\n%s", n, out)
	}
	if strings.Contains(out, "FAIL") || !strings.Contains(out, "no interop failure") {
		t.Fatalf("interop failures:\n%s", out)
	}

	r, err := evidence.Load(run)
	if err != nil {
		t.Fatal(err)
	}
	cells := 0
	for _, m := range r.Interop {
		if d := m.Check(); d != "" || m.Failures() != 0 {
			t.Errorf("%s: %s, %d failures", m.Instance, d, m.Failures())
		}
		cells += len(m.Cells)
	}
	if len(r.Interop) != 3 || cells != 9+9+4 {
		t.Fatalf("%d matrices with %d cells, want 3 with 22", len(r.Interop), cells)
	}
	sum, err := os.ReadFile(filepath.Join(run, "summary.md"))
	if err != nil || !strings.Contains(string(sum), "## Interoperability") || !strings.Contains(string(sum), "interop/ML-KEM-768.json") {
		t.Fatalf("summary.md shows no matrix (%v):\n%s", err, sum)
	}
	if code, vlog := runHost(t, "validate", run); code != 0 {
		t.Fatalf("validate: exit %d\n%s", code, vlog)
	}

	m := r.Interop[0]
	m.Cells = m.Cells[1:]
	if err := evidence.WriteJSON(filepath.Join(run, r.InteropPaths[m]), m); err != nil {
		t.Fatal(err)
	}
	if code, vlog := runHost(t, "validate", run); code != 1 || !strings.Contains(vlog, "cells for 3 implementations") && !strings.Contains(vlog, "cells for 2 implementations") {
		t.Errorf("validate of a matrix short of a cell: exit %d\n%s", code, vlog)
	}
}
