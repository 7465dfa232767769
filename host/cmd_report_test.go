package main

import (
	"encoding/json"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/registry/testenv"
)

// capture runs the host command line args and returns its exit status,
// standard output and standard error.
func capture(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	oldOut, oldErr := os.Stdout, os.Stderr
	ro, wo, _ := os.Pipe()
	re, we, _ := os.Pipe()
	os.Stdout, os.Stderr = wo, we
	outc, errc := make(chan []byte), make(chan []byte)
	go func() { b, _ := io.ReadAll(ro); outc <- b }()
	go func() { b, _ := io.ReadAll(re); errc <- b }()
	code := run(args)
	wo.Close()
	we.Close()
	os.Stdout, os.Stderr = oldOut, oldErr
	return code, string(<-outc), string(<-errc)
}

// TestReportCommandsEndToEnd runs a real x25519 campaign, then every
// command of the reporting side over it: report, validate (clean and
// tampered), compare (against itself and against a 20% slower copy),
// baseline and gate, and export.
func TestReportCommandsEndToEnd(t *testing.T) {
	testenv.SkipShort(t, "runs the x25519 plugin")
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "r")
	if code, out, errs := capture(t, "run", "--suite", "x25519", "--out", dir, "--trials", "3", "--trial-target", "5ms"); code != 0 {
		t.Fatalf("host run: exit %d\n%s\n%s", code, out, errs)
	}
	for _, f := range []string{"summary.md", "report/x25519.md", "report/index.html"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("host run did not write %s: %v", f, err)
		}
	}
	if code, out, errs := capture(t, "report", dir); code != 0 {
		t.Fatalf("host report: exit %d\n%s%s", code, out, errs)
	}
	if code, out, errs := capture(t, "validate", dir); code != 0 {
		t.Fatalf("host validate of a fresh run: exit %d\n%s%s", code, out, errs)
	}

	// One raw sample edited: validate fails naming the record.
	tampered := filepath.Join(tmp, "tampered")
	if err := copyTree(dir, tampered); err != nil {
		t.Fatal(err)
	}
	rec := "records/x25519/X25519_go-std/scalarmult.json"
	rewriteRecord(t, filepath.Join(tampered, rec), func(r *evidence.Record) { r.Trials[0].NS[0] += 777 })
	code, out, errs := capture(t, "validate", tampered)
	if code != 1 || !strings.Contains(errs, rec) {
		t.Errorf("validate of a tampered run: exit %d, stderr %q; want 1 naming %s\n%s", code, errs, rec, out)
	}

	code, out, _ = capture(t, "compare", dir, dir)
	if code != 0 || !strings.Contains(out, "0 significantly slower, 0 significantly faster") {
		t.Errorf("compare of a run with itself: exit %d\n%s", code, out)
	}

	// Every raw sample 20% slower, statistics recomputed, reports re-rendered.
	slow := filepath.Join(tmp, "slow")
	if err := copyTree(dir, slow); err != nil {
		t.Fatal(err)
	}
	slowRun, err := evidence.Load(slow)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range slowRun.Records {
		rewriteRecord(t, filepath.Join(slow, slowRun.Paths[r]), func(r *evidence.Record) {
			for i := range r.Trials {
				tr := &r.Trials[i]
				for j := range tr.NS {
					tr.NS[j] = int64(math.Round(1.2 * float64(tr.NS[j])))
				}
				// The host's own clocks saw the slower machine too, so
				// every trial stays within its bounds.
				tr.HostWallNS = int64(math.Round(1.2 * float64(tr.HostWallNS)))
				tr.HostCPUNS = int64(math.Round(1.2 * float64(tr.HostCPUNS)))
			}
			r.Stats = r.Recompute()
		})
	}
	if code, out, errs := capture(t, "report", slow); code != 0 {
		t.Fatalf("host report slow: exit %d\n%s%s", code, out, errs)
	}
	// Its statistics follow from its samples, but the records are not what
	// the host wrote: validate names each one, and nothing else.
	code, out, errs = capture(t, "validate", slow)
	if code != 1 || strings.Count(out, "changed after the host wrote it") != len(slowRun.Records) ||
		strings.Count(out, "\n") != len(slowRun.Records) {
		t.Errorf("a consistently rewritten run: exit %d, want 1 naming the %d rewritten records alone\n%s%s", code, len(slowRun.Records), out, errs)
	}
	// compare tests the trials' medians, one per fresh process: three
	// against three cannot reach 5% (the U test's smallest p is 2/20),
	// and compare says so for every operation instead of calling the
	// correlated per-call samples' shift significant. (Five trials
	// against five detect it: compare.TestSlowdown.)
	code, out, _ = capture(t, "compare", dir, slow)
	want := len(slowRun.Records)
	if code != 0 || !strings.Contains(out, strconv.Itoa(want)+" operation(s) in both runs: 0 significantly slower") || strings.Count(out, "none (too few trials)") != want {
		t.Errorf("compare of 3 trials against a 20%% slowdown: exit %d, want each of %d operations stated undetectable\n%s", code, want, out)
	}

	code, bl, errs := capture(t, "baseline", dir)
	if code != 0 {
		t.Fatalf("host baseline: exit %d\n%s", code, errs)
	}
	blPath := filepath.Join(tmp, "baseline.json")
	if err := os.WriteFile(blPath, []byte(bl), 0o644); err != nil {
		t.Fatal(err)
	}
	var parsed struct{ Floors []json.RawMessage }
	if err := json.Unmarshal([]byte(bl), &parsed); err != nil || len(parsed.Floors) != want {
		t.Fatalf("baseline: %v, %d floors, want %d", err, len(parsed.Floors), want)
	}
	if code, out, errs := capture(t, "gate", "--baseline", blPath, dir); code != 0 {
		t.Errorf("gate of the baseline's own run: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = capture(t, "gate", "--baseline", blPath, slow)
	if code != 1 || !strings.Contains(errs, "x25519 X25519/go-std scalarmult") || !strings.Contains(errs, "x25519 X25519/go-std init_a") {
		t.Errorf("gate of a 20%% slower run: exit %d, want 1 naming the operations\n%s%s", code, out, errs)
	}

	code, exp, errs := capture(t, "export", "--format", "benchfmt", dir)
	if code != 0 {
		t.Fatalf("host export: exit %d\n%s", code, errs)
	}
	rd := benchfmt.NewReader(strings.NewReader(exp), "export")
	n := 0
	for rd.Scan() {
		switch r := rd.Result().(type) {
		case *benchfmt.SyntaxError:
			t.Fatalf("export does not parse: %v", r)
		case *benchfmt.Result:
			if _, ok := r.Value("sec/op"); !ok {
				t.Fatalf("%s: no ns/op", r.Name.Full())
			}
			n++
		}
	}
	var samples int
	for _, r := range slowRun.Records {
		for _, tr := range r.Trials {
			samples += len(tr.NS)
		}
	}
	if n != samples {
		t.Errorf("export has %d results, want one per sample (%d)", n, samples)
	}
}

func rewriteRecord(t *testing.T, path string, edit func(*evidence.Record)) {
	t.Helper()
	var r evidence.Record
	if err := evidence.ReadJSON(path, &r); err != nil {
		t.Fatal(err)
	}
	edit(&r)
	if err := evidence.WriteJSON(path, &r); err != nil {
		t.Fatal(err)
	}
}
