package campaign

import (
	"testing"

	"crucible.dev/host/internal/evidence"
)

// TestProfileCallsFixed: with --iterations no calibration runs, so the
// profile's call count comes from the trials, not from the placeholder
// estimate (1 µs): a 100 µs operation profiled for profileSeconds makes
// a hundredth of the calls the placeholder would.
func TestProfileCallsFixed(t *testing.T) {
	rec := &evidence.Record{Calibration: evidence.Calibration{EstimateNS: 1e3, Fixed: true}}
	for range 3 {
		rec.Trials = append(rec.Trials, evidence.Trial{Batch: 2, NS: []int64{200_000, 200_000, 200_000}})
	}
	want := int64(profileSeconds * 1e9 / 100e3)
	if n := profileCalls(callNS(rec)); n != want {
		t.Errorf("%d calls for a 100 µs operation, want %d", n, want)
	}
	rec.Calibration.Fixed = false
	if n := profileCalls(callNS(rec)); n != 100*want {
		t.Errorf("calibrated: %d calls for a 1 µs estimate, want %d", n, 100*want)
	}
}
