package main

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"

	"crucible.dev/host/internal/evidence"
)

// hostTimed returns, by plugin, the host-timed figures per call of every
// trial of the run's records and how many trials the bounds flagged.
func hostTimed(t *testing.T, out string) (figures map[string][]float64, flagged map[string]int, quiet map[string]int) {
	t.Helper()
	run, err := evidence.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	figures, flagged, quiet = map[string][]float64{}, map[string]int{}, map[string]int{}
	for _, r := range run.Records {
		for _, tr := range r.Trials {
			if tr.HostCPUNS <= 0 || tr.HostEmptyCPUNS == 0 {
				t.Fatalf("%s: the host measured nothing of the call or no empty loop: %+v", run.Paths[r], tr)
			}
			figures[r.Plugin] = append(figures[r.Plugin], tr.HostTimedNS())
			if tr.Unbounded() != "" {
				flagged[r.Plugin]++
			}
			// A quiet trial: the call ran nearly all its wall-clock time,
			// so the samples, wall-clock times, must show its CPU time;
			// and long enough that the distribution check applies (it
			// leaves OneOffSlackNS of a trial out, so never calls a short
			// one a fat tail: a trial calibrated on a loaded machine and
			// run on a quiet one can be that short).
			loop := tr.HostCPUNS - tr.HostEmptyCPUNS - evidence.BoundSlackNS
			if float64(tr.HostCPUNS) >= 0.9*float64(tr.HostWallNS) && loop > evidence.OneOffSlackNS+2_000_000 {
				quiet[r.Plugin]++
			}
		}
	}
	return figures, flagged, quiet
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s) == 0 {
		return 0
	}
	return s[len(s)/2]
}

// TestHostTimedForgedSamples: plugins that do the honest work and forge
// their samples (× 0.9, × 0.55, a fat tail with the true sum) publish the
// host's figure, not theirs. The fat tail is always named by the
// distribution check; a shaved trial on a quiet machine is named by the
// host-timed check (on a loaded one the samples, wall-clock times, hold
// waits that hide a shave, but the figure is the host's either way). The
// honest twin, and an honest 20 ms a call operation, are never flagged.
func TestHostTimedForgedSamples(t *testing.T) {
	dir := hostileDir(t, "honest", "honest20ms", "shave90", "shave55", "fattail")
	out := filepath.Join(t.TempDir(), "r")
	args := quick(dir, out, "--suite", "all", "--trials", "5", "--trial-target", "20ms")
	args[0] = "bench"
	code, log := runHost(t, args...)
	if code != 1 {
		t.Fatalf("exit %d, want 1 (the fat tail at least)\n%s", code, log)
	}
	s := readSummary(t, out)
	for _, honest := range []string{"hostile-honest", "hostile-honest20ms", "x25519"} {
		if f := findingsOf(s.Findings, honest); f != "" {
			t.Errorf("%s, honest, flagged:\n%s", honest, f)
		}
	}
	if !hasFinding(s.Findings, "hostile-fattail", "distribution check") {
		t.Errorf("the fat tail is not named; findings:\n%s", findingsOf(s.Findings, "hostile-fattail"))
	}
	figures, flagged, quiet := hostTimed(t, out)
	for _, m := range []string{"hostile-honest", "hostile-shave90", "hostile-shave55", "hostile-fattail"} {
		if len(figures[m]) == 0 {
			t.Fatalf("%s: no host-timed trial; findings:\n%s", m, findingsOf(s.Findings, m))
		}
	}
	// The fastest trial: the machine's slow spells (docs/method.md) only
	// add time, and a median of a few trials can sit in one.
	ref := slices.Min(figures["hostile-honest"])
	for _, m := range []string{"hostile-shave90", "hostile-shave55", "hostile-fattail"} {
		// Shaved samples pass the agreement check in 20 ms trials (70%
		// of the CPU less 10 ms, what honest calls need); only the fat
		// tail is flagged in every quiet trial. None moves its
		// host-timed figure.
		if m == "hostile-fattail" && quiet[m] > 0 && flagged[m] < quiet[m] {
			t.Errorf("%s: %d quiet trials, %d flagged", m, quiet[m], flagged[m])
		}
		// Same work, so no lower a host-timed figure, whatever the samples
		// said (30% for what a loaded machine does to one process's caches;
		// above, only a sanity bound: contention raises CPU time too, and
		// a forged figure could only be raised by its own work).
		got := slices.Min(figures[m])
		if got < 0.7*ref || got > 2*ref {
			t.Errorf("%s: host-timed %.0f ns a call at fastest, its honest twin %.0f", m, got, ref)
		}
		t.Logf("%s: host-timed %.0f ns a call at fastest (honest twin %.0f), %d of %d trials flagged, %d quiet", m, got, ref, flagged[m], len(figures[m]), quiet[m])
	}
	if !strings.Contains(log, "host-timed") {
		t.Errorf("the run's table does not say its times are host-timed:\n%s", log)
	}
}

// TestHostTimedHonestUnderLoad measures honest plugins, one of them 20 ms
// a call, beside a CPU hog of four runnable threads per CPU: no trial is
// flagged, and the run exits 0.
func TestHostTimedHonestUnderLoad(t *testing.T) {
	dir := hostileDir(t, "honest", "honest20ms")
	var hogs []*exec.Cmd
	for i := 0; i < 4*runtime.NumCPU(); i++ {
		hog := exec.Command("sh", "-c", "while :; do :; done")
		if err := hog.Start(); err != nil {
			t.Fatal(err)
		}
		hogs = append(hogs, hog)
	}
	defer func() {
		for _, h := range hogs {
			h.Process.Kill()
			h.Wait()
		}
	}()
	out := filepath.Join(t.TempDir(), "r")
	args := quick(dir, out, "--suite", "all", "--trials", "5", "--trial-target", "20ms")
	args[0] = "bench"
	code, log := runHost(t, args...)
	if code != 0 || strings.Contains(log, "inconsistent with host measurement") {
		t.Fatalf("exit %d\n%s", code, log)
	}
	figures, flagged, _ := hostTimed(t, out)
	for p, f := range figures {
		if flagged[p] > 0 {
			t.Errorf("%s: %d trials flagged beside the hog", p, flagged[p])
		}
		t.Logf("%s: %d trials beside %d hog threads, none flagged, host-timed median %.0f ns a call", p, len(f), len(hogs), median(f))
	}
}

// TestHostTimedStallRetried: an honest plugin whose first timed call in
// each process stalls 60 ms outside its samples, as one can on a loaded
// machine, is run again and not flagged, and the retry is in the evidence;
// a plugin that sleeps in every call is still flagged. (On a machine so
// loaded that every call is retried as disturbed, the stalled call is
// retried either way: TestKeepTrial checks the rule alone.)
func TestHostTimedStallRetried(t *testing.T) {
	dir := hostileDir(t, "stallonce", "sleeper")
	out := filepath.Join(t.TempDir(), "r")
	args := quick(dir, out, "--suite", "all", "--trials", "3", "--trial-target", "20ms")
	args[0] = "bench"
	code, log := runHost(t, args...)
	if code != 1 {
		t.Fatalf("exit %d, want 1 (the sleeper)\n%s", code, log)
	}
	s := readSummary(t, out)
	if f := findingsOf(s.Findings, "hostile-stallonce"); f != "" {
		t.Errorf("an honest plugin that stalled once is flagged:\n%s", f)
	}
	if !hasFinding(s.Findings, "hostile-sleeper", "neither ran nor waited") {
		t.Errorf("the sleeper is not flagged; findings:\n%s", findingsOf(s.Findings, "hostile-sleeper"))
	}
	run, err := evidence.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	kept, retried := 0, 0
	for _, r := range run.Records {
		for _, tr := range r.Trials {
			if r.Plugin == "hostile-stallonce" {
				kept++
				retried += tr.Retries
			}
		}
	}
	if kept != 3 || retried < 3 {
		t.Errorf("hostile-stallonce: %d trials kept, %d retries, want 3 and at least one each", kept, retried)
	}
}
