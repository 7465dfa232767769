package profile

import (
	"testing"

	"crucible.dev/host/internal/evidence"
)

// TestProfileCalls: the profile's call count comes from the trials when
// there are any (the fastest trial's median), whatever the calibration
// estimated (a 1 µs placeholder with --iterations, or an estimate a busy
// machine inflated), and from the estimate only without trials.
func TestProfileCalls(t *testing.T) {
	for _, fixed := range []bool{true, false} {
		rec := &evidence.Record{Calibration: evidence.Calibration{EstimateNS: 1e3, Fixed: fixed}}
		for _, ns := range []int64{300_000, 200_000, 250_000} { // 150, 100, 125 µs a call
			rec.Trials = append(rec.Trials, evidence.Trial{Batch: 2, NS: []int64{ns, ns, ns}})
		}
		want := int64(Seconds * 1e9 / 100e3)
		if n := Calls(CallNS(rec)); n != want {
			t.Errorf("fixed %v: %d calls for a 100 µs operation, want %d", fixed, n, want)
		}
	}
	rec := &evidence.Record{Calibration: evidence.Calibration{EstimateNS: 1e3}}
	if n, want := Calls(CallNS(rec)), int64(Seconds*1e9/1e3); n != want {
		t.Errorf("without trials: %d calls for a 1 µs estimate, want %d", n, want)
	}
}
