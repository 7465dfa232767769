package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/sandbox"
)

// TestResealFreshCopy: each Reseal is a new file (a new inode, so new
// page-cache pages) holding the sealed bytes under the sealed hash; its
// release removes it alone; a sealed copy that changed is refused.
func TestResealFreshCopy(t *testing.T) {
	_, plugins := build(t)
	exe := filepath.Join(plugins, "crucible-plugin-x25519")
	lc, err := sandbox.New(sandbox.DefaultLimits, false)
	if err != nil {
		t.Fatal(err)
	}
	defer lc.Close()
	sealed, sum, err := lc.Seal(exe)
	if err != nil {
		t.Fatal(err)
	}
	a, sumA, relA, err := lc.Reseal(exe)
	if err != nil {
		t.Fatal(err)
	}
	b, sumB, relB, err := lc.Reseal(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer relB()
	if sumA != sum || sumB != sum {
		t.Errorf("fresh copies hash %s and %s, sealed %s", sumA, sumB, sum)
	}
	ino := func(p string) uint64 {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		return fi.Sys().(*syscall.Stat_t).Ino
	}
	if a == b || a == sealed || ino(a) == ino(b) || ino(a) == ino(sealed) {
		t.Errorf("not fresh copies: %s (inode %d), %s (inode %d), sealed %s (inode %d)", a, ino(a), b, ino(b), sealed, ino(sealed))
	}
	want, _ := os.ReadFile(exe)
	for _, p := range []string{a, b} {
		if got, _ := os.ReadFile(p); !bytes.Equal(got, want) {
			t.Errorf("%s: not the executable's bytes", p)
		}
	}
	relA()
	if _, err := os.Stat(a); !os.IsNotExist(err) {
		t.Errorf("%s still there after its release: %v", a, err)
	}
	if _, err := os.Stat(b); err != nil {
		t.Errorf("releasing one copy removed another: %v", err)
	}

	// A sealed copy whose bytes changed after sealing is not copied on.
	if err := os.Chmod(sealed, 0o700); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(sealed, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte{0})
	f.Close()
	if _, _, _, err := lc.Reseal(exe); err == nil || !strings.Contains(err.Error(), "changed") {
		t.Errorf("a changed sealed copy was resealed: %v", err)
	}
}

// TestTrialsRunFreshCopies: every trial of a campaign runs its own copy of
// the executable, so a placement the copies do not share is sampled by
// the trials and the confidence interval covers it (issue: identical
// bytes, different speed).
func TestTrialsRunFreshCopies(t *testing.T) {
	_, plugins := build(t)
	out := filepath.Join(t.TempDir(), "r")
	args := quick(plugins, out, "--suite", "x25519", "--trials", "3")
	args[0] = "bench"
	code, log := runHost(t, args...)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, log)
	}
	run, err := evidence.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(run.Records) == 0 {
		t.Fatal("no records")
	}
	for _, r := range run.Records {
		seen := map[string]bool{}
		for i, tr := range r.Trials {
			if tr.Copy == "" || seen[tr.Copy] {
				t.Errorf("%s trial %d ran copy %q, which is empty or another trial's", run.Paths[r], i+1, tr.Copy)
			}
			seen[tr.Copy] = true
		}
	}
}
