package main

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"crucible.dev/host/internal/evidence"
)

// TestLockedRace swaps a locked plugin's executable for a trojan and back
// in a loop while the host runs with --locked: every run either runs the
// locked bytes or refuses the plugin, and the trojan never runs. Each run
// must see the executable swapped both ways while it ran (counted renames
// before and after it), or the test would pass without a race.
func TestLockedRace(t *testing.T) {
	_, plugins := build(t)
	dir, spare := t.TempDir(), t.TempDir()
	good, trojan := filepath.Join(spare, "good"), filepath.Join(spare, "trojan")
	copyExe(t, filepath.Join(plugins, "crucible-plugin-x25519"), good)
	copyExe(t, filepath.Join(binDir, "faults", "crucible-plugin-fault"), trojan)
	target := filepath.Join(dir, "crucible-plugin-x25519")
	copyExe(t, good, target)
	lock := filepath.Join(spare, "crucible.lock")
	if code, log := runHost(t, "lock", "--no-source", "--plugin-dir", dir, "-o", lock); code != 0 {
		t.Fatalf("lock: exit %d\n%s", code, log)
	}
	b, _ := os.ReadFile(lock)
	var lf lockFile
	if err := json.Unmarshal(b, &lf); err != nil || len(lf.Plugins) != 1 {
		t.Fatalf("lock file: %v\n%s", err, b)
	}
	locked := lf.Plugins[0].SHA256

	stop := make(chan struct{})
	var swaps atomic.Int64 // renames done
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // swap by rename, as fast as it goes
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			src := good
			if i%2 == 0 {
				src = trojan
			}
			tmp := target + ".swap"
			copyExe(t, src, tmp)
			if err := os.Rename(tmp, target); err == nil {
				swaps.Add(1)
			}
		}
	}()
	ran, refused := 0, 0
	for i := 0; i < 8; i++ {
		out := filepath.Join(t.TempDir(), "r")
		before := swaps.Load()
		code, log := runHost(t, "run", "--locked", "--lock", lock, "--no-source", "--plugin-dir", dir, "--out", out,
			"--suite", "all", "--trials", "1", "--trial-target", "1ms", "--min-calls", "5", "--no-profile")
		if n := swaps.Load() - before; n < 2 {
			t.Errorf("run %d: %d swaps while it ran, want the executable swapped both ways", i, n)
		}
		var pi evidence.PluginInfo
		if err := evidence.ReadJSON(evidence.PluginPath(out, "x25519"), &pi); err != nil {
			t.Fatalf("run %d: exit %d: %v\n%s", i, code, err, log)
		}
		for _, in := range pi.Instances {
			if in.Name != "X25519" {
				t.Errorf("run %d ran the trojan: instance %s", i, in.Name)
			}
		}
		switch {
		case code == 0 && pi.BinarySHA == locked:
			ran++
		case code == 1 && strings.Contains(log, "does not match the lock"):
			refused++
		default:
			t.Errorf("run %d: exit %d, executable %s (locked %s)\n%s", i, code, pi.BinarySHA, locked, log)
		}
	}
	close(stop)
	wg.Wait()
	t.Logf("8 runs under a swapping executable: %d ran the locked bytes, %d refused the plugin", ran, refused)
}

// TestCacheSwap replaces a cached build with another executable: the host
// rebuilds it rather than running what it finds.
func TestCacheSwap(t *testing.T) {
	build(t)
	cache := t.TempDir()
	if code, log := runHost(t, "lock", "--cache", cache, "-o", filepath.Join(t.TempDir(), "lock")); code != 0 {
		t.Fatalf("lock: exit %d\n%s", code, log)
	}
	bins, _ := filepath.Glob(filepath.Join(cache, "x25519-*"))
	var bin string
	for _, b := range bins {
		if !strings.HasSuffix(b, ".sha256") {
			bin = b
		}
	}
	if bin == "" {
		t.Fatalf("no cached x25519 in %v", bins)
	}
	copyExe(t, filepath.Join(binDir, "faults", "crucible-plugin-fault"), bin)
	code, log := runHost(t, "list", "--cache", cache)
	if code != 0 || !strings.Contains(log, "x25519-") || !strings.Contains(log, "changed since it was built") {
		t.Errorf("list after the swap: exit %d\n%s", code, log)
	}
	if strings.Contains(log, "fault-") {
		t.Errorf("the swapped executable ran\n%s", log)
	}
}

func copyExe(t *testing.T, src, dst string) {
	in, err := os.Open(src)
	if err != nil {
		t.Error(err)
		return
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o755)
	if err != nil {
		t.Error(err)
		return
	}
	io.Copy(out, in)
	out.Close()
}
