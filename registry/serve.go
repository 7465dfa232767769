package registry

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"crucible.dev/registry/pluginv1"
)

// EnvCPU, when set in a plugin's environment, is the CPU the plugin pins
// itself to before serving.
const EnvCPU = "CRUCIBLE_CPU"

// Serve serves p to the Crucible host over go-plugin's gRPC transport. It is
// the one call a plugin's main makes, and it does not return.
func Serve(p *Plugin) {
	log := hclog.New(&hclog.LoggerOptions{Name: "plugin." + p.Name, Output: os.Stderr, Level: hclog.Info, JSONFormat: true})
	srv, err := NewServer(p)
	if err != nil {
		log.Error("invalid plugin description", "error", err)
		os.Exit(2)
	}
	if c := os.Getenv(EnvCPU); c != "" {
		n, err := strconv.Atoi(c)
		if err == nil {
			err = pinProcess(n)
		}
		if err != nil {
			log.Error("cannot pin to CPU", "cpu", c, "error", err)
			os.Exit(2)
		}
	}
	go watchParent(os.Getppid())
	plugin.Serve(&plugin.ServeConfig{
		HandshakeConfig: Handshake,
		Plugins:         plugin.PluginSet{PluginKey: &GRPCPlugin{Impl: srv}},
		GRPCServer: func(opts []grpc.ServerOption) *grpc.Server {
			opts = append(opts, grpc.MaxRecvMsgSize(MaxMessage), grpc.MaxSendMsgSize(MaxMessage))
			return grpc.NewServer(opts...)
		},
		Logger: log,
	})
}

// watchParent ends the plugin when the host that started it is gone, so no
// plugin outlives its host even when the host is killed outright.
func watchParent(ppid int) {
	for range time.Tick(200 * time.Millisecond) {
		if os.Getppid() != ppid {
			os.Exit(3)
		}
	}
}

type server struct {
	pluginv1.UnimplementedPluginServer
	p        *Plugin
	byID     map[string]*Instance
	ops      map[string]map[string]Op // by instance ID and name, built once
	desc     *pluginv1.DescribeResponse
	start    time.Time
	prepared *preparedLoop // the last point a Bench call prepared
}

// preparedLoop is a loop body a Bench call with Prepare set made, for the
// timed call on the same point that follows it.
type preparedLoop struct {
	key  preparedKey
	body func() error
	fed  FedCall // instead of body, for a loop on host-supplied inputs
	// sealed are the next timed call's inputs (SealInputs), which only
	// the key that call brings opens; it uses them up.
	sealed []byte
	// ballast is the empty loop's stand-ins (BenchRequest's ballast):
	// its key opens sealed, and the timed call returns outputs of its
	// sizes.
	ballast *ballast
}

type preparedKey struct {
	instance, op string
	params       BenchParams
}

// NewServer is the service Serve serves. A program may serve it itself,
// wrapped: the host's tests do so to stand for a plugin with a server of
// its own, which the protocol allows and the host must not trust.
func NewServer(p *Plugin) (pluginv1.PluginServer, error) {
	return newServer(p)
}

// newServer checks p's description and indexes its instances.
func newServer(p *Plugin) (*server, error) {
	s := &server{p: p, byID: map[string]*Instance{}, ops: map[string]map[string]Op{}, start: time.Now()}
	if p.Name == "" {
		return nil, fmt.Errorf("plugin with no name")
	}
	for _, in := range p.Instances {
		if err := in.check(); err != nil {
			return nil, err
		}
		if _, dup := s.byID[in.ID()]; dup {
			return nil, fmt.Errorf("instance %s served twice", in.ID())
		}
		s.byID[in.ID()] = in
		if in.Unavailable != "" {
			continue // no implementation to take operations from
		}
		s.ops[in.ID()] = map[string]Op{}
		for _, op := range Ops(in) {
			if _, dup := s.ops[in.ID()][op.Name]; !dup { // the first of a name wins, as in FindOp
				s.ops[in.ID()][op.Name] = op
			}
		}
	}
	s.desc = describe(p)
	return s, nil
}

func (s *server) instance(id string) (*Instance, error) {
	in, ok := s.byID[id]
	if !ok {
		return nil, withKind(fmt.Errorf("no instance %q", id), ErrUnknown)
	}
	if in.Unavailable != "" {
		return nil, withKind(fmt.Errorf("instance %s is not built: %s", id, in.Unavailable), ErrNotBuilt)
	}
	return in, nil
}

// op finds an available instance's operation.
func (s *server) op(id, name string) (*Instance, Op, error) {
	in, err := s.instance(id)
	if err != nil {
		return nil, Op{}, err
	}
	op, ok := s.ops[id][name]
	switch {
	case !ok && name == OpEmpty && s.ops[id] != nil:
		op, ok = emptyOp, true // the host's calibration of a Bench call
	case !ok && name == OpRejectInput && in.KEM != nil:
		op, ok = rejectInputOp(in.KEM), true // the host's decaps_reject inputs
	case !ok && name == OpFedInput:
		op, ok = fedInputOp(in), true // the inputs of operations beyond the kind's own
	case !ok && name == OpStreamReplay && s.ops[id] != nil:
		op, ok = streamReplayOp(s.ops[id]), true // the check of a streamed trial
	}
	if !ok {
		return nil, Op{}, withKind(fmt.Errorf("%s: no operation %q", in.ID(), name), ErrUnknown)
	}
	return in, op, nil
}

// guard turns a panic in algorithm code into an error naming where it
// happened, so one faulty operation is a finding and not a lost plugin.
func guard(what string, err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("%s: %w: %v\n%s", what, ErrPanic, r, debug.Stack())
	}
}

func (s *server) Describe(context.Context, *pluginv1.DescribeRequest) (*pluginv1.DescribeResponse, error) {
	return s.desc, nil
}

func (s *server) Run(_ context.Context, req *pluginv1.RunRequest) (resp *pluginv1.RunResponse, err error) {
	in, op, err := s.op(req.Instance, req.Op)
	if err != nil {
		return &pluginv1.RunResponse{Error: err.Error(), Code: ErrorCode(err)}, nil
	}
	var rand []byte
	if req.HasRand {
		rand = req.Rand
		if rand == nil {
			rand = []byte{}
		}
	}
	var out Args
	var opErr error
	func() {
		defer guard(fmt.Sprintf("%s %s", in.ID(), op.Name), &opErr)
		if req.Taint {
			out, opErr = runTainted(in.ID(), op, rand, Args(req.Args))
			return
		}
		r := RandReader(rand)
		out, opErr = op.Run(r, Args(req.Args))
		if opErr != nil && exhausted(r) && !errors.Is(opErr, ErrRandExhausted) {
			opErr = withKind(opErr, ErrRandExhausted)
		}
	}()
	resp = &pluginv1.RunResponse{Outputs: out}
	if opErr != nil {
		resp.Error, resp.Code = opErr.Error(), ErrorCode(opErr)
	}
	return resp, nil
}

func (s *server) GenerateKAT(req *pluginv1.GenerateKATRequest, stream pluginv1.Plugin_GenerateKATServer) error {
	return rpcError(s.generateKAT(req, stream))
}

func (s *server) generateKAT(req *pluginv1.GenerateKATRequest, stream pluginv1.Plugin_GenerateKATServer) (err error) {
	in, err := s.instance(req.Instance)
	if err != nil {
		return err
	}
	for _, k := range in.KATs {
		if k.Source != req.Source {
			continue
		}
		n := int(req.Records)
		if n <= 0 || n > k.Records {
			n = k.Records
		}
		w := &chunkWriter{send: stream.Send, buf: make([]byte, 0, 64<<10)}
		defer guard(fmt.Sprintf("%s KAT %s", in.ID(), k.Source), &err)
		if err := k.Generate(w, n, req.Seed); err != nil {
			return fmt.Errorf("%s KAT %s: %w", in.ID(), k.Source, err)
		}
		return w.flush()
	}
	return withKind(fmt.Errorf("%s: no KAT source %q", in.ID(), req.Source), ErrUnknown)
}

// chunkWriter streams a KAT file in chunks.
type chunkWriter struct {
	send func(*pluginv1.KATChunk) error
	buf  []byte
}

func (w *chunkWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		k := min(cap(w.buf)-len(w.buf), len(p))
		w.buf = append(w.buf, p[:k]...)
		p = p[k:]
		if len(w.buf) == cap(w.buf) {
			if err := w.flush(); err != nil {
				return n - len(p), err
			}
		}
	}
	return n, nil
}

func (w *chunkWriter) flush() error {
	if len(w.buf) == 0 {
		return nil
	}
	err := w.send(&pluginv1.KATChunk{Data: append([]byte(nil), w.buf...)})
	w.buf = w.buf[:0]
	return err
}

var _ io.Writer = (*chunkWriter)(nil)

func (s *server) Bench(_ context.Context, req *pluginv1.BenchRequest) (*pluginv1.BenchResponse, error) {
	resp, err := s.bench(req)
	return resp, rpcError(err)
}

func (s *server) bench(req *pluginv1.BenchRequest) (resp *pluginv1.BenchResponse, err error) {
	in, op, err := s.op(req.Instance, req.Op)
	if err != nil {
		return nil, err
	}
	defer guard(fmt.Sprintf("%s %s", in.ID(), op.Name), &err)
	spec := BenchSpec{
		Samples: req.Samples, Batch: req.Batch, Warmup: req.Warmup,
		Params:  BenchParams{MsgLen: int(req.MsgLen), OutLen: int(req.OutLen)},
		Profile: req.Profile,
	}
	key := preparedKey{req.Instance, req.Op, spec.Params}
	spec.Setup = req.Setup
	for _, input := range req.WarmupInputs {
		spec.Inputs = append(spec.Inputs, input.Parts)
	}
	if req.Prepare {
		if len(req.InputsKey) > 0 {
			return nil, fmt.Errorf("bench %s %s: the inputs' key comes with the timed call, not with prepare: %w", in.ID(), op.Name, errFedInput)
		}
		loop := &preparedLoop{key: key, sealed: req.SealedInputs}
		if len(req.Ballast) > 0 {
			if op.Name != OpEmpty || len(req.SealedInputs) > 0 {
				return nil, fmt.Errorf("bench %s %s: a ballast is the empty loop's alone, instead of sealed inputs: %w", in.ID(), op.Name, errFedInput)
			}
			if loop.ballast, err = makeBallast(req.Ballast); err != nil {
				return nil, fmt.Errorf("bench %s %s: %w: %w", in.ID(), op.Name, err, errFedInput)
			}
			loop.sealed = loop.ballast.sealed
		}
		if len(req.Setup) > 0 || len(req.WarmupInputs) > 0 {
			loop.fed, err = PrepareFed(in, op, spec)
		} else {
			loop.body, err = PrepareBench(in, op, spec)
		}
		if err != nil {
			return nil, err
		}
		s.prepared = loop
		return &pluginv1.BenchResponse{Pid: int32(os.Getpid()), Batch: req.Batch, CycleSource: tscSource}, nil
	}
	same := s.prepared != nil && s.prepared.key == key
	var inputs [][][]byte
	inputsKey := req.InputsKey
	var outs [][]byte
	if same && s.prepared.ballast != nil && len(inputsKey) == 0 {
		// The empty loop's stand-ins, opened as a fed trial's inputs are,
		// and its outputs', made before the loop as a streamed trial's
		// are and returned as a fed trial's are.
		inputsKey = s.prepared.ballast.key
		for _, n := range s.prepared.ballast.outputs {
			outs = append(outs, make([]byte, n))
		}
	}
	if len(inputsKey) > 0 {
		if !same || s.prepared.sealed == nil {
			return nil, fmt.Errorf("bench %s %s: an inputs key without sealed inputs prepared for it: %w", in.ID(), op.Name, errFedInput)
		}
		sealed := s.prepared.sealed
		s.prepared.sealed = nil // none is used twice
		if inputs, err = OpenInputs(inputsKey, sealed); err != nil {
			return nil, fmt.Errorf("bench %s %s: %w: %w", in.ID(), op.Name, err, errFedInput)
		}
	}
	fed := same && s.prepared.fed != nil
	switch {
	case len(req.Setup) > 0 || len(req.WarmupInputs) > 0 || len(req.SealedInputs) > 0:
		return nil, fmt.Errorf("bench %s %s: the setup and inputs come with prepare: %w", in.ID(), op.Name, errFedInput)
	case op.Name == OpEmpty && !req.Profile:
		// The empty loop's inputs, if any, are the host's stand-ins for a
		// fed trial's: opened like them, and otherwise ignored.
		if same {
			spec.Body = s.prepared.body
		}
	case inputs != nil && (!fed || req.Profile):
		return nil, fmt.Errorf("bench %s %s: host-supplied inputs without a fed loop prepared for them: %w", in.ID(), op.Name, errFedInput)
	case inputs != nil:
		spec.Fed, spec.Inputs = s.prepared.fed, inputs
	case req.Profile && s.prepared != nil && s.prepared.fed != nil:
		// A profile is of the plugin's own loop, prepared here.
	case fed:
		return nil, fmt.Errorf("bench %s %s: a fed loop's timed call without its inputs: %w", in.ID(), op.Name, errFedInput)
	case same:
		spec.Body = s.prepared.body
	}
	r, err := Bench(in, op, spec)
	if err != nil {
		return nil, err
	}
	if outs != nil {
		r.Outputs = outs
	}
	return &pluginv1.BenchResponse{
		Ns: r.NS, Cycles: r.Cycles, CycleSource: r.CycleSource,
		AllocsPerOp: r.AllocsPerOp, BytesPerOp: r.BytesPerOp,
		RssBaselineKib: r.RSSBaseKiB, RssPeakKib: r.RSSPeakKiB, HwmReset: r.HWMReset,
		Pid: int32(os.Getpid()), Cpu: int32(r.CPU), Pprof: r.Profile,
		CallsPerOp: r.CallsPerOp, Batch: req.Batch,
		CoreCycles: r.CoreCycles, CoreCyclesError: r.CoreCyclesError,
		Outputs: r.Outputs,
	}, nil
}

func (s *server) ConstantTime(_ context.Context, req *pluginv1.ConstantTimeRequest) (*pluginv1.ConstantTimeResponse, error) {
	resp, err := s.constantTime(req)
	return resp, rpcError(err)
}

func (s *server) constantTime(req *pluginv1.ConstantTimeRequest) (resp *pluginv1.ConstantTimeResponse, err error) {
	in, op, err := s.op(req.Instance, req.Op)
	if err != nil {
		return nil, err
	}
	defer guard(fmt.Sprintf("%s %s", in.ID(), op.Name), &err)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	r, err := ConstantTime(in, op, int(req.Measurements))
	if err != nil {
		return &pluginv1.ConstantTimeResponse{Error: err.Error(), Code: ErrorCode(err)}, nil
	}
	return &pluginv1.ConstantTimeResponse{N: int64(len(r.Cycles)), Cycles: r.Cycles, Classes: r.Classes}, nil
}
