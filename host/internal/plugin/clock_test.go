package plugin

import (
	"testing"

	"crucible.dev/host/internal/evidence"
)

// TestEmptyEnough: one empty call does when it costs twice the overhead
// cap of a planned call of 10 ms or more, and then no second, larger
// reading changes the host-timed figure of a trial whose CPU time is up to
// twice the plan.
func TestEmptyEnough(t *testing.T) {
	cal := evidence.Calibration{EstimateNS: 700, Samples: 200, Batch: 150} // 21 ms planned
	planned := int64(700 * 200 * 150)
	capped := int64(evidence.OverheadCapFrac * float64(planned))
	for _, c := range []struct {
		cpu  int64
		cal  evidence.Calibration
		want bool
	}{
		{4_000_000, cal, true},     // SHA-256 at 1 KiB's empty call
		{2 * capped, cal, true},    // exactly twice the cap
		{2*capped - 1, cal, false}, // under it: a second call is taken
		{capped, cal, false},       //
		{4_000_000, evidence.Calibration{Samples: 200, Batch: 150}, false},               // no estimate
		{4_000_000, evidence.Calibration{EstimateNS: 35, Samples: 8, Batch: 128}, false}, // a fed check of a fast operation
	} {
		if got := emptyEnough(c.cpu, c.cal); got != c.want {
			t.Errorf("empty call %d ns, plan %.0f ns a call × %d: enough %v, want %v", c.cpu, c.cal.EstimateNS, c.cal.Samples*c.cal.Batch, got, c.want)
		}
	}
	ns := make([]int64, cal.Samples)
	for i := range ns {
		ns[i] = int64(cal.EstimateNS) * cal.Batch
	}
	for _, k := range []float64{0.5, 1, 1.5, 2} {
		first := evidence.Trial{NS: ns, Batch: cal.Batch, HostCPUNS: int64(k * float64(planned)), HostEmptyCPUNS: 2 * capped}
		second := first
		second.HostEmptyCPUNS = 5 * capped
		if a, b := first.HostTimedNS(), second.HostTimedNS(); a != b {
			t.Errorf("trial at %.1f times the plan: host-timed %.1f ns with the first empty call, %.1f with a larger second", k, a, b)
		}
	}
}
