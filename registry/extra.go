package registry

import (
	"fmt"
	"io"
	"slices"
)

// An operation beyond the kind's own (Instance.Extra) has a meaning the
// plugin declares, so the host cannot make its inputs itself. Its Input
// makes them instead, in the producer (the process that makes every fed
// loop's inputs), on randomness the host draws: a key stream the same for
// every input of one loop (the loop's key, as an application holds one)
// and randomness of each input's own. The timed process runs the
// operation on each (its Fed, by default Run), its randomness the stream
// of a seed the host draws, and the host has the producer replay a
// sample of the calls it picks after the loop through Run.
//
// The parts of such an operation's input, and its output:
//
//	no setup; input ArgParts(Input's args) then a seed; output
//	FedOutput(Run's results)

// OpFedInput makes one input of an operation beyond the kind's own for
// the host's fed loop: given the operation's name (ArgOp), the loop's
// message length (ArgLength) and the seed of the loop's key stream
// (ArgKey), it returns what the operation's Input makes from that stream
// and the call's randomness. Every plugin serving through Serve answers
// it, in the producer; it is no timed operation.
const OpFedInput = "crucible.fed_input"

// ArgOp names the operation an OpFedInput call makes an input for.
const ArgOp = "op"

// fedInputOp is OpFedInput's operation for in.
func fedInputOp(in *Instance) Op {
	return Op{Name: OpFedInput, Doc: "an input of the named operation beyond the kind's own, made by its Input",
		Run: func(r io.Reader, a Args) (Args, error) {
			v, err := need(OpFedInput, a, ArgOp, ArgKey)
			if err != nil {
				return nil, err
			}
			name, key := string(v[0]), v[1]
			if len(key) != SeedSize {
				return nil, fmt.Errorf("%s: the loop's key seed is %d bytes, want %d", OpFedInput, len(key), SeedSize)
			}
			i := slices.IndexFunc(in.Extra, func(op Op) bool { return op.Name == name })
			if i < 0 || in.Extra[i].Input == nil {
				return nil, fmt.Errorf("%s: %s makes no input for the host's timed loop", OpFedInput, name)
			}
			n, err := a.Int(ArgLength, 0)
			if err != nil {
				return nil, err
			}
			return in.Extra[i].Input(SeedRand(key), r, BenchParams{MsgLen: n})
		}}
}

// ArgParts is args as the parts of a fed input or output: each name, then
// its value, in the order of the names.
func ArgParts(args Args) [][]byte {
	names := make([]string, 0, len(args))
	for n := range args {
		names = append(names, n)
	}
	slices.Sort(names)
	parts := make([][]byte, 0, 2*len(args))
	for _, n := range names {
		parts = append(parts, []byte(n), args[n])
	}
	return parts
}

// PartArgs is the inverse of ArgParts.
func PartArgs(parts [][]byte) (Args, error) {
	if len(parts)%2 != 0 {
		return nil, fmt.Errorf("%d parts are no list of names and values: %w", len(parts), errFedInput)
	}
	a := make(Args, len(parts)/2)
	for i := 0; i < len(parts); i += 2 {
		a[string(parts[i])] = parts[i+1]
	}
	return a, nil
}

// FedArgs are the arguments and the seed of a fed input of an operation
// beyond the kind's own, for a Fed of the plugin's own.
func FedArgs(op string, parts [][]byte) (Args, []byte, error) {
	if len(parts) == 0 || len(parts[len(parts)-1]) != SeedSize {
		return nil, nil, fmt.Errorf("%s: no seed: %w", op, errFedInput)
	}
	args, err := PartArgs(parts[:len(parts)-1])
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", op, err)
	}
	return args, parts[len(parts)-1], nil
}

// FedOutput is the fed output of an operation beyond the kind's own whose
// results are out: the host compares it with Run's, byte for byte.
func FedOutput(out Args) []byte { return JoinParts(ArgParts(out)...) }

// extraFed is op on the host's inputs, made by op's Input: Run on each,
// its randomness the stream of the input's seed, so that the host can
// replay the call.
func extraFed(op Op) func(io.Reader, BenchParams, [][]byte) (FedCall, error) {
	return func(io.Reader, BenchParams, [][]byte) (FedCall, error) {
		return func(parts [][]byte) ([]byte, error) {
			args, seed, err := FedArgs(op.Name, parts)
			if err != nil {
				return nil, err
			}
			out, err := op.Run(SeedRand(seed), args)
			if err != nil {
				return nil, err
			}
			return FedOutput(out), nil
		}, nil
	}
}
