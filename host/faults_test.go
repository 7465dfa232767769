package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/progress"
)

// TestFaults runs every fault fixture beside a good plugin: each fault is a
// precise finding, the good plugin is measured all the same, the host exits
// 1, and no plugin process outlives it.
func TestFaults(t *testing.T) {
	want := map[string]string{
		"exit":         "start:",
		"stdout":       "start:",
		"slowstart":    "start:",
		"panic":        "panic: assignment to entry in nil map",
		"hang":         "no answer within 3s (hung)",
		"katexit":      "plugin process exited",
		"alloc":        "plugin process exited",
		"hugeresponse": "larger than max",
		"liar":         "pk: catalog 784, declared 800",
		"longct":       "ct: catalog 1047, declared 1047, returned 1048",
	}
	var modes []string
	for m := range want {
		modes = append(modes, m)
	}
	dir := faultDir(t, modes...)
	out := filepath.Join(t.TempDir(), "r")
	code, log := runHost(t, quick(dir, out, "--suite", "all", "--call-timeout", "3s",
		"--start-timeout", "8s", "--mem-limit", "1024")...)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s", code, log)
	}
	s := readSummary(t, out)
	for mode, text := range want {
		name := "fault-" + mode
		if !hasFinding(s.Findings, name, text) {
			t.Errorf("%s: no finding containing %q; findings:\n%s", name, text, findingsOf(s.Findings, name))
		}
	}
	// The good plugin ran as if alone.
	for _, in := range s.Instances {
		if in.Plugin == "x25519" && (in.KAT != "pass" || len(in.Ops) == 0) {
			t.Errorf("x25519 after the faults: KAT %s, %d ops", in.KAT, len(in.Ops))
		}
	}
	if n := processesFrom(dir); n != 0 {
		t.Errorf("%d plugin processes outlived the host", n)
	}
}

// hasFinding reports whether a finding of the plugin contains text.
func hasFinding(fs []evidence.Finding, plugin, text string) bool {
	for _, f := range fs {
		if f.Plugin == plugin && strings.Contains(progress.FormatFinding(f)+f.Detail, text) {
			return true
		}
	}
	return false
}

func findingsOf(fs []evidence.Finding, plugin string) string {
	var b strings.Builder
	for _, f := range fs {
		if f.Plugin == plugin {
			b.WriteString("  " + progress.FormatFinding(f) + "\n")
		}
	}
	return b.String()
}

// processesFrom counts live processes running an executable of dir. The
// host runs a sealed copy of each executable, under its own name, so the
// count goes by name.
func processesFrom(dir string) int {
	names := map[string]bool{}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		names[e.Name()] = true
	}
	n := 0
	procs, _ := filepath.Glob("/proc/[0-9]*/exe")
	for _, p := range procs {
		exe, err := os.Readlink(p)
		if err != nil {
			continue
		}
		if names[filepath.Base(strings.TrimSuffix(exe, " (deleted)"))] {
			n++
		}
	}
	return n
}

// TestNoOrphans ends the host while a plugin hangs, by each signal and by
// SIGKILL, and counts the plugin processes left.
func TestNoOrphans(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := faultDir(t, "hang")
			os.Remove(filepath.Join(dir, "crucible-plugin-x25519"))
			host, _ := build(t)
			cmd := exec.Command(host, quick(dir, filepath.Join(t.TempDir(), "r"), "--call-timeout", "60s")...)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			deadline := time.Now().Add(20 * time.Second)
			for processesFrom(dir) == 0 {
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					t.Fatal("the plugin never started")
				}
				time.Sleep(50 * time.Millisecond)
			}
			time.Sleep(300 * time.Millisecond) // into the hanging call
			cmd.Process.Signal(sig)
			cmd.Wait()
			deadline = time.Now().Add(3 * time.Second)
			for processesFrom(dir) != 0 {
				if time.Now().After(deadline) {
					t.Fatalf("after %v: %d plugin processes outlived the host", sig, processesFrom(dir))
				}
				time.Sleep(50 * time.Millisecond)
			}
		})
	}
}
