package main

import (
	"context"
	"math"
	"os"
	"strings"
	"time"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"crucible.dev/registry"
	"crucible.dev/registry/pluginv1"
)

// malformed answers the protocol by hand, with replies no honest plugin
// gives: the host must reject each one and go on.
type malformed struct {
	pluginv1.UnimplementedPluginServer
	mode string
	fed  fedWork
}

// instanceNames are the names the naming modes describe themselves with.
var instanceNames = map[string]string{
	"dotdot":   "..",
	"campaign": "campaign",
	"hugename": strings.Repeat("n", 1<<16),
	"slash":    "../../outside",
}

var benchModes = map[string]bool{"emptysamples": true, "batch0": true, "badpid": true, "nan": true, "wrongbatch": true,
	"sleeper": true, "scaledns": true, "ctclaim": true}

// serveMalformed serves the mode's malformed replies, if it is one of
// those modes; it does not return then.
func serveMalformed(mode string) bool {
	if _, ok := instanceNames[mode]; !ok && !benchModes[mode] {
		return false
	}
	plugin.Serve(&plugin.ServeConfig{
		HandshakeConfig: registry.Handshake,
		Plugins:         plugin.PluginSet{registry.PluginKey: &registry.GRPCPlugin{Impl: &malformed{mode: mode}}},
		GRPCServer: func(opts []grpc.ServerOption) *grpc.Server {
			return grpc.NewServer(opts...)
		},
	})
	return true
}

func (m *malformed) Describe(context.Context, *pluginv1.DescribeRequest) (*pluginv1.DescribeResponse, error) {
	name := "HostileKEM"
	if n, ok := instanceNames[m.mode]; ok {
		name = n
	}
	return &pluginv1.DescribeResponse{
		Name: "hostile-" + m.mode, Version: "0", Pid: int32(os.Getpid()),
		Instances: []*pluginv1.Instance{{
			Name: name, Impl: "hostile-" + m.mode, Kind: string(registry.KindKEM),
			Sizes: &pluginv1.Sizes{Pk: pkLen, Sk: skLen, Ct: ctLen, Ss: ssLen},
			Ops:   []*pluginv1.Op{{Name: timedOp, Timed: true}, {Name: "decaps", Secret: true, Ct: m.mode == "ctclaim"}},
		}},
	}, nil
}

func (m *malformed) Bench(_ context.Context, req *pluginv1.BenchRequest) (*pluginv1.BenchResponse, error) {
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
	for i := int64(0); i < req.Samples; i++ {
		ns := 1000 * req.Batch // a claimed microsecond a call
		switch m.mode {
		case "sleeper":
			// Really 50 µs a call, asleep; claims 1 µs.
			time.Sleep(time.Duration(req.Batch) * 50 * time.Microsecond)
		case "scaledns":
			// Really 20 µs a call of computing; claims a thousandth.
			t0 := time.Now()
			for time.Since(t0) < time.Duration(req.Batch)*20*time.Microsecond {
			}
			ns = max(int64(time.Since(t0))/1000, 1)
		}
		r.Ns = append(r.Ns, ns)
	}
	switch m.mode {
	case "emptysamples":
		r.Ns = nil
	case "batch0":
		r.Batch = 0
	case "badpid":
		r.Pid = 4242
	case "nan":
		r.AllocsPerOp = math.NaN()
	case "wrongbatch":
		r.Batch = req.Batch * 1000
	}
	return r, nil
}

// ConstantTime claims a verdict without the measurements behind it: the
// count it was asked for, and nothing to compute a statistic from.
func (m *malformed) ConstantTime(_ context.Context, req *pluginv1.ConstantTimeRequest) (*pluginv1.ConstantTimeResponse, error) {
	return &pluginv1.ConstantTimeResponse{N: req.Measurements}, nil
}

// Run answers the host's fed loop of timedOp (fedwork.go), and nothing
// else: these modes have no operation to run.
func (m *malformed) Run(ctx context.Context, req *pluginv1.RunRequest) (*pluginv1.RunResponse, error) {
	if r, ok := m.fed.run(req); ok {
		return r, nil
	}
	return m.UnimplementedPluginServer.Run(ctx, req)
}
