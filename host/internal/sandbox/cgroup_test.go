package sandbox

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"crucible.dev/registry/testenv"
)

// hostTree makes the test's host cgroup, or skips where none can be
// made (failing under CI: testenv).
func hostTree(t *testing.T) *cgroupTree {
	t.Helper()
	tr, why := newCgroupTree()
	if tr == nil {
		testenv.Skipf(t, "no cgroup can be made here: %v", why)
	}
	t.Cleanup(tr.remove)
	return tr
}

// TestStaleCgroupsRemoved leaves the cgroup of a host that has ended (a
// PID that does not run, with a box under it) and starts another: it is
// removed; the new host's own stays until it is closed.
func TestStaleCgroupsRemoved(t *testing.T) {
	tr := hostTree(t)
	tr.remove() // only its parents are wanted: the next host's has the same name
	var stale []string
	for _, d := range tr.dirs {
		s := filepath.Join(filepath.Dir(d), cgroupPrefix+"999999999-1")
		if err := os.MkdirAll(filepath.Join(s, "box-1"), 0o755); err != nil {
			t.Fatal(err)
		}
		stale = append(stale, s)
	}
	tr2 := hostTree(t)
	for _, s := range stale {
		if _, err := os.Stat(s); err == nil {
			t.Errorf("%s: the cgroup of an ended host is still there", s)
		}
	}
	for _, d := range tr2.dirs {
		if _, err := os.Stat(d); err != nil {
			t.Errorf("the running host's cgroup is gone: %v", err)
		}
	}
	tr2.remove()
	for _, d := range tr2.dirs {
		if _, err := os.Stat(d); err == nil {
			t.Errorf("%s: still there after remove", d)
		}
	}
}

// TestBoxCgroupCost measures what a box's cgroup costs: made with its
// limits, a process put in it, killed and removed.
func TestBoxCgroupCost(t *testing.T) {
	tr := hostTree(t)
	const n = 20
	var made, removed time.Duration
	for i := 0; i < n; i++ {
		cmd := exec.Command("sleep", "60")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		b, err := tr.newBox(Limits{MemoryMiB: 512, Procs: 64})
		if err != nil {
			t.Fatal(err)
		}
		if err := b.add(cmd.Process.Pid); err != nil {
			t.Fatal(err)
		}
		made += time.Since(start)
		start = time.Now()
		b.remove() // kills what it holds
		removed += time.Since(start)
		cmd.Wait()
		for _, d := range b.dirs {
			if _, err := os.Stat(d); err == nil {
				t.Fatalf("%s: still there after remove", d)
			}
		}
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 / n }
	t.Logf("%s per box, mean of %d: make, set limits and add a process %.2f ms; kill it and remove %.2f ms", tr.version, n, ms(made), ms(removed))
}
