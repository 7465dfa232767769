package main

import (
	"crypto/sha256"
	"fmt"

	"crucible.dev/registry"
	"crucible.dev/registry/pluginv1"
)

// fedWork answers the host's fed loop of timedOp, which the host feeds as
// it feeds every operation beyond a kind's own (registry/extra.go): an
// input is a message made from the host's randomness, and a call's output
// is its SHA-256, which the host's replay through Run computes again. The
// timing and malformed modes are about the samples a loop reports: its
// inputs and outputs are as honest as registry.Serve's.
type fedWork struct {
	sealed []byte // the inputs of the next timed call, as prepared
}

// run answers registry.OpFedInput and the replay of timedOp; false for
// any other operation.
func (f *fedWork) run(req *pluginv1.RunRequest) (*pluginv1.RunResponse, bool) {
	switch req.Op {
	case registry.OpFedInput:
		if len(req.Rand) < 32 {
			return &pluginv1.RunResponse{Error: "fed input: too little randomness"}, true
		}
		return &pluginv1.RunResponse{Outputs: map[string][]byte{registry.ArgMsg: req.Rand[:32]}}, true
	case timedOp:
		d := sha256.Sum256(req.Args[registry.ArgMsg])
		return &pluginv1.RunResponse{Outputs: map[string][]byte{registry.ArgOut: d[:]}}, true
	}
	return nil, false
}

// prepare keeps a preparation's sealed inputs.
func (f *fedWork) prepare(req *pluginv1.BenchRequest) { f.sealed = req.SealedInputs }

// outputs opens the prepared inputs with the timed call's key and returns
// each call's output; none for a call on the plugin's own inputs.
func (f *fedWork) outputs(req *pluginv1.BenchRequest) ([][]byte, error) {
	if len(req.InputsKey) == 0 {
		return nil, nil
	}
	ins, err := registry.OpenInputs(req.InputsKey, f.sealed)
	f.sealed = nil
	if err != nil {
		return nil, fmt.Errorf("fed inputs: %w", err)
	}
	outs := make([][]byte, len(ins))
	for i, parts := range ins {
		args, _, err := registry.FedArgs(timedOp, parts)
		if err != nil {
			return nil, err
		}
		d := sha256.Sum256(args[registry.ArgMsg])
		outs[i] = registry.FedOutput(registry.Args{registry.ArgOut: d[:]})
	}
	return outs, nil
}
