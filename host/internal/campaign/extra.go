package campaign

import (
	"bytes"
	"fmt"

	"crucible.dev/registry"
)

// An operation beyond the kind's own has a meaning the plugin declares,
// so the producer makes its inputs through the operation's Input
// (registry/extra.go), on a key stream the host draws once a loop and
// randomness the host draws for each input, and the host checks its
// outputs by a sample of calls the producer replays through Run. No
// input's arguments repeat, so no cache hits; what the replay cannot see
// is work that changes no output, such as a verdict on inputs that are
// all valid.

// extraOp reports whether the point's operation is beyond its kind's own.
func extraOp(pt *point) bool { return !registry.Standard(registry.Kind(pt.in.Kind), pt.Op) }

// newExtraLoop draws the seed of the loop's key stream.
func newExtraLoop(l *fedLoop) *fedLoop {
	l.extra, l.key = true, registry.FreshRand(registry.SeedSize)
	if l.msgLen == 0 {
		l.msgLen = 64 // registry's benchMsg
	}
	return l
}

// extraInput has the producer make one input, and draws its seed.
func (l *fedLoop) extraInput() (fedInput, error) {
	a := registry.Args{registry.ArgOp: []byte(l.op), registry.ArgKey: l.key}
	a.SetInt(registry.ArgLength, l.msgLen)
	in, err := l.r.Run(registry.OpFedInput, registry.FreshRand(callRand), a)
	if err != nil {
		return fedInput{}, fmt.Errorf("input producer: %s: %w", l.op, err)
	}
	return fedInput{parts: append(registry.ArgParts(in), registry.FreshRand(registry.SeedSize))}, nil
}

// replayExtra runs the call again in the producer through Run, on the
// same arguments and the stream of the same seed.
func (l *fedLoop) replayExtra(in fedInput, out []byte) (string, error) {
	args, seed, err := registry.FedArgs(l.op, in.parts)
	if err != nil {
		return "", err
	}
	r, err := runSeeded(l.r, l.op, seed, callRand, args)
	if err != nil {
		return "", fmt.Errorf("input producer: %s: %w", l.op, err)
	}
	if !bytes.Equal(out, registry.FedOutput(r)) {
		return fmt.Sprintf("%s returned an output its inputs and seed do not give", l.op), nil
	}
	return "", nil
}
