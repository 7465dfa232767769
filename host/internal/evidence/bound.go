package evidence

import (
	"fmt"
	"sort"
	"time"

	"crucible.dev/host/internal/stats"
)

// A trial's published time is the host's, not the plugin's. The host
// measures the timed call from outside: its wall-clock time, the CPU time
// the kernel accounted to the plugin's whole box during it (every thread,
// ended ones included, and every child process), and, just before it in
// the same process, the CPU time of the same call of the empty loop
// (registry.OpEmpty), which is what the call costs besides the operation.
// The host-timed figure of a trial is
//
//	(box CPU time of the call − the empty call's, at most OverheadCapFrac of it) / calls
//
// A plugin cannot make that smaller than the CPU its work took, whatever
// it reports: only the empty loop's cost is its word, and that is capped
// at OverheadCapFrac of the call, so it moves the figure by at most 5%.
// The plugin's samples give the distribution's shape (median, percentiles,
// the cycle counter) and are used only when they agree with the host:
//
//   - they lie inside the call, so they total no more than its wall-clock
//     time;
//   - the plugin runs Go code on one thread at a time (GOMAXPROCS=1), so
//     while it computes it is inside its samples: they total at least
//     AgreeFrac of the box's CPU time less the empty call's, less
//     AgreeSlackNS for what a call costs once beyond its empty loop's:
//     in a full campaign at load 4, honest trials' samples were down to
//     76% of it (BIP-340 signing: 32.1 of 42.4 ms; HKDF 75%, CTR-DRBG
//     87%), operations that allocate most, whose deferred garbage
//     collection the box pays inside the call but outside the samples;
//     and a short trial's call held up to 12.4 ms beyond them (ML-KEM-768
//     sk_from_seed of gmsm in 20 ms trials, about 1,200 page faults; 0.7
//     ms and 300 faults in trials of 200 ms), 5 ms in a 2 ms trial of a
//     stand-in KEM under a parallel go test. A check that calls an
//     honest plugin a liar costs more than one that lets a shave of
//     under a third of the samples through (or, in a trial under about
//     70 ms, of more), which moves only the shape, never the headline
//     (on a loaded machine samples also hold the waits for the CPU, so
//     this bound is then loose, and the host-timed figure alone is what
//     protects the published time);
//   - their median per call is at least ShapeFrac of the smaller of their
//     mean and the host-timed figure less BoundSlackNS, both less
//     OneOffSlackNS over the trial:
//     an honest loop's typical call costs about its mean (rejection
//     sampling, collections and preemptions only lengthen some calls),
//     while a fat tail with the true sum (every sample 1 ns but one) puts
//     the median near zero;
//   - a loop that computes keeps the plugin running or waiting for a CPU,
//     so the call's wall-clock time less its CPU time and run-queue waits
//     is small (BoundSlackNS + BoundSlackFrac of it), unless the box waited
//     for the disk on a major page fault (an honest plugin whose pages were
//     evicted by a concurrent build does) or the hypervisor stole the CPU
//     (stolenNS, taken off). Sleeping cannot lower the
//     host-timed figure; the bound keeps a sleeper's samples off the pages.
//
// A trial outside these bounds is a finding, kept in the evidence and left
// out of every figure.
const (
	BoundSlackNS    = 3 * int64(time.Millisecond)
	AgreeSlackNS    = 10 * int64(time.Millisecond)
	BoundSlackFrac  = 0.10
	IdleSlackNS     = 10 * int64(time.Millisecond)
	OneOffSlackNS   = 10 * int64(time.Millisecond)
	AgreeFrac       = 0.70
	ShapeFrac       = 0.20
	OverheadCapFrac = 0.05
)

// calls is how many calls the trial timed.
func (t Trial) calls() int64 { return int64(len(t.NS)) * t.Batch }

// hostOverheadNS is the part of the box's CPU time the host-timed figure
// leaves out: the empty loop's, capped.
func (t Trial) hostOverheadNS() int64 {
	if t.HostEmptyCPUNS <= 0 || t.HostCPUNS <= 0 {
		return 0
	}
	return min(t.HostEmptyCPUNS, int64(OverheadCapFrac*float64(t.HostCPUNS)))
}

// KeptOverheadFrac is the share of the trial's host-timed figure that is
// the timed call's own cost beyond what the figure takes off: its empty
// loop's CPU time above OverheadCapFrac of the call. A trial too short for
// the call's fixed cost (3 to 6 ms a call on a paravirtualized guest:
// docs/method.md) reads high by it, and a longer --trial-target takes it
// out. It rests on the empty loop, the plugin's word: a diagnostic, never
// a figure. 0 when the host measured no CPU time.
func (t Trial) KeptOverheadFrac() float64 {
	kept := min(max(t.HostEmptyCPUNS, 0), t.HostCPUNS) - t.hostOverheadNS()
	timed := t.HostCPUNS - t.hostOverheadNS()
	if t.HostCPUNS <= 0 || kept <= 0 || timed <= 0 {
		return 0
	}
	return float64(kept) / float64(timed)
}

// HostTimedNS is the trial's host-timed time per call: the box's CPU time
// during the timed call, less the calibrated cost of the call itself, over
// the calls. 0 when the host measured no CPU time (older records).
func (t Trial) HostTimedNS() float64 {
	n := t.calls()
	if t.HostCPUNS <= 0 || n <= 0 {
		return 0
	}
	return float64(t.HostCPUNS-t.hostOverheadNS()) / float64(n)
}

// Unbounded says why a trial's samples do not fit what the host measured,
// or "" when they fit (or the host measured nothing: older records).
func (t Trial) Unbounded() string {
	if t.HostWallNS <= 0 {
		return ""
	}
	var sum int64
	for _, ns := range t.NS {
		sum += ns
	}
	d := func(ns int64) time.Duration { return time.Duration(ns) }
	if sum > t.HostWallNS {
		return fmt.Sprintf("samples total %v, more than the %v the host measured for the call", d(sum), d(t.HostWallNS))
	}
	if t.HostCPUNS > 0 {
		loop := t.HostCPUNS - max(t.HostEmptyCPUNS, 0)
		if floor := int64(AgreeFrac*float64(loop)) - AgreeSlackNS; sum < floor {
			return fmt.Sprintf("samples total %v, less than %.0f%% of the %v of CPU time the kernel accounted to the plugin's box during the call beyond the empty loop's %v (the host-timed check)",
				d(sum), AgreeFrac*100, d(loop), d(max(t.HostEmptyCPUNS, 0)))
		}
		// The median is held to the smaller of the samples' own mean
		// (whose total the check above ties to the host's CPU time) and
		// the host-timed figure less BoundSlackNS: a fat tail with the true
		// sum (every sample 1 ns but one) puts the median near zero
		// against both. Either alone called honest trials fat tails: the
		// mean, where one wall-clock sample held a long wait for the CPU
		// (SHA-256 at 256 bytes: median 222 ns, mean 1,187 ns, in a full
		// campaign at load 7); the host-timed figure, in short trials of
		// fast operations, where the call's overhead beyond the empty
		// loop's is most of the CPU (X25519 init_a: 48 µs a call against
		// 790 µs host-timed, in a 10-call trial).
		// An honest call can also hold a one-off cost of a few
		// milliseconds of CPU (X25519 derive: median 85 µs, mean and
		// host-timed figure 906 µs a call, in a 10-call trial beside a test
		// that rewrote the executable), so OneOffSlackNS of the total is
		// left out first: a short trial is never called a fat tail, and
		// only the shape, never the headline, rests on the median.
		if n := t.calls(); n > 0 && sum > 0 {
			med := medianPerCall(t)
			held := float64(min(sum, max(0, loop-BoundSlackNS))-OneOffSlackNS) / float64(n)
			if med < ShapeFrac*held {
				return fmt.Sprintf("median sample %.4g ns a call, less than %.0f%% of %.4g ns a call, the smaller of the samples' mean and the host-timed figure less %v over the trial (the distribution check: a fat tail)",
					med, ShapeFrac*100, held, d(OneOffSlackNS))
			}
		}
	}
	if t.HostCPUNS >= 0 && t.HostWaitNS >= 0 && t.HostSelfNS >= 0 && t.HostMajorFaults == 0 {
		slack := int64(float64(t.HostWallNS)*BoundSlackFrac) + IdleSlackNS
		if idle := t.HostWallNS - t.HostCPUNS - t.HostWaitNS - t.HostSelfNS - t.stolenNS(); idle > slack {
			return fmt.Sprintf("the plugin neither ran nor waited for a CPU or the disk for %v of the %v call: its samples total %v", d(idle), d(t.HostWallNS), d(sum))
		}
	}
	return ""
}

// stolenNS is the CPU time the hypervisor took from the machine's CPUs
// around the call, as the trial's noise window measured it (/proc/stat's
// steal, every CPU): a virtual CPU the hypervisor gives to another guest
// neither runs the plugin nor counts its threads as waiting, so an honest
// call on a machine whose neighbours are busy shows that time as idle. In
// a full campaign beside a busy neighbour, twelve trials of honest
// streamed loops (ten of them findings after their retries) showed 17 to
// 49 ms of such idle time each, every one at 19 to 60% steal. Stealing is
// the hypervisor's, never the plugin's doing.
func (t Trial) stolenNS() int64 {
	if t.Noise == nil || t.Noise.StealFrac <= 0 {
		return 0
	}
	return int64(t.Noise.StealFrac * float64(max(t.Noise.CPUs, 1)) * float64(t.HostWallNS))
}

// medianPerCall is the median of the trial's samples, per call.
func medianPerCall(t Trial) float64 {
	v := stats.PerOp(t.NS, t.Batch)
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	return stats.Quantile(s, 0.5)
}
