package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"
)

// recordSet lists the record files of a run directory.
func recordSet(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(filepath.Join(dir, "records"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".json") {
			r, _ := filepath.Rel(dir, p)
			out = append(out, r)
		}
		return nil
	})
	sort.Strings(out)
	return out
}

// TestResume interrupts a run during its benchmarks and completes it with
// --resume: the records are the same set an uninterrupted run writes.
func TestResume(t *testing.T) {
	_, plugins := build(t)
	whole := filepath.Join(t.TempDir(), "whole")
	if code, log := runHost(t, quick(plugins, whole, "--trial-target", "30ms")...); code != 0 {
		t.Fatalf("uninterrupted run: exit %d\n%s", code, log)
	}
	want := recordSet(t, whole)

	cut := filepath.Join(t.TempDir(), "cut")
	host, _ := build(t)
	cmd := exec.Command(host, quick(plugins, cut, "--trial-target", "30ms")...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		if k, _ := filepath.Glob(filepath.Join(cut, "kat", "*", "*.json")); len(k) > 0 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("the run never reached its benchmarks")
		}
		time.Sleep(20 * time.Millisecond)
	}
	// Frozen first, so the interruption lands before the benchmarks end
	// however fast the machine is: the SIGINT is delivered on SIGCONT.
	cmd.Process.Signal(syscall.SIGSTOP)
	cmd.Process.Signal(syscall.SIGINT)
	cmd.Process.Signal(syscall.SIGCONT)
	cmd.Wait()
	if got := recordSet(t, cut); len(got) >= len(want) {
		t.Fatalf("the run finished before the interruption (%d records): the resume path went unchecked", len(got))
	}
	if _, err := os.Stat(filepath.Join(cut, "summary.json")); err == nil {
		t.Fatal("an interrupted run wrote a summary")
	}
	if code, log := runHost(t, "run", "--no-source", "--plugin-dir", plugins, "--out", cut, "--resume"); code != 0 {
		t.Fatalf("resume: exit %d\n%s", code, log)
	}
	if got := recordSet(t, cut); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("resumed records %v, uninterrupted %v", got, want)
	}
}

// TestShardMerge splits a campaign over two shards and joins them.
func TestShardMerge(t *testing.T) {
	dir := faultDir(t, "longct")
	tmp := t.TempDir()
	var shards []string
	for _, k := range []string{"1/2", "2/2"} {
		out := filepath.Join(tmp, strings.ReplaceAll(k, "/", "of"))
		runHost(t, quick(dir, out, "--shard", k)...)
		shards = append(shards, out)
	}
	whole := filepath.Join(tmp, "whole")
	runHost(t, quick(dir, whole)...)
	merged := filepath.Join(tmp, "merged")
	if code, log := runHost(t, append([]string{"merge", "--out", merged}, shards...)...); code != 0 {
		t.Fatalf("merge: exit %d\n%s", code, log)
	}
	if n := len(readSummary(t, shards[0]).Instances) + len(readSummary(t, shards[1]).Instances); n != 2 {
		t.Errorf("the shards' summaries have %d instances together, want 2: each its own", n)
	}
	a, b := recordSet(t, shards[0]), recordSet(t, shards[1])
	if len(a) == 0 && len(b) == 0 {
		t.Fatal("the shards measured nothing")
	}
	if got, want := recordSet(t, merged), recordSet(t, whole); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("merged records %v, whole run %v", got, want)
	}
	s := readSummary(t, merged)
	if len(s.Instances) != 2 {
		t.Fatalf("merged summary has %d instances", len(s.Instances))
	}
}

// TestLocked changes one byte of a locked plugin executable: the host
// refuses it by name and runs the others.
func TestLocked(t *testing.T) {
	_, plugins := build(t)
	dir := t.TempDir()
	for _, name := range []string{"crucible-plugin-x25519", "crucible-plugin-fault-longct"} {
		src := filepath.Join(plugins, "crucible-plugin-x25519")
		if strings.Contains(name, "fault") {
			src = filepath.Join(binDir, "faults", "crucible-plugin-fault")
		}
		copyFile(t, src, filepath.Join(dir, name))
	}
	lock := filepath.Join(t.TempDir(), "crucible.lock")
	if code, log := runHost(t, "lock", "--no-source", "--plugin-dir", dir, "-o", lock); code != 0 {
		t.Fatalf("lock: exit %d\n%s", code, log)
	}
	f, err := os.OpenFile(filepath.Join(dir, "crucible-plugin-fault-longct"), os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	fi, _ := f.Stat()
	b := make([]byte, 1)
	f.ReadAt(b, fi.Size()-1)
	b[0] ^= 0xff
	f.WriteAt(b, fi.Size()-1)
	f.Close()
	out := filepath.Join(t.TempDir(), "r")
	code, log := runHost(t, quick(dir, out, "--locked", "--lock", lock)...)
	if code != 1 || !strings.Contains(log, "fault-longct") || !strings.Contains(log, "does not match the lock") {
		t.Fatalf("exit %d, want 1 refusing fault-longct\n%s", code, log)
	}
	s := readSummary(t, out)
	if s.Plugins["fault-longct"] != "refused" || s.Plugins["x25519"] == "refused" {
		t.Fatalf("plugin statuses %v", s.Plugins)
	}
}

func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	in, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	out.Close()
}

// TestMTLS runs a plugin over mutually authenticated TLS.
func TestMTLS(t *testing.T) {
	_, plugins := build(t)
	out := filepath.Join(t.TempDir(), "r")
	code, log := runHost(t, quick(plugins, out, "--suite", "x25519", "--mtls", "--trials", "1")...)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, log)
	}
	if s := readSummary(t, out); len(s.Instances) != 1 || s.Instances[0].KAT != "pass" {
		t.Fatalf("summary %+v", s.Instances)
	}
}
