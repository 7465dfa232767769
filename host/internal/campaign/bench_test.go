package campaign

import (
	"testing"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/registry"
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
		want := int64(profileSeconds * 1e9 / 100e3)
		if n := profileCalls(callNS(rec)); n != want {
			t.Errorf("fixed %v: %d calls for a 100 µs operation, want %d", fixed, n, want)
		}
	}
	rec := &evidence.Record{Calibration: evidence.Calibration{EstimateNS: 1e3}}
	if n, want := profileCalls(callNS(rec)), int64(profileSeconds*1e9/1e3); n != want {
		t.Errorf("without trials: %d calls for a 1 µs estimate, want %d", n, want)
	}
}

// preempted is a plugin process whose operation takes callNS a call, and
// whose first timed batch a preemption stretched by a millisecond and a
// quarter.
type preempted struct {
	callNS int64
	calls  int
}

func (p *preempted) Prepare(string, registry.Point, evidence.Calibration) error { return nil }

func (p *preempted) Bench(_ string, _ registry.Point, cal evidence.Calibration) (evidence.Trial, error) {
	p.calls++
	ns := p.callNS * cal.Batch
	if p.calls == 1 {
		ns += 1_250_000
	}
	return evidence.Trial{Batch: cal.Batch, NS: []int64{ns}}, nil
}

// TestCalibratePreempted: a batch that lasts a millisecond only because
// the machine preempted it does not end the calibration with an estimate
// fifty times the call's time.
func TestCalibratePreempted(t *testing.T) {
	p := &preempted{callNS: 27_000}
	est, err := calibrate(p, &point{id: "I/go"})
	if err != nil {
		t.Fatal(err)
	}
	if est < 26_000 || est > 28_000 {
		t.Errorf("estimate %.0f ns for a 27 µs call whose first batch was preempted", est)
	}
}
