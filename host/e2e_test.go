package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/sandbox"
	"crucible.dev/registry/testenv"
)

// The end-to-end tests run the real host binary against real plugin
// processes, built once into a scratch directory.
var (
	buildOnce sync.Once
	buildErr  error
	binDir    string
)

func build(t *testing.T) (host, plugins string) {
	t.Helper()
	testenv.SkipShort(t, "end-to-end: builds the host and plugins")
	buildOnce.Do(func() {
		binDir, buildErr = os.MkdirTemp("", "crucible-e2e")
		if buildErr != nil {
			return
		}
		for _, b := range []struct{ out, pkg string }{
			{"host", "."},
			{"plugins/crucible-plugin-x25519", "../plugins/x25519"},
			{"faults/crucible-plugin-fault", "./internal/faultplugin"},
			{"hostile/crucible-plugin-hostile", "./internal/hostileplugin"},
			{"rogue/crucible-plugin-rogue", "./internal/rogueplugin"},
			{"memo/crucible-plugin-memo", "./internal/memoplugin"},
		} {
			cmd := exec.Command("go", "build", "-o", filepath.Join(binDir, b.out), b.pkg)
			if out, err := cmd.CombinedOutput(); err != nil {
				buildErr = errors.New(string(out))
				return
			}
		}
	})
	if buildErr != nil {
		t.Fatalf("build: %v", buildErr)
	}
	return filepath.Join(binDir, "host"), filepath.Join(binDir, "plugins")
}

// faultDir makes a plugin directory holding x25519 and the fault fixture
// under the given modes' names.
func faultDir(t *testing.T, modes ...string) string {
	_, plugins := build(t)
	dir := t.TempDir()
	link := func(src, name string) {
		if err := os.Symlink(src, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	link(filepath.Join(plugins, "crucible-plugin-x25519"), "crucible-plugin-x25519")
	for _, m := range modes {
		link(filepath.Join(binDir, "faults", "crucible-plugin-fault"), "crucible-plugin-fault-"+m)
	}
	return dir
}

// runHost runs the host and returns its exit code and combined output.
// TestMain lets the test binary serve as the sandbox's first step, as the
// host executable does, for the tests that start plugins in-process.
func TestMain(m *testing.M) {
	sandbox.Main()
	os.Exit(m.Run())
}

func runHost(t *testing.T, args ...string) (int, string) {
	t.Helper()
	return runHostWithin(t, 0, args...)
}

// runHostWithin is runHost with a deadline: a host still running after
// limit is killed and the test fails, so a defence that stops working
// (a budget, a timeout) fails its test instead of hanging it until the
// go test timeout. No deadline when limit is zero.
func runHostWithin(t *testing.T, limit time.Duration, args ...string) (int, string) {
	t.Helper()
	host, _ := build(t)
	ctx := context.Background()
	if limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, limit)
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, host, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("host still running after %v, killed\n%s", limit, out.String())
	}
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0, out.String()
	case errors.As(err, &ee):
		return ee.ExitCode(), out.String()
	}
	t.Fatalf("host: %v\n%s", err, out.String())
	return -1, ""
}

func readSummary(t *testing.T, dir string) *evidence.Summary {
	t.Helper()
	var s evidence.Summary
	b, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return &s
}

// quick are the flags of a short run.
func quick(pluginDir, out string, more ...string) []string {
	return append([]string{"run", "--no-source", "--plugin-dir", pluginDir, "--out", out,
		"--trials", "2", "--trial-target", "2ms", "--min-calls", "10", "--no-profile"}, more...)
}

func TestRunX25519(t *testing.T) {
	_, plugins := build(t)
	out := filepath.Join(t.TempDir(), "r")
	code, log := runHost(t, quick(plugins, out, "--suite", "x25519")...)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, log)
	}
	if !strings.Contains(log, "scalarmult") || !strings.Contains(log, "median") {
		t.Errorf("no table in the output:\n%s", log)
	}
	s := readSummary(t, out)
	if len(s.Instances) != 1 || s.Instances[0].Instance != "X25519" || s.Instances[0].KAT != "pass" {
		t.Fatalf("summary instances: %+v", s.Instances)
	}
	for _, op := range []string{"init_a", "init_b", "pass1", "pass2", "derive_a", "derive_b", "exchange", "scalarmult"} {
		o, ok := s.Instances[0].Ops[op]
		if !ok || o.MedianNS <= 0 || o.N <= 0 {
			t.Errorf("op %s: %+v", op, o)
		}
	}
	// Each trial ran in its own process.
	var rec evidence.Record
	if err := evidence.ReadJSON(evidence.RecordPath(out, "x25519", "X25519/go-std", "scalarmult"), &rec); err != nil {
		t.Fatal(err)
	}
	if len(rec.Trials) != 2 || rec.Trials[0].PID == rec.Trials[1].PID {
		t.Errorf("trials %d, pids %v", len(rec.Trials), pids(rec.Trials))
	}
	if rec.Calibration.EstimateNS <= 0 || rec.Calibration.Samples <= 0 {
		t.Errorf("calibration not recorded: %+v", rec.Calibration)
	}
}

// TestSuiteByKind runs one kind from a directory that holds two: the
// instances of the other kind are neither reported nor held against the
// exit status.
func TestSuiteByKind(t *testing.T) {
	dir := faultDir(t, "ctsafe") // a KEM beside x25519's KEX
	out := filepath.Join(t.TempDir(), "r")
	code, log := runHost(t, quick(dir, out, "--suite", "kex")...)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, log)
	}
	s := readSummary(t, out)
	if len(s.Instances) != 1 || s.Instances[0].Instance != "X25519" {
		t.Errorf("summary instances: %+v", s.Instances)
	}
	if _, ok := s.Plugins["fault-ctsafe"]; ok {
		t.Errorf("the plugin outside the suite is in the summary: %v", s.Plugins)
	}
}

func pids(ts []evidence.Trial) []int32 {
	var p []int32
	for _, t := range ts {
		p = append(p, t.PID)
	}
	return p
}
