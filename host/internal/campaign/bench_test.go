package campaign

import (
	"testing"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/registry"
)

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
