package evidence

import (
	"fmt"
	"time"
)

// The host bounds a trial's samples by what it measured of the timed call
// from outside the plugin:
//
//   - the samples lie inside the call, so they total no more than its
//     wall-clock time;
//   - the plugin computes while it times, so the samples total no less than
//     the CPU time the kernel accounted to its threads during the call, but
//     for what the call spends outside the loop (a garbage collection before
//     it, reading memory statistics around it);
//   - a loop that computes keeps the plugin running or waiting for a CPU, so
//     the call's wall-clock time less the plugin's CPU time and the run-queue
//     waits of the plugin and the host is small: a plugin that sleeps (and
//     reports less) shows there.
//
// BoundSlackNS plus a fraction of the measure is what an honest plugin
// needs outside its loop; it is also the most a plugin can hide. The
// run-queue bound takes BoundSlackFrac: on a machine loaded to 9 runnable
// threads a CPU the unexplained time was never positive. The CPU bound
// takes CPUSlackFrac: in a full campaign run beside the test suite, two
// trials of 2,200 showed CPU time 1.8 and 2.4 times their samples, 15 ms
// beyond them (what the runtime spends outside the loop on a crowded
// machine is not yet pinned down), so a plugin that reports less than half
// its CPU time is caught, not one that shaves a little.
const (
	BoundSlackNS   = 10 * int64(time.Millisecond)
	BoundSlackFrac = 0.10
	CPUSlackFrac   = 0.50
)

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
	slack := func(x int64, frac float64) int64 { return int64(float64(x)*frac) + BoundSlackNS }
	d := func(ns int64) time.Duration { return time.Duration(ns) }
	switch {
	case sum > t.HostWallNS:
		return fmt.Sprintf("samples total %v, more than the %v the host measured for the call", d(sum), d(t.HostWallNS))
	case t.HostCPUNS > 0 && sum < t.HostCPUNS-slack(t.HostCPUNS, CPUSlackFrac):
		return fmt.Sprintf("samples total %v, less than the %v of CPU time the kernel accounted to the plugin during the call allows", d(sum), d(t.HostCPUNS))
	case t.HostCPUNS >= 0 && t.HostWaitNS >= 0:
		if idle := t.HostWallNS - t.HostCPUNS - t.HostWaitNS; idle > slack(t.HostWallNS, BoundSlackFrac) {
			return fmt.Sprintf("the plugin neither ran nor waited for a CPU for %v of the %v call: its samples total %v", d(idle), d(t.HostWallNS), d(sum))
		}
	}
	return ""
}
