package campaign

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"crucible.dev/registry"
)

// A symmetric primitive's trial is a streamed fed loop
// (registry/stream.go): one base input the host draws, sealed until the
// timed call, call i working on it with i written in, and 8 bytes of each
// output folded back. The host checks that no fold repeats (a lazy
// plugin's stored answers would) and has the producer compute a sample of
// calls it picks after the loop through the KAT-checked path. A DRBG's
// generate calls read on from one state instantiated on the host's seed,
// so the producer computes every call's output from that seed.

// maxStreamCalls bounds a streamed trial: a memoiser's calibration, on its
// own repeated input, can plan a hundred times the calls its real work
// fits in the trial's time.
const maxStreamCalls = 1 << 22

// fedMost is how many calls a fed trial of the point may time.
func fedMost(pt *point) int64 {
	if streamOp(pt) {
		return maxStreamCalls
	}
	return maxFedCalls
}

// streamOp reports whether the point's trials are streamed.
func streamOp(pt *point) bool {
	switch registry.Kind(pt.in.Kind) {
	case registry.KindHash:
		return pt.Op == registry.OpHash
	case registry.KindXOF:
		return pt.Op == registry.OpXOF
	case registry.KindMAC:
		return pt.Op == registry.OpMAC
	case registry.KindKDF:
		return pt.Op == registry.OpKDF
	case registry.KindAEAD:
		return pt.Op == registry.OpSeal
	case registry.KindDRBG:
		return pt.Op == registry.OpGenerate
	}
	return false
}

// newStreamLoop draws a streamed loop's key, where it takes one: known to
// the plugin before the timed call, as an application's key is.
func newStreamLoop(l *fedLoop, pt *point) (*fedLoop, error) {
	l.stream, l.outLen, l.nonce = true, pt.OutLen, pt.in.Sizes.Nonce
	if l.outLen == 0 {
		l.outLen = 32 // registry's outLen
	}
	if l.op == registry.OpGenerate {
		// The base is the seed.
		if l.msgLen = pt.in.Sizes.Key; l.msgLen <= 0 {
			return nil, fmt.Errorf("%s %s: the instance declares no seed size (key)", l.kind, l.op)
		}
	}
	if l.msgLen == 0 {
		l.msgLen = 64 // registry's benchMsg
		if l.op == registry.OpKDF {
			l.msgLen = 32 // its secret
		}
	}
	if l.op == registry.OpSeal && l.nonce <= 0 {
		return nil, fmt.Errorf("%s %s: the instance declares no nonce size", l.kind, l.op)
	}
	if l.op == registry.OpMAC || l.op == registry.OpSeal {
		n := pt.in.Sizes.Key
		if n <= 0 {
			return nil, fmt.Errorf("%s %s: the instance declares no key size", l.kind, l.op)
		}
		l.key = registry.FreshRand(n)
	}
	return l, nil
}

// streamBase draws a streamed loop's base input, in the parts of its op.
func (l *fedLoop) streamBase() ([][]byte, error) {
	if l.op == registry.OpSeal {
		return [][]byte{registry.FreshRand(l.nonce), registry.FreshRand(l.msgLen)}, nil
	}
	return [][]byte{registry.FreshRand(l.msgLen)}, nil
}

// streamArgs are Run's arguments for one streamed call's parts.
func (l *fedLoop) streamArgs(parts [][]byte) registry.Args {
	a := registry.Args{}
	switch l.op {
	case registry.OpHash:
		a[registry.ArgMsg] = parts[0]
	case registry.OpXOF:
		a[registry.ArgMsg] = parts[0]
		a.SetInt(registry.ArgLength, l.outLen)
	case registry.OpMAC:
		a[registry.ArgKey], a[registry.ArgMsg] = l.key, parts[0]
	case registry.OpKDF:
		a[registry.ArgKey] = parts[0]
		a.SetInt(registry.ArgLength, l.outLen)
	case registry.OpSeal:
		a[registry.ArgKey], a[registry.ArgNonce], a[registry.ArgMsg] = l.key, parts[0], parts[1]
	}
	return a
}

// folded is what a streamed call folds of Run's results: a seal's tag,
// otherwise the output.
func (l *fedLoop) folded(parts [][]byte, r registry.Args) []byte {
	if l.op == registry.OpSeal {
		ct := r[registry.ArgCT]
		return ct[min(len(parts[1]), len(ct)):]
	}
	return r[registry.ArgOut]
}

// checkStream returns why a streamed trial's folds are wrong, naming the
// call, or "".
func (l *fedLoop) checkStream(base [][]byte, outs [][]byte) (string, error) {
	if len(outs) != 1 || len(outs[0])%registry.StreamFoldSize != 0 {
		return fmt.Sprintf("%s returned %d outputs for a streamed loop", l.op, len(outs)), nil
	}
	n := len(outs[0]) / registry.StreamFoldSize
	fold := func(i int) uint64 { return binary.LittleEndian.Uint64(outs[0][i*registry.StreamFoldSize:]) }
	seen := make(map[uint64]int, n)
	// Outputs shorter than a fold may repeat by chance; a generator's are
	// all checked below.
	repeats := n
	if l.op == registry.OpGenerate && l.outLen < registry.StreamFoldSize {
		repeats = 0
	}
	for i := 0; i < repeats; i++ {
		if j, ok := seen[fold(i)]; ok {
			return fmt.Sprintf("call %d of %d: %s returned call %d's output again on a new host-supplied input", i+1, n, l.op, j+1), nil
		}
		seen[fold(i)] = i
	}
	if l.op == registry.OpGenerate {
		return l.checkGenerate(base[0], outs[0])
	}
	parts := make([][]byte, len(base))
	for k := 0; k < min(sampleChecks, n); k++ {
		i := k
		if n > sampleChecks {
			i = randInt(n)
		}
		for j, p := range base {
			parts[j] = append(parts[j][:0], p...)
		}
		registry.StreamInput(parts, uint64(i))
		r, err := l.r.Run(l.op, nil, l.streamArgs(parts))
		if err != nil {
			return "", fmt.Errorf("input producer: %s: %w", l.op, err)
		}
		if want := registry.Fold(l.folded(parts, r)); fold(i) != want {
			return fmt.Sprintf("call %d of %d: %s returned an output the host's input does not give (checked by another process)", i+1, n, l.op), nil
		}
	}
	return "", nil
}

// checkGenerate returns why a generate loop's folds are wrong, naming the
// call, or "": the producer generates as many outputs from the seed as
// call 0 found it, on one state, and every fold must agree. Replaying a
// sample would cost as much, since call i follows every call before it.
func (l *fedLoop) checkGenerate(base, folds []byte) (string, error) {
	seed := [][]byte{bytes.Clone(base)}
	registry.StreamInput(seed, 0)
	n := len(folds) / registry.StreamFoldSize
	a := registry.Args{registry.ArgKey: seed[0]}
	a.SetInt(registry.ArgLength, l.outLen)
	a.SetInt(registry.ArgCount, n)
	r, err := l.r.Run(l.op, nil, a)
	if err != nil {
		return "", fmt.Errorf("input producer: %s: %w", l.op, err)
	}
	want := r[registry.ArgFolds]
	for i := 0; i < n; i++ {
		at := i * registry.StreamFoldSize
		if at+registry.StreamFoldSize > len(want) || !bytes.Equal(folds[at:at+registry.StreamFoldSize], want[at:at+registry.StreamFoldSize]) {
			return fmt.Sprintf("call %d of %d: %s returned an output the host's seed does not give (checked by another process)", i+1, n, l.op), nil
		}
	}
	return "", nil
}
