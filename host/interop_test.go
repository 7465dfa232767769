package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestInteropMLKEM builds the ML-KEM plugin and checks its full matrix:
// three implementations, each consuming the others' keys and ciphertexts.
func TestInteropMLKEM(t *testing.T) {
	build(t)
	dir := t.TempDir()
	cmd := exec.Command("go", "build", "-o", filepath.Join(dir, "crucible-plugin-mlkem"), "../plugins/mlkem")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	code, out := runHost(t, "interop", "--no-source", "--plugin-dir", dir, "--suite", "mlkem")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	if n := strings.Count(out, " ok "); n < 3*3*2+2*2 {
		t.Fatalf("%d cells ok, want the 9+9+4 of a full matrix\n%s", n, out)
	}
	if strings.Contains(out, "FAIL") || !strings.Contains(out, "no interop failure") {
		t.Fatalf("interop failures:\n%s", out)
	}
}
