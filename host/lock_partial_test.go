package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLockLocksTheOthers locks x25519 beside a plugin whose Describe
// fails (a 48 MiB description): x25519 is locked, lock exits 1 naming the
// other; with the failing plugin alone, no lock file is written.
func TestLockLocksTheOthers(t *testing.T) {
	_, plugins := build(t)
	dir, alone := t.TempDir(), t.TempDir()
	rogueBin := filepath.Join(binDir, "rogue", "crucible-plugin-rogue")
	for src, dst := range map[string]string{
		filepath.Join(plugins, "crucible-plugin-x25519"): filepath.Join(dir, "crucible-plugin-x25519"),
		rogueBin: filepath.Join(dir, "crucible-plugin-rogue-bigdescribe"),
	} {
		if err := os.Symlink(src, dst); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(rogueBin, filepath.Join(alone, "crucible-plugin-rogue-bigdescribe")); err != nil {
		t.Fatal(err)
	}
	lock := filepath.Join(t.TempDir(), "crucible.lock")
	code, log := runHost(t, "lock", "--no-source", "--plugin-dir", dir, "-o", lock)
	if code != 1 || !strings.Contains(log, "rogue-bigdescribe") {
		t.Errorf("lock: exit %d, want 1 naming rogue-bigdescribe\n%s", code, log)
	}
	b, err := os.ReadFile(lock)
	if err != nil {
		t.Fatalf("no lock file for the others: %v\n%s", err, log)
	}
	var lf lockFile
	if err := json.Unmarshal(b, &lf); err != nil || len(lf.Plugins) != 1 || lf.Plugins[0].Name != "x25519" {
		t.Fatalf("lock file holds %+v (%v), want x25519 alone", lf.Plugins, err)
	}

	lock2 := filepath.Join(t.TempDir(), "crucible.lock")
	if code, log := runHost(t, "lock", "--no-source", "--plugin-dir", alone, "-o", lock2); code != 1 || !strings.Contains(log, "rogue-bigdescribe") {
		t.Errorf("lock of the failing plugin alone: exit %d, want 1 naming it\n%s", code, log)
	}
	if _, err := os.Stat(lock2); err == nil {
		t.Errorf("a lock file locking nothing was written")
	}
}
