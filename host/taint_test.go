package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"crucible.dev/host/internal/plugin"
	"crucible.dev/host/internal/sandbox"
	"crucible.dev/host/internal/sidechannel"
	"crucible.dev/host/internal/taint"
	"crucible.dev/registry/testenv"
)

// taintMarks finds the fixture's leaking lines: file base name and line of
// each "taint: <kind>" comment, by kind.
func taintMarks(t *testing.T) map[string]string {
	t.Helper()
	marks := map[string]string{} // "leaks.go:17" -> kind
	for _, name := range []string{"leaks.go", "leaks.c", "kex.go"} {
		f, err := os.Open(filepath.Join("internal", "taintplugin", name))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for n := 1; sc.Scan(); n++ {
			if _, kind, ok := strings.Cut(sc.Text(), "// taint: "); ok {
				marks[fmt.Sprintf("%s:%d", name, n)] = strings.TrimSpace(kind)
			}
		}
		f.Close()
	}
	return marks
}

// taintFixture builds the taint fixture with the valgrind tag, alone in a
// plugin directory, and returns its path. It skips when valgrind is
// missing, except under CI (testenv).
func taintFixture(t *testing.T) string {
	t.Helper()
	testenv.SkipShort(t, "runs a plugin under valgrind")
	if runtime.GOARCH != "amd64" {
		// The arm64 run is under qemu-user, which cannot host valgrind;
		// the amd64 run, which CI makes, covers the check.
		testenv.SkipChosen(t, "valgrind runs the amd64 build here")
	}
	if _, err := exec.LookPath("valgrind"); err != nil {
		testenv.Skip(t, "valgrind not installed (tools/setup.sh installs it)")
	}
	bin := filepath.Join(t.TempDir(), plugin.BinaryPrefix+"taint")
	if out, err := exec.Command("go", "build", "-trimpath", "-tags", "valgrind", "-o", bin, "./internal/taintplugin").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

// TestTaintCommand runs `host ct --method taint` on the fixture: it exits
// 1 for the leaks, keeps memcheck's log and the findings under ct/taint/,
// validate recomputes them from the log, and a finding removed from the
// record by hand is caught.
func TestTaintCommand(t *testing.T) {
	bin := taintFixture(t)
	out := filepath.Join(t.TempDir(), "run")
	code, log := runHost(t, "ct", "--method", "taint", "--no-source", "--plugin-dir", filepath.Dir(bin), "--out", out)
	if code != 1 || !strings.Contains(log, "leaks.go:17") || !strings.Contains(log, "leaks.c:12") {
		t.Fatalf("host ct --method taint: exit %d, want 1 with the fixture's leaks\n%s", code, log)
	}
	if code, log := runHost(t, "validate", out); code != 0 {
		t.Fatalf("validate: exit %d\n%s", code, log)
	}
	rec := filepath.Join(out, "ct", "taint", "taint.json")
	var r taint.Record
	b, err := os.ReadFile(rec)
	if err == nil {
		err = json.Unmarshal(b, &r)
	}
	if err != nil || len(r.Findings) < 7 {
		t.Fatalf("record: %v, %d findings", err, len(r.Findings))
	}
	r.Findings = r.Findings[1:]
	b, _ = json.Marshal(r)
	if err := os.WriteFile(rec, b, 0o644); err != nil {
		t.Fatal(err)
	}
	code, log = runHost(t, "validate", out)
	if code == 0 || !strings.Contains(log, "findings do not follow from memcheck's log") {
		t.Errorf("validate of a record with a finding removed: exit %d\n%s", code, log)
	}
}

// TestTaintFixture runs the taint fixture (internal/taintplugin) under
// memcheck in the sandbox: each leaking operation, Go and C, is reported
// at its marked line with its kind; the clean ones, the declassifying one
// and the fixture's KEM report nothing; the declassification is listed.
func TestTaintFixture(t *testing.T) {
	bin := taintFixture(t)
	lc, err := sandbox.New(sandbox.DefaultLimits, false)
	if err != nil {
		t.Fatal(err)
	}
	defer lc.Close()
	keep := filepath.Join(t.TempDir(), "memcheck.log")
	res, err := sidechannel.Taint(plugin.Source{Name: "taint", Binary: bin},
		plugin.Options{Limits: plugin.DefaultLimits, Launcher: lc, CPU: -1}, keep)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Skipped) > 0 {
		t.Errorf("operations not run: %q", res.Skipped)
	}
	for _, op := range []string{"pass1", "pass2", "derive_a", "derive_b"} {
		if !slices.Contains(res.Ran, "TaintKEX "+op) {
			t.Errorf("TaintKEX %s did not run alone (ran: %q)", op, res.Ran)
		}
	}
	marks := taintMarks(t)
	byOp := map[string][]taint.Report{}
	for _, f := range res.Findings {
		byOp[f.Op] = append(byOp[f.Op], f)
	}
	leaks := map[string]string{ // operation -> the file its leak is in
		"leak_branch": "leaks.go", "leak_table": "leaks.go", "leak_loop": "leaks.go", "leak_callback": "leaks.go",
		"c_leak_branch": "leaks.c", "c_leak_table": "leaks.c", "c_leak_loop": "leaks.c",
		// The key exchange's derive branches on the party's state: run
		// alone with the state marked, it is reported under derive_a.
		"derive_a": "kex.go",
	}
	// The same leak through other stacks: derive_b shares derive_a's
	// innermost frames (memcheck shows it once), exchange may show it.
	also := map[string]bool{"derive_b": true, "exchange": true}
	for op, file := range leaks {
		found := false
		for _, f := range byOp[op] {
			top := f.Frames[0]
			where := fmt.Sprintf("%s:%d", filepath.Base(top.File), top.Line)
			kind, marked := marks[where]
			if filepath.Base(top.File) != file || !marked {
				t.Errorf("%s: reported at %s, not at a marked line: %+v", op, where, f)
				continue
			}
			if kind != f.Kind {
				t.Errorf("%s: %s reported as %s, marked %s", op, where, f.Kind, kind)
			}
			found = true
		}
		if !found {
			t.Errorf("%s: leak not reported", op)
		}
	}
	for op, fs := range byOp {
		if _, ok := leaks[op]; !ok && !(also[op] && fs[0].Frames[0].Func == "main.leakDerive") {
			t.Errorf("%s does not leak, yet reported: %+v", op, fs)
		}
	}
	declared := false
	for _, d := range res.Declared {
		if d.Op == "declassify" && strings.HasSuffix(filepath.Dir(d.Site), "taintplugin") {
			declared = true
		}
	}
	if !declared {
		t.Errorf("the declassification is not listed: %+v", res.Declared)
	}
	if t.Failed() {
		b, _ := os.ReadFile(keep)
		t.Logf("memcheck log:\n%s", b)
	}
}
