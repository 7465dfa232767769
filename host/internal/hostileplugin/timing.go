package main

import (
	"context"
	"crypto/sha512"
	"os"
	"time"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"crucible.dev/registry"
	"crucible.dev/registry/pluginv1"
)

// timingModes time a loop of real work and report its samples, honestly
// or forged: the host's clock must take the published figure from the
// kernel whatever the samples say, flag the forgeries and none of the
// honest ones.
var timingModes = map[string]bool{
	"honest":     true, // about 30 µs of hashing a call, samples as timed
	"honest20ms": true, // about 20 ms a call: a slow operation, few calls a trial
	"shave90":    true, // the honest work, samples × 0.9
	"shave55":    true, // the honest work, samples × 0.55
	"fattail":    true, // the honest work, every sample 1 ns but the last, which holds the true sum
	"stallonce":  true, // the honest work, but the process's first timed call stalls 60 ms, as an honest one can on a loaded machine
}

// timingWork is the hash iterations of one call: fixed work, so a call
// costs the same CPU time however loaded the machine is.
func timingWork(mode string) int {
	if mode == "honest20ms" {
		return 60_000
	}
	return 100
}

// timing serves a timing mode.
type timing struct {
	pluginv1.UnimplementedPluginServer
	mode  string
	timed int // timed calls of the operation so far
	fed   fedWork
}

// serveTiming serves the mode, if it is a timing mode; it does not return
// then.
func serveTiming(mode string) bool {
	if !timingModes[mode] {
		return false
	}
	plugin.Serve(&plugin.ServeConfig{
		HandshakeConfig: registry.Handshake,
		Plugins:         plugin.PluginSet{registry.PluginKey: &registry.GRPCPlugin{Impl: &timing{mode: mode}}},
		GRPCServer:      func(opts []grpc.ServerOption) *grpc.Server { return grpc.NewServer(opts...) },
	})
	return true
}

func (m *timing) Describe(context.Context, *pluginv1.DescribeRequest) (*pluginv1.DescribeResponse, error) {
	return &pluginv1.DescribeResponse{
		Name: "hostile-" + m.mode, Version: "0", Pid: int32(os.Getpid()),
		Instances: []*pluginv1.Instance{{
			Name: "HostileKEM", Impl: "hostile-" + m.mode, Kind: string(registry.KindKEM),
			Sizes: &pluginv1.Sizes{Pk: pkLen, Sk: skLen, Ct: ctLen, Ss: ssLen},
			Ops:   []*pluginv1.Op{{Name: timedOp, Timed: true}},
		}},
	}, nil
}

// timedOp is the operation the timing and malformed modes serve: one of
// the instance's own beyond its kind's, on inputs as simple as the host's
// fed loop allows (fedwork.go), since these modes are about the samples a
// loop reports, not the inputs it works on.
const timedOp = "work"

// sink keeps the hashing from being optimised away.
var sink [64]byte

func (m *timing) Bench(_ context.Context, req *pluginv1.BenchRequest) (*pluginv1.BenchResponse, error) {
	r := &pluginv1.BenchResponse{Batch: req.Batch, Pid: int32(os.Getpid()), CycleSource: "none"}
	if req.Prepare {
		m.fed.prepare(req)
		return r, nil
	}
	outs, err := m.fed.outputs(req)
	if err != nil {
		return nil, err
	}
	r.Outputs = outs
	work := timingWork(m.mode)
	if req.Op == registry.OpEmpty {
		work = 0 // the host's calibration: as honest as registry.Serve's
	} else if m.timed++; m.mode == "stallonce" && m.timed == 1 {
		time.Sleep(60 * time.Millisecond) // outside the samples: neither running nor runnable
	}
	var sum int64
	for i := int64(0); i < req.Samples; i++ {
		t0 := time.Now()
		for c := int64(0); c < req.Batch; c++ {
			for k := 0; k < work; k++ {
				sink = sha512.Sum512(sink[:])
			}
		}
		ns := max(int64(time.Since(t0)), 1)
		sum += ns
		r.Ns = append(r.Ns, ns)
	}
	if req.Op == registry.OpEmpty {
		return r, nil
	}
	switch m.mode {
	case "shave90", "shave55":
		f := map[string]float64{"shave90": 0.9, "shave55": 0.55}[m.mode]
		for i := range r.Ns {
			r.Ns[i] = max(int64(float64(r.Ns[i])*f), 1)
		}
	case "fattail":
		if len(r.Ns) == 0 {
			break
		}
		for i := range r.Ns[:len(r.Ns)-1] {
			r.Ns[i] = 1
		}
		r.Ns[len(r.Ns)-1] = max(sum-int64(len(r.Ns)-1), 1)
	}
	return r, nil
}

// Run answers the size audit's functional check with outputs of the sizes
// described (a KEM whose every key, ciphertext and secret is zero): the
// timing modes are about the timed loop alone.
func (m *timing) Run(_ context.Context, req *pluginv1.RunRequest) (*pluginv1.RunResponse, error) {
	if r, ok := m.fed.run(req); ok {
		return r, nil
	}
	out := map[string][]byte{}
	switch req.Op {
	case "keygen":
		out[registry.ArgPK], out[registry.ArgSK] = make([]byte, pkLen), make([]byte, skLen)
	case "encaps":
		out[registry.ArgCT], out[registry.ArgSS] = make([]byte, ctLen), make([]byte, ssLen)
	case "decaps":
		out[registry.ArgSS] = make([]byte, ssLen)
	default:
		return &pluginv1.RunResponse{Error: "no operation " + req.Op, Code: pluginv1.ErrorCode_ERROR_CODE_UNKNOWN}, nil
	}
	return &pluginv1.RunResponse{Outputs: out}, nil
}
