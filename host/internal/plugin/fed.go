package plugin

import (
	"crucible.dev/host/internal/evidence"
	"crucible.dev/registry"
	"crucible.dev/registry/pluginv1"
)

// feed is what the next Bench call carries beyond its point and counts:
// the host's setup and inputs, and, once it returns, the outputs.
type feed struct {
	setup        [][]byte
	warm, inputs [][][]byte
	outputs      [][]byte
}

// attach puts the feed's setup and inputs on a Bench request; a nil feed
// leaves the plugin to make its own inputs.
func (f *feed) attach(req *pluginv1.BenchRequest) {
	if f == nil {
		return
	}
	req.Setup = f.setup
	req.WarmupInputs, req.Inputs = wire(f.warm), wire(f.inputs)
}

// wire is inputs as the protocol carries them.
func wire(inputs [][][]byte) []*pluginv1.BenchInput {
	w := make([]*pluginv1.BenchInput, len(inputs))
	for i, parts := range inputs {
		w[i] = &pluginv1.BenchInput{Parts: parts}
	}
	return w
}

// collect keeps the outputs of the Bench reply.
func (f *feed) collect(r *pluginv1.BenchResponse) {
	if f != nil && r != nil {
		f.outputs = r.Outputs
	}
}

// PrepareFed has the plugin prepare a point's loop on the host's setup
// (the loop's key, made by another process), run cal.Warmup calls
// cycling through the warm-up inputs, and keep inputs, one per call, for
// the timed call of BenchFed on the same point that follows.
func (p *Process) PrepareFed(instance string, pt registry.Point, cal evidence.Calibration, setup [][]byte, warm, inputs [][][]byte) error {
	p.feed = &feed{setup: setup, warm: warm, inputs: inputs}
	defer func() { p.feed = nil }()
	return p.Prepare(instance, pt, cal)
}

// BenchFed runs the timed loop of a point PrepareFed prepared on the
// inputs it sent, one per call (cal.Samples × cal.Batch of them), and
// returns the trial and each call's output, for the host to check.
func (p *Process) BenchFed(instance string, pt registry.Point, cal evidence.Calibration) (evidence.Trial, [][]byte, error) {
	f := &feed{}
	p.feed = f
	defer func() { p.feed = nil }()
	t, err := p.Bench(instance, pt, cal)
	if err != nil {
		return t, nil, err
	}
	if n := cal.Samples * cal.Batch; int64(len(f.outputs)) != n {
		return t, nil, p.reject(violation("bench %s %s: %d outputs for %d host-supplied inputs", instance, pt.Op, len(f.outputs), n))
	}
	return t, f.outputs, nil
}
