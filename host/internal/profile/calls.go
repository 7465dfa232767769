package profile

import (
	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/stats"
	"crucible.dev/registry"
)

// Seconds is about how long each operation runs under the profiler,
// by its trials' time: some hundred samples at registry.ProfileHz. It is
// 90 samples' worth because a profiled call costs more CPU than the
// fastest trial median the count comes from (the profiled loop does not
// hold the collector off, and a mean lies above a median): at 100 a
// quiet full run's profiles took 113 samples at the median (p10 105)
// and 0.45 s of CPU each.
const Seconds = 90.0 / registry.ProfileHz

// Calls is the count of calls that lasts about Seconds.
func Calls(estNS float64) int64 {
	return max(int64(Seconds*1e9/max(estNS, 1)), 1)
}

// CallNS is how long one call of a record's operation takes, for the
// profile's call count: the fastest of its trials' medians, or without
// trials the calibration's estimate. The trials are the better measure:
// five loops of some 20 ms against one calibration whose first steps are
// single calls, which one preemption on a busy machine makes 50 times too
// slow (a run at load 10 profiled such operations for 2 samples instead
// of a hundred); and the fastest median is the least disturbed.
func CallNS(rec *evidence.Record) float64 {
	best := 0.0
	for _, t := range rec.Trials {
		if t.Unbounded() != "" || len(t.NS) == 0 || t.Batch < 1 {
			continue
		}
		if m := stats.Summarize(stats.PerOp(t.NS, t.Batch), t.Batch).Median; m > 0 && (best == 0 || m < best) {
			best = m
		}
	}
	if best > 0 {
		return best
	}
	return rec.Calibration.EstimateNS
}

// Workers is how many plugin processes take an instance's profiles
// side by side: one per CPU, at most two, and one when the plugins are
// pinned to a CPU (two processes on one CPU would only take turns). A
// profile counts the CPU time of its own process (the kernel's CPU-time
// timers deliver its samples), so a profile taken beside another one
// attributes the same time to the same functions; what must run alone is
// a timed trial, and none runs until every profile of the instance is
// taken. On the two-CPU machines the campaign is sized for, this halves
// the profiles' wall time (about half of a whole run's before) and keeps
// each profile's hundred samples.
func Workers(pinned bool, cpus, points int) int {
	n := min(cpus, 2, points)
	if pinned {
		n = min(n, 1)
	}
	return max(n, 1)
}

// Length is the message or output length at which a symmetric
// primitive's operations are profiled: the one the summaries headline.
const Length = 1024
