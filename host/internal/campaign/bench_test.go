package campaign

import (
	"testing"

	"crucible.dev/host/internal/evidence"
)

// TestProfileCallsFixed: with --iterations no calibration runs, so the
// profile's call count comes from the trials, not from the placeholder
// estimate (1 µs): a 100 µs operation profiled for a second is 10,000
// calls, not a million.
func TestProfileCallsFixed(t *testing.T) {
	rec := &evidence.Record{Calibration: evidence.Calibration{EstimateNS: 1e3, Fixed: true}}
	for range 3 {
		rec.Trials = append(rec.Trials, evidence.Trial{Batch: 2, NS: []int64{200_000, 200_000, 200_000}})
	}
	if n := profileCalls(callNS(rec)); n != 10_000 {
		t.Errorf("%d calls for a 100 µs operation, want 10000", n)
	}
	rec.Calibration.Fixed = false
	if n := profileCalls(callNS(rec)); n != 1_000_000 {
		t.Errorf("calibrated: %d calls for a 1 µs estimate, want 1000000", n)
	}
}
