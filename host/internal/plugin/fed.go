package plugin

import (
	"crypto/rand"
	"fmt"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/registry"
	"crucible.dev/registry/pluginv1"
)

// feed is what the next Bench call carries beyond its point and counts:
// the host's setup, warm-up inputs and sealed timed inputs with the
// preparation, the key that opens them with the timed call, and, once it
// returns, the outputs.
type feed struct {
	setup   [][]byte
	warm    [][][]byte
	sealed  []byte
	key     []byte
	ballast []byte // instead of sealed: the empty loop's stand-ins' shape
	outputs [][]byte
}

// attach puts the feed on a Bench request; a nil feed leaves the plugin
// to make its own inputs.
func (f *feed) attach(req *pluginv1.BenchRequest) {
	if f == nil {
		return
	}
	req.Setup, req.WarmupInputs = f.setup, wire(f.warm)
	req.SealedInputs, req.InputsKey, req.Ballast = f.sealed, f.key, f.ballast
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

// seal packs and encrypts inputs under a fresh key (registry.SealInputs).
func seal(inputs [][][]byte) (sealed, key []byte, err error) {
	key = make([]byte, registry.InputsKeySize)
	if _, err := rand.Read(key); err != nil {
		return nil, nil, err
	}
	if sealed, err = registry.SealInputs(key, inputs); err != nil {
		return nil, nil, err
	}
	return sealed, key, nil
}

// PrepareFed has the plugin prepare a point's loop on the host's setup
// (the loop's key, made by another process), run cal.Warmup calls
// cycling through the warm-up inputs, and keep the timed inputs, one per
// call, sealed; it returns the key that opens them, which only the timed
// call of BenchFed on the same point brings, so that whatever the plugin
// does with them is on the host's clock.
func (p *Process) PrepareFed(instance string, pt registry.Point, cal evidence.Calibration, setup [][]byte, warm, inputs [][][]byte) (key []byte, err error) {
	sealed, key, err := seal(inputs)
	if err != nil {
		return nil, fmt.Errorf("bench %s %s: sealing the inputs: %w", instance, pt.Op, err)
	}
	p.feed = &feed{setup: setup, warm: warm, sealed: sealed}
	defer func() { p.feed = nil }()
	return key, p.Prepare(instance, pt, cal)
}

// BenchFed runs the timed loop of a point PrepareFed prepared, bringing
// the key to its inputs (cal.Samples × cal.Batch of them, or one base
// input for a streamed loop), and returns the trial and each call's
// output (a streamed loop's: one output, registry.StreamFoldSize bytes a
// call), for the host to check.
func (p *Process) BenchFed(instance string, pt registry.Point, cal evidence.Calibration, key []byte, stream bool) (evidence.Trial, [][]byte, error) {
	f := &feed{key: key}
	p.feed = f
	defer func() { p.feed = nil }()
	t, err := p.Bench(instance, pt, cal)
	if err != nil {
		return t, nil, err
	}
	n := cal.Samples * cal.Batch
	switch {
	case stream && (len(f.outputs) != 1 || int64(len(f.outputs[0])) != n*registry.StreamFoldSize):
		return t, nil, p.reject(violation("bench %s %s: a streamed loop of %d calls returned %d outputs, want one of %d bytes", instance, pt.Op, n, len(f.outputs), n*registry.StreamFoldSize))
	case !stream && int64(len(f.outputs)) != n:
		return t, nil, p.reject(violation("bench %s %s: %d outputs for %d host-supplied inputs", instance, pt.Op, len(f.outputs), n))
	}
	return t, f.outputs, nil
}
