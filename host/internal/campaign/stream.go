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
// calls it picks after the loop through the KAT-checked path, in one call
// (registry.OpStreamReplay). A DRBG's
// generate calls read on from one state instantiated on the host's seed,
// so the producer computes every call's output from that seed.

// maxStreamCalls bounds a streamed trial: a memoiser's calibration, on its
// own repeated input, can plan a hundred times the calls its real work
// fits in the trial's time.
const maxStreamCalls = 1 << 22

// maxStreamBytes bounds the bytes a streamed trial's calls work on, for the
// same reason: a memoiser's plan at 1 MiB would otherwise be hours of real
// work. 4 GiB is a 1 s trial of a primitive at 4 GB/s.
const maxStreamBytes = 4 << 30

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

// checkStream returns why a streamed trial's folds are wrong, naming the
// call, or "".
func (l *fedLoop) checkStream(base [][]byte, outs [][]byte) (string, error) {
	if len(outs) != 1 || len(outs[0])%registry.StreamFoldSize != 0 {
		return fmt.Sprintf("%s returned %d outputs for a streamed loop", l.op, len(outs)), nil
	}
	n := len(outs[0]) / registry.StreamFoldSize
	fold := func(i int) uint64 { return binary.LittleEndian.Uint64(outs[0][i*registry.StreamFoldSize:]) }
	// Outputs shorter than a fold may repeat by chance; a generator's are
	// all checked below.
	if l.op != registry.OpGenerate || l.outLen >= registry.StreamFoldSize {
		if i, j := firstRepeat(outs[0]); i >= 0 {
			return fmt.Sprintf("call %d of %d: %s returned call %d's output again on a new host-supplied input", i+1, n, l.op, j+1), nil
		}
	}
	if l.op == registry.OpGenerate {
		return l.checkGenerate(base[0], outs[0])
	}
	// The sample, checked in one call of the producer's, each call
	// through Run.
	var calls []byte
	for k := 0; k < min(sampleChecks, n); k++ {
		i := k
		if n > sampleChecks {
			i = randInt(n)
		}
		calls = binary.LittleEndian.AppendUint64(calls, uint64(i))
	}
	a := registry.Args{registry.ArgOp: []byte(l.op), registry.ArgIn: registry.JoinParts(base...), registry.ArgCalls: calls}
	if l.key != nil {
		a[registry.ArgKey] = l.key
	}
	if l.op == registry.OpXOF || l.op == registry.OpKDF {
		a.SetInt(registry.ArgLength, l.outLen)
	}
	r, err := l.r.Run(registry.OpStreamReplay, nil, a)
	if err != nil {
		return "", fmt.Errorf("input producer: %s: %w", l.op, err)
	}
	want := r[registry.ArgFolds]
	if len(want) != len(calls) {
		return "", fmt.Errorf("input producer: %s: %d bytes of folds for %d calls", l.op, len(want), len(calls)/8)
	}
	for k := 0; k < len(calls); k += 8 {
		i := int(binary.LittleEndian.Uint64(calls[k:]))
		if fold(i) != binary.LittleEndian.Uint64(want[k:]) {
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

// firstRepeat returns the first call whose fold (8 bytes a call) an
// earlier call's equals, and that call, or -1, -1. The folds go into an
// open-addressed table of themselves: a map of a trial's hundred thousand
// folds took most of the host's check. The table's hash multiplies by an
// odd number drawn for the call, which the plugin's folds, returned
// before it is drawn, cannot aim at one slot.
func firstRepeat(folds []byte) (int, int) {
	n := len(folds) / registry.StreamFoldSize
	bits := 1
	for 1<<bits < 2*n {
		bits++
	}
	slots := make([]uint64, 1<<bits) // 0 is empty: a fold of 0 is kept aside
	mask := uint64(1)<<bits - 1
	mult := binary.LittleEndian.Uint64(registry.FreshRand(8)) | 1
	fold := func(i int) uint64 { return binary.LittleEndian.Uint64(folds[i*registry.StreamFoldSize:]) }
	zero := false
	for i := range n {
		f := fold(i)
		if f == 0 {
			if zero {
				return i, firstFold(folds, 0)
			}
			zero = true
			continue
		}
		for h := (f * mult) >> (64 - bits); ; h = (h + 1) & mask {
			if slots[h] == 0 {
				slots[h] = f
				break
			}
			if slots[h] == f {
				return i, firstFold(folds, f)
			}
		}
	}
	return -1, -1
}

// firstFold is the first call whose fold is f.
func firstFold(folds []byte, f uint64) int {
	for i := 0; i+registry.StreamFoldSize <= len(folds); i += registry.StreamFoldSize {
		if binary.LittleEndian.Uint64(folds[i:]) == f {
			return i / registry.StreamFoldSize
		}
	}
	return -1
}
