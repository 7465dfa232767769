package main

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/format"
)

var (
	workOnce sync.Once
	workErr  error
)

// workDir makes a plugin directory with the instruction counter's fixture
// (internal/workplugin) and, with x25519, the X25519 plugin.
func workDir(t *testing.T, x25519 bool) string {
	_, plugins := build(t)
	workOnce.Do(func() {
		out, err := exec.Command("go", "build", "-o", filepath.Join(binDir, "work", "crucible-plugin-work"), "./internal/workplugin").CombinedOutput()
		if err != nil {
			workErr = errors.New(string(out))
		}
	})
	if workErr != nil {
		t.Fatalf("build: %v", workErr)
	}
	dir := t.TempDir()
	link := func(src, name string) {
		if err := os.Symlink(src, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	link(filepath.Join(binDir, "work", "crucible-plugin-work"), "crucible-plugin-work")
	if x25519 {
		link(filepath.Join(plugins, "crucible-plugin-x25519"), "crucible-plugin-x25519")
	}
	return dir
}

// countRun benchmarks the plugins of dir with the instruction counter and
// returns the counts by plugin, instance and operation.
func countRun(t *testing.T, dir, out string) map[string]*evidence.Instructions {
	t.Helper()
	code, log := runHost(t, "bench", "--no-source", "--plugin-dir", dir, "--out", out, "--trials", "1",
		"--iterations", "5", "--no-profile", "--fresh", "0", "--counter", "instructions")
	if code != 0 {
		t.Fatalf("host bench --counter instructions: exit %d\n%s", code, log)
	}
	run, err := evidence.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]*evidence.Instructions{}
	for _, r := range run.Records {
		ins := r.Instructions
		if ins == nil || ins.PerOp <= 0 || ins.Calls < 1 || !strings.Contains(ins.Tool, "callgrind") || len(ins.CPUFeatures) == 0 {
			t.Fatalf("%s %s %s: no count recorded: %+v (error %q)", r.Plugin, r.Instance, r.Op, ins, r.Error)
		}
		if _, err := os.Stat(filepath.Join(out, ins.Dump)); err != nil {
			t.Errorf("%s %s: callgrind's file is not kept: %v", r.Instance, r.Op, err)
		}
		if ins.Repeat <= 0 || ins.RepeatDump == "" {
			t.Errorf("%s %s: no repeat count: %+v", r.Instance, r.Op, ins)
		} else if _, err := os.Stat(filepath.Join(out, ins.RepeatDump)); err != nil {
			t.Errorf("%s %s: callgrind's file of the repeat count is not kept: %v", r.Instance, r.Op, err)
		}
		counts[r.Plugin+" "+r.Instance+" "+r.Op] = ins
	}
	return counts
}

// hog keeps every CPU busy until the test ends.
func hog(t *testing.T) {
	var stop atomic.Bool
	var wg sync.WaitGroup
	for i := 0; i < runtime.NumCPU(); i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for x := 0; !stop.Load(); x++ {
				_ = x * x
			}
		}()
	}
	t.Cleanup(func() { stop.Store(true); wg.Wait() })
}

// The instruction counter gives the same count twice on a loaded machine,
// and the gate on it catches a 3% increase of work every time.
func TestInstructionCounter(t *testing.T) {
	if _, err := exec.LookPath("valgrind"); err != nil {
		t.Fatal("valgrind is not installed: tools/setup.sh installs it")
	}
	dir := workDir(t, true)
	tmp := t.TempDir()
	hog(t)
	a := countRun(t, dir, filepath.Join(tmp, "a"))
	b := countRun(t, dir, filepath.Join(tmp, "b"))
	if len(a) < 10 {
		t.Fatalf("%d operations counted, want X25519's and the fixture's", len(a))
	}
	for op, x := range a {
		y := b[op]
		if y == nil {
			t.Errorf("%s: counted once only", op)
			continue
		}
		if x.Varies() || y.Varies() {
			t.Errorf("%s: two loops over the same inputs gave different counts: %d and %d, %d and %d", op, x.Total, x.Repeat, y.Total, y.Repeat)
		}
		d := math.Abs(y.PerOp-x.PerOp) / x.PerOp
		t.Logf("%s: %.0f and %.0f instructions per call (%.5f%%)", op, x.PerOp, y.PerOp, 100*d)
		if d > 1e-4 {
			t.Errorf("%s: %.0f and %.0f instructions per call differ by %.5f%%, more than 0.01%%", op, x.PerOp, y.PerOp, 100*d)
		}
	}

	// The gate: a's counts as the baseline; b passes; the fixture with 3%
	// more work fails on each of its operations, run after run.
	code, bl, errs := capture(t, "baseline", "--metric", "instructions", filepath.Join(tmp, "a"))
	if code != 0 {
		t.Fatalf("host baseline --metric instructions: exit %d\n%s", code, errs)
	}
	blPath := filepath.Join(tmp, "baseline.json")
	if err := os.WriteFile(blPath, []byte(bl), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := capture(t, "gate", "--metric", "instructions", "--baseline", blPath, filepath.Join(tmp, "b")); code != 0 {
		t.Fatalf("gate of the same code: exit %d\n%s%s", code, out, errs)
	}

	// validate recomputes each count from callgrind's file kept beside it.
	if code, out, errs := capture(t, "validate", filepath.Join(tmp, "b")); code != 0 {
		t.Fatalf("validate of a counted run: exit %d\n%s%s", code, out, errs)
	}
	tamperCount(t, filepath.Join(tmp, "b"))
	if code, out, errs := capture(t, "validate", filepath.Join(tmp, "b")); code == 0 || !strings.Contains(out+errs, "does not follow from counts/") {
		t.Fatalf("validate of a changed count: exit %d, want the count named\n%s%s", code, out, errs)
	}

	t.Setenv("CRUCIBLE_WORK_EXTRA", "3")
	work := workDir(t, false)
	for i := 0; i < 2; i++ {
		out := filepath.Join(tmp, "slower", string(rune('0'+i)))
		countRun(t, work, out)
		code, table, errs := capture(t, "gate", "--metric", "instructions", "--allow-missing", "--baseline", blPath, out)
		if code != 1 || strings.Count(table, "more work") != 3 {
			t.Fatalf("gate of 3%% more work (run %d): exit %d, want 1 with keygen, sign and verify failing\n%s%s", i, code, table, errs)
		}
	}

	// Signing that draws randomness of its own: its two counts over the
	// same inputs differ, the table marks it, and a baseline leaves it out
	// rather than set a ceiling the next run would cross by chance.
	t.Setenv("CRUCIBLE_WORK_EXTRA", "0")
	t.Setenv("CRUCIBLE_WORK_OWNRAND", "1")
	own := filepath.Join(tmp, "ownrand")
	counts := countRun(t, workDir(t, false), own)
	for op, ins := range counts {
		if want := strings.HasSuffix(op, " sign"); ins.Varies() != want {
			t.Errorf("%s: counts %d and %d: varies %v, want %v", op, ins.Total, ins.Repeat, ins.Varies(), want)
		}
	}
	page, err := os.ReadFile(filepath.Join(own, "report", "work.md"))
	if err != nil || !strings.Contains(string(page), "~ marks an instruction count") || !strings.Contains(string(page), "~"+format.Count(counts["work Work sign"].PerOp)) {
		t.Errorf("plugin page of a varying count: want it marked with ~ and explained (%v)\n%s", err, page)
	}
	code, bl, errs = capture(t, "baseline", "--metric", "instructions", own)
	if code != 0 || !strings.Contains(bl, `"keygen"`) || strings.Contains(bl, `"sign"`) {
		t.Errorf("baseline of a varying count: exit %d, want keygen and verify and no sign\n%s%s", code, bl, errs)
	}
}

// tamperCount lowers the first instruction count of a run's records.
func tamperCount(t *testing.T, dir string) {
	t.Helper()
	paths, _ := filepath.Glob(filepath.Join(dir, "records", "*", "*", "*.json"))
	for _, p := range paths {
		var r evidence.Record
		if err := evidence.ReadJSON(p, &r); err != nil {
			t.Fatal(err)
		}
		if r.Instructions == nil {
			continue
		}
		r.Instructions.Total--
		b, err := json.Marshal(&r)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Fatal("no counted record")
}
