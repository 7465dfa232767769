package registry

import (
	"encoding/binary"
	"fmt"
	"io"
)

// The host checks a streamed trial by having the producer recompute a
// sample of its calls through the operation's Run. One Run call a
// replayed call cost a round trip each (32 of them took 14 to 22 ms of a
// 50 ms trial of a hash on 64 bytes, and 370 ms of one on 1 MiB, whose
// message crossed the wire each time), so the producer replays the whole
// sample in one call instead, each replayed call still through Run.

// OpStreamReplay recomputes calls of a streamed loop: given the
// operation's name (ArgOp), the loop's base input (ArgIn: its parts
// joined by JoinParts), its key (ArgKey: a MAC's or seal's), its output
// length (ArgLength: an XOF's or KDF's) and the calls' numbers (ArgCalls:
// 8 little-endian bytes each), it runs each call's input (the base with
// the call's number written in, StreamInput) through the operation's Run
// and returns the Fold of what the call folds, 8 bytes a call (ArgFolds).
// Every plugin serving through Serve answers it, in the producer; it is
// no timed operation. A DRBG's generate, whose calls follow one another
// on one state, is replayed whole by generate itself (ArgCount).
const OpStreamReplay = "crucible.stream_replay"

// ArgCalls lists the calls an OpStreamReplay call recomputes.
const ArgCalls = "calls"

// maxReplayCalls bounds one OpStreamReplay call.
const maxReplayCalls = 4096

// streamReplayOp is OpStreamReplay's operation over ops, an instance's
// operations by name.
func streamReplayOp(ops map[string]Op) Op {
	return Op{Name: OpStreamReplay, Doc: "the folds of calls of a streamed loop, each recomputed through the operation's Run",
		Run: func(r io.Reader, a Args) (Args, error) {
			v, err := need(OpStreamReplay, a, ArgOp, ArgIn, ArgCalls)
			if err != nil {
				return nil, err
			}
			name, joined, calls := string(v[0]), v[1], v[2]
			op, ok := ops[name]
			if !ok || !op.Stream || name == OpGenerate {
				return nil, fmt.Errorf("%s: %s is no streamed operation this one replays", OpStreamReplay, name)
			}
			if len(calls)%8 != 0 || len(calls)/8 > maxReplayCalls {
				return nil, fmt.Errorf("%s: %d bytes of call numbers, want 8 a call, at most %d calls", OpStreamReplay, len(calls), maxReplayCalls)
			}
			n := streamParts(name)
			base, err := SplitParts(joined, n)
			if err != nil {
				return nil, fmt.Errorf("%s: base input: %w", OpStreamReplay, err)
			}
			outLen, err := a.Int(ArgLength, 0)
			if err != nil {
				return nil, err
			}
			parts := make([][]byte, n)
			folds := make([]byte, 0, len(calls))
			for ; len(calls) > 0; calls = calls[8:] {
				// A fresh copy each call: Run may keep what it is given.
				for j, p := range base {
					parts[j] = append([]byte(nil), p...)
				}
				StreamInput(parts, binary.LittleEndian.Uint64(calls))
				out, err := op.Run(r, streamArgs(name, a[ArgKey], outLen, parts))
				if err != nil {
					return nil, fmt.Errorf("%s: %s: %w", OpStreamReplay, name, err)
				}
				folds = binary.LittleEndian.AppendUint64(folds, Fold(streamFolded(name, parts, out)))
			}
			return Args{ArgFolds: folds}, nil
		}}
}

// streamParts is how many parts a streamed operation's base input has.
func streamParts(op string) int {
	if op == OpSeal {
		return 2 // nonce, message
	}
	return 1
}

// streamArgs are Run's arguments for one streamed call's parts, with the
// loop's key and output length where the operation takes them.
func streamArgs(op string, key []byte, outLen int, parts [][]byte) Args {
	a := Args{}
	switch op {
	case OpHash:
		a[ArgMsg] = parts[0]
	case OpXOF:
		a[ArgMsg] = parts[0]
		a.SetInt(ArgLength, outLen)
	case OpMAC:
		a[ArgKey], a[ArgMsg] = key, parts[0]
	case OpKDF:
		a[ArgKey] = parts[0]
		a.SetInt(ArgLength, outLen)
	case OpSeal:
		a[ArgKey], a[ArgNonce], a[ArgMsg] = key, parts[0], parts[1]
	}
	return a
}

// streamFolded is what a streamed call folds of Run's results: a seal's
// tag (what follows the message's length of the ciphertext), otherwise
// the output.
func streamFolded(op string, parts [][]byte, r Args) []byte {
	if op == OpSeal {
		ct := r[ArgCT]
		return ct[min(len(parts[1]), len(ct)):]
	}
	return r[ArgOut]
}
