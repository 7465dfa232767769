package evidence

import (
	"math"
	"strings"
	"testing"
	"time"
)

// honestTrial is a trial of n calls of per ns each, one call a sample, on a
// machine where the call's CPU time is what the loop computed plus the
// empty loop's empty ns, and the wall-clock time adds wait ns of waits.
func honestTrial(n int, per, empty, wait int64) Trial {
	t := Trial{Batch: 1, HostEmptyCPUNS: empty, HostCPUNS: int64(n)*per + empty, HostWaitNS: wait}
	for i := 0; i < n; i++ {
		t.NS = append(t.NS, per+wait/int64(n))
	}
	t.HostWallNS = t.HostCPUNS + wait
	return t
}

// TestHostTimed checks the host-timed rules on trials whose answer is
// known: the figure is the host's whatever the samples say, and each
// forgery of the samples that could move a page's figure is named.
func TestHostTimed(t *testing.T) {
	const us, ms = 1_000, 1_000_000
	scale := func(tr Trial, f float64) Trial {
		ns := append([]int64(nil), tr.NS...)
		for i := range ns {
			ns[i] = int64(float64(ns[i]) * f)
		}
		tr.NS = ns
		return tr
	}
	fat := func(tr Trial) Trial {
		ns := make([]int64, len(tr.NS))
		var sum int64
		for _, v := range tr.NS {
			sum += v
		}
		for i := range ns[:len(ns)-1] {
			ns[i] = 1
		}
		ns[len(ns)-1] = sum - int64(len(ns)-1)
		tr.NS = ns
		return tr
	}
	base := honestTrial(600, 35*us, 300*us, 0)
	long := honestTrial(3000, 35*us, 300*us, 0) // a 105 ms trial
	slow := honestTrial(3, 20*ms, 300*us, 0)    // 20 ms a call, three calls a trial
	slow5 := honestTrial(5, 20*ms, 300*us, 0)
	loaded := honestTrial(600, 35*us, 300*us, 150*ms)
	overhead := honestTrial(600, 35*us, 300*us, 0)
	overhead.HostCPUNS += 2300 * us // the call cost 2.3 ms more than its empty loop
	overhead.HostWallNS += 2300 * us
	faulted := honestTrial(600, 35*us, 300*us, 0)
	faulted.HostWallNS += 30 * ms // blocked on the disk
	faulted.HostMajorFaults = 12
	for _, c := range []struct {
		name string
		tr   Trial
		want string
	}{
		{"honest", base, ""},
		{"honest, 20 ms a call", slow, ""},
		{"honest, loaded", loaded, ""},
		{"honest, blocked on page faults", faulted, ""},
		{"honest, the call's overhead 2.3 ms above the empty loop's", overhead, ""},
		{"honest, a collection after the loop: samples 76% of the CPU", func() Trial {
			tr := base
			tr.HostCPUNS = tr.HostCPUNS*100/76 + tr.HostEmptyCPUNS
			tr.HostWallNS = tr.HostCPUNS
			return tr
		}(), ""},
		{"honest, a short trial on a loaded machine", func() Trial {
			// X25519 derive beside a rewritten executable: 10 calls with a
			// median of 85 µs, one 8 ms wait in the samples, 9 ms of CPU.
			tr := honestTrial(10, 85*us, 300*us, 0)
			tr.NS[9] += 8 * ms
			tr.HostCPUNS += 8 * ms
			tr.HostWallNS += 8 * ms
			return tr
		}(), ""},
		{"honest, a 2 ms trial whose call held 5 ms beyond its empty loop", func() Trial {
			// A stand-in KEM's encaps beside a parallel go test: samples
			// 1.39 ms, 6.37 ms of CPU beyond an empty loop of 0.58 ms.
			tr := honestTrial(80, 17*us, 580*us, 0)
			tr.HostCPUNS += 5 * ms
			tr.HostWallNS += 5 * ms
			return tr
		}(), ""},
		{"honest, a 20 ms trial whose call held 10.5 ms beyond its empty loop", func() Trial {
			// ML-KEM-768 sk_from_seed of gmsm: 1,200 page faults.
			tr := honestTrial(865, 36500, 2800*us, 0)
			tr.HostCPUNS += 10500 * us
			tr.HostWallNS += 10500 * us
			return tr
		}(), ""},
		{"samples × 0.55, a 105 ms trial", scale(long, 0.55), "host-timed check"},
		{"samples × 0.5, a 105 ms trial", scale(long, 0.5), "host-timed check"},
		{"20 ms a call × 0.5, five calls", scale(slow5, 0.5), "host-timed check"},
		{"fat tail with the true sum", fat(base), "distribution check"},
		{"asleep, no page fault", func() Trial { tr := base; tr.HostWallNS += 30 * ms; return tr }(), "neither ran nor waited"},
	} {
		got := c.tr.Unbounded()
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	// The host-timed figure is the host's: the samples do not move it, and
	// the empty loop's cost, the plugin's word, at most by OverheadCapFrac.
	for _, tr := range []Trial{base, scale(base, 0.55), fat(base), loaded} {
		if h := tr.HostTimedNS(); math.Abs(h-35*us) > 1 {
			t.Errorf("host-timed %v ns a call, want 35 µs", h)
		}
	}
	inflated := base
	inflated.HostEmptyCPUNS = inflated.HostCPUNS // a plugin that burns CPU in its empty loop
	if h := inflated.HostTimedNS(); h < (1-OverheadCapFrac)*float64(base.HostCPUNS)/600-1 {
		t.Errorf("an inflated empty loop lowers the host-timed figure to %v ns, more than %v%%", h, OverheadCapFrac*100)
	}
	r := Record{Trials: []Trial{fat(base), base, scale(base, 0.5), loaded}}
	if ns, _ := r.Headline(); !r.HostTimed() || math.Abs(ns.Median-35*us) > 1 {
		t.Errorf("headline %v (host-timed %v): want a host-timed figure of the honest trials", ns.Median, r.HostTimed())
	}
}

// TestKeptOverhead: the empty loop's cost beyond the 5% the figure takes
// off is the share of the figure that a trial too short keeps; an empty
// loop within the 5% leaves none.
func TestKeptOverhead(t *testing.T) {
	const ms = int64(time.Millisecond)
	ns := make([]int64, 200)
	for i := range ns {
		ns[i] = 100_000 // 20 ms of samples
	}
	short := Trial{NS: ns, Batch: 150, HostWallNS: 26 * ms, HostCPUNS: 25 * ms, HostEmptyCPUNS: 4 * ms, HostWaitNS: 0, HostSelfNS: 1 * ms}
	// 4 ms of empty loop, 1.25 ms taken off: 2.75 of the 23.75 ms left.
	if got, want := short.KeptOverheadFrac(), 2.75/23.75; math.Abs(got-want) > 1e-9 {
		t.Errorf("kept %.4f of the figure, want %.4f", got, want)
	}
	long := short
	long.HostEmptyCPUNS = ms // under 5% of 25 ms
	if got := long.KeptOverheadFrac(); got != 0 {
		t.Errorf("an empty loop within the cap: kept %.4f, want 0", got)
	}
	unmeasured := short
	unmeasured.HostCPUNS = 0
	if got := unmeasured.KeptOverheadFrac(); got != 0 {
		t.Errorf("no CPU time measured: kept %.4f, want 0", got)
	}
	r := Record{Trials: []Trial{short, long, short}}
	if got, want := r.KeptOverheadFrac(), 2.75/23.75; math.Abs(got-want) > 1e-9 {
		t.Errorf("record: kept %.4f, want the median trial's %.4f", got, want)
	}
	if o := SummarizeOp(&r); math.Abs(o.KeptOverhead-2.75/23.75) > 1e-9 {
		t.Errorf("summary: kept %.4f", o.KeptOverhead)
	}
}
