package report

import (
	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/format"
)

// hostBounds shows, per call over the trials, the plugin's samples beside
// what the host measured of the timed calls, and how many trials fell
// outside the bounds.
func hostBounds(r *evidence.Record) inline {
	var sum, wall, cpu, calls int64
	for _, t := range r.Trials {
		if t.HostWallNS <= 0 {
			continue
		}
		for _, ns := range t.NS {
			sum += ns
		}
		wall += t.HostWallNS
		cpu += max(t.HostCPUNS, 0)
		calls += int64(len(t.NS)) * t.Batch
	}
	if calls == 0 {
		return txt("not measured")
	}
	per := func(x int64) string { return format.Duration(float64(x) / float64(calls)) }
	return txtf("samples %s, wall %s, CPU %s; %d of %d trials out", per(sum), per(wall), per(cpu), r.Stats.Excluded, len(r.Trials))
}
