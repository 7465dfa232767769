package plugin

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"time"

	"github.com/hashicorp/go-hclog"
	goplugin "github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"
	"google.golang.org/grpc/status"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/sandbox"
	"crucible.dev/registry"
	"crucible.dev/registry/pluginv1"
)

// Limits bound a plugin process's calls; the sandbox bounds its resources.
type Limits struct {
	Start time.Duration // from exec to handshake
	Call  time.Duration // one Describe, Run or KAT call
	Bench time.Duration // one Bench or ConstantTime call
	// Plugin bounds one plugin's whole evaluation in a campaign (every
	// step and trial); 0 for no bound.
	Plugin time.Duration
}

// DefaultLimits are generous for honest plugins and short for hung ones.
var DefaultLimits = Limits{Start: 30 * time.Second, Call: 60 * time.Second, Bench: 5 * time.Minute, Plugin: 30 * time.Minute}

// Options start a plugin process.
type Options struct {
	Limits
	Launcher *sandbox.Launcher // seals the executable and confines the process
	CPU      int               // pin to this CPU; -1 for no pinning
	Checksum string            // expected SHA-256 of the executable (the lock); "" for none
	MTLS     bool              // mutual TLS between host and plugin
	Log      io.Writer         // the plugin's stderr and go-plugin's log; nil discards
	Counter  *sandbox.Counter  // run under valgrind's instruction counter; nil for none
	Fresh    bool              // run a fresh copy of the sealed executable (sandbox.Launcher.Reseal)
}

// Process is one running plugin.
type Process struct {
	Name    string
	SHA256  string // of the sealed executable: what runs
	Copy    string // the private copy that runs, named by its directory in the launcher's
	Pid     int    // the plugin's process, as the host sees it
	NSPid   int    // the same process, as the plugin sees itself
	client  *goplugin.Client
	proc    *sandbox.Process
	tail    *tailWriter
	rpc     pluginv1.PluginClient
	lim     Limits
	stopped error  // why the host stopped it, if it did
	release func() // removes the process's fresh copy of the executable; nil for none
	feed    *feed  // host-supplied inputs for the next Bench call (fed.go)
}

// MaxKATBytes bounds one generated KAT file: far above the longest
// variant, far below what would fill a disk.
const MaxKATBytes = 1 << 30

// maxRunOutputs bounds the named outputs of one operation.
const maxRunOutputs = 64

// ErrChecksum marks a plugin whose executable does not match the lock.
var ErrChecksum = errors.New("plugin executable does not match the lock")

// Start seals the plugin's executable, checks it against the lock, starts
// it through the launcher and completes the handshake.
func Start(s Source, o Options) (*Process, error) {
	if err := CheckName("plugin", s.Name); err != nil {
		return nil, err
	}
	if s.Binary == "" {
		return nil, fmt.Errorf("plugin %s: no executable", s.Name)
	}
	if o.Launcher == nil {
		return nil, fmt.Errorf("plugin %s: no launcher", s.Name)
	}
	exe, sum, err := o.Launcher.Seal(s.Binary)
	var release func()
	if o.Fresh && err == nil {
		exe, sum, release, err = o.Launcher.Reseal(s.Binary)
	}
	if err != nil {
		return nil, fmt.Errorf("plugin %s: %w", s.Name, err)
	}
	if o.Checksum != "" && sum != o.Checksum {
		releaseCopy(release)
		return nil, fmt.Errorf("plugin %s (%s): %w", s.Name, s.Binary, ErrChecksum)
	}
	if s.SHA256 != "" && sum != s.SHA256 {
		releaseCopy(release)
		return nil, fmt.Errorf("plugin %s: %s changed since it was built (SHA-256 %s, built %s): refused", s.Name, s.Binary, sum, s.SHA256)
	}
	env := []string{"GOMAXPROCS=1"}
	if o.CPU >= 0 {
		env = append(env, registry.EnvCPU+"="+strconv.Itoa(o.CPU))
	}
	logw := o.Log
	if logw == nil {
		logw = io.Discard
	}
	tail := newTailWriter(logw)
	logw = tail
	p := &Process{Name: s.Name, SHA256: sum, Copy: filepath.Base(filepath.Dir(exe)), tail: tail, lim: o.Limits, release: release}
	// The host dials only the socket it made for this plugin (dial.go):
	// the guard checks the handshake's address and then dials it itself,
	// replacing go-plugin's dialer, which would follow whatever is named.
	guard := &socketGuard{}
	cfg := &goplugin.ClientConfig{
		HandshakeConfig:  registry.Handshake,
		Plugins:          goplugin.PluginSet{registry.PluginKey: &registry.GRPCPlugin{}},
		RunnerFunc:       guard.guardRunner(o.Launcher.CountedRunner(exe, sandbox.Environment(env...), o.Counter, func(sp *sandbox.Process) { p.proc = sp })),
		SkipHostEnv:      true,
		UnixSocketConfig: &goplugin.UnixSocketConfig{TempDir: o.Launcher.Dir()},
		AllowedProtocols: []goplugin.Protocol{goplugin.ProtocolGRPC},
		StartTimeout:     o.Start,
		Managed:          true,
		AutoMTLS:         o.MTLS,
		Stderr:           logw,
		SyncStdout:       logw,
		Logger: hclog.New(&hclog.LoggerOptions{
			Name: "host.plugin." + s.Name, Output: logw, Level: hclog.Info,
		}),
		// go-plugin puts its own dialer first; this one, later, wins.
		GRPCDialOptions: []grpc.DialOption{grpc.WithContextDialer(guard.dial), grpc.WithDefaultCallOptions(
			grpc.MaxCallRecvMsgSize(registry.MaxMessage), grpc.MaxCallSendMsgSize(registry.MaxMessage))},
	}
	c := goplugin.NewClient(cfg)
	p.client = c
	cp, err := c.Client()
	if err != nil {
		p.Kill()
		if errors.Is(err, ErrForeignAddress) {
			return nil, fmt.Errorf("plugin %s: start: %w (nothing dialled)", s.Name, err)
		}
		msg := fmt.Sprintf("plugin %s: start: %v", s.Name, err)
		if last := tail.fatal(); last != "" {
			msg += ": " + last
		}
		return nil, errors.New(msg)
	}
	raw, err := cp.Dispense(registry.PluginKey)
	if err != nil {
		p.Kill()
		return nil, fmt.Errorf("plugin %s: dispense: %w", s.Name, err)
	}
	p.rpc = raw.(pluginv1.PluginClient)
	p.Pid, p.NSPid = p.proc.PluginPID()
	return p, nil
}

// Kill ends the plugin process and everything it started, and closes its
// log.
func (p *Process) Kill() {
	p.client.Kill()
	p.tail.Close()
	releaseCopy(p.release)
	p.release = nil
}

// releaseCopy removes a fresh copy of an executable, if there is one.
func releaseCopy(release func()) {
	if release != nil {
		release()
	}
}

// Exited reports whether the plugin process has ended.
func (p *Process) Exited() bool { return p.client.Exited() }

// KillAll ends every plugin process this host started; the host calls it on
// every way out, signals included.
func KillAll() { goplugin.CleanupClients() }

func (p *Process) call(timeout time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), timeout)
}

// wrap names the call and says plainly when the plugin died or timed out.
func (p *Process) wrap(what string, err error, timeout time.Duration) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, context.DeadlineExceeded) || grpcCode(err) == "DeadlineExceeded" {
		return fmt.Errorf("%s: no answer within %v (hung)", what, timeout)
	}
	// A broken connection is most often a process that died: give its
	// exit a moment to be seen, then say how it ended.
	if grpcCode(err) == "Unavailable" {
		for i := 0; i < 50 && !p.client.Exited(); i++ {
			time.Sleep(10 * time.Millisecond)
		}
	}
	if p.client.Exited() {
		how := "exited"
		if ps := p.proc.State(); ps != nil {
			how = ps.String()
		}
		msg := fmt.Sprintf("%s: plugin process exited (%s)", what, how)
		if last := p.tail.fatal(); last != "" {
			msg += ": " + last
		}
		return errors.New(msg)
	}
	return fmt.Errorf("%s: %w", what, remote(err))
}

// OpError is an error the plugin reported: its text, kept printable and
// bounded, and the kind its wire code names (registry.ErrPanic, ...), which
// errors.Is finds.
type OpError struct {
	Msg  string
	Kind error // nil for an operation's own failure
}

func (e *OpError) Error() string { return e.Msg }
func (e *OpError) Unwrap() error { return e.Kind }

// remote reads the wire code a failed call's status carries; the text
// stays gRPC's.
func remote(err error) error {
	st, ok := status.FromError(err)
	if !ok {
		return err
	}
	for _, d := range st.Details() {
		if f, ok := d.(*pluginv1.Failure); ok {
			return &OpError{Msg: err.Error(), Kind: registry.CodeError(f.Code)}
		}
	}
	return err
}

func grpcCode(err error) string {
	c, _ := statusCode(err)
	return c
}

// Describe asks the plugin what it serves.
func (p *Process) Describe() (*Description, error) {
	ctx, cancel := p.call(p.lim.Call)
	defer cancel()
	// The reply is bounded as it arrives, not only once held: a plugin
	// may not make the host hold MaxMessage bytes of description.
	d, err := p.rpc.Describe(ctx, &pluginv1.DescribeRequest{}, grpc.MaxCallRecvMsgSize(maxDescribeReply))
	if err != nil {
		if grpcCode(err) == "ResourceExhausted" && !p.client.Exited() {
			return nil, p.reject(violation("describe: reply over %d bytes: %v", maxDescribeReply, err))
		}
		return nil, p.wrap("describe", err, p.lim.Call)
	}
	if err := p.reject(checkDescribe(d)); err != nil {
		return nil, err
	}
	return describeFromWire(d), nil
}

// reject stops a plugin whose reply broke the protocol: nothing more it
// says can be trusted.
func (p *Process) reject(err error) error {
	if err != nil {
		p.stopped = err
		p.Kill()
	}
	return err
}

// Stopped is the protocol violation the host stopped the plugin for; nil
// when it did not.
func (p *Process) Stopped() error { return p.stopped }

// Run performs one operation; opErr is the operation's own error.
func (p *Process) Run(instance, op string, rand []byte, args registry.Args) (out registry.Args, opErr error, err error) {
	return p.run(&pluginv1.RunRequest{Instance: instance, Op: op, Args: args, Rand: rand, HasRand: rand != nil})
}

// RunTainted is Run for the taint check: the plugin marks the secret
// inputs for memcheck, under which it runs (sandbox.NewTaintChecker).
func (p *Process) RunTainted(instance, op string, rand []byte, args registry.Args) (out registry.Args, opErr error, err error) {
	return p.run(&pluginv1.RunRequest{Instance: instance, Op: op, Args: args, Rand: rand, HasRand: rand != nil, Taint: true})
}

func (p *Process) run(req *pluginv1.RunRequest) (out registry.Args, opErr error, err error) {
	instance, op := req.Instance, req.Op
	ctx, cancel := p.call(p.lim.Call)
	defer cancel()
	r, err := p.rpc.Run(ctx, req)
	if err != nil {
		return nil, nil, p.wrap(fmt.Sprintf("run %s %s", instance, op), err, p.lim.Call)
	}
	if len(r.Outputs) > maxRunOutputs {
		return nil, nil, p.reject(violation("run %s %s: %d outputs", instance, op, len(r.Outputs)))
	}
	if r.Error != "" {
		// An operation's own error is information, not protocol: it may
		// quote the bytes it refused. Kept printable and bounded.
		opErr = &OpError{Msg: bounded(r.Error), Kind: registry.CodeError(r.Code)}
	}
	return registry.Args(r.Outputs), opErr, nil
}

// GenerateKAT streams a KAT file into w.
//
// With a seed, the file's randomness grows from it instead of the format's
// standard root: a fresh-seed file, which no stored answer matches.
func (p *Process) GenerateKAT(instance, source string, records int, seed []byte, w io.Writer) error {
	ctx, cancel := p.call(p.lim.Bench)
	defer cancel()
	what := fmt.Sprintf("KAT %s %s", instance, source)
	st, err := p.rpc.GenerateKAT(ctx, &pluginv1.GenerateKATRequest{Instance: instance, Source: source, Records: int32(records), Seed: seed})
	if err != nil {
		return p.wrap(what, err, p.lim.Bench)
	}
	var total int64
	for {
		c, err := st.Recv()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return p.wrap(what, err, p.lim.Bench)
		}
		if total += int64(len(c.Data)); total > MaxKATBytes {
			return p.reject(violation("%s: more than %d bytes", what, MaxKATBytes))
		}
		if _, err := w.Write(c.Data); err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
	}
}

// bench makes one Bench call.
func (p *Process) bench(req *pluginv1.BenchRequest) (*pluginv1.BenchResponse, error) {
	ctx, cancel := p.call(p.lim.Bench)
	defer cancel()
	p.feed.attach(req)
	r, err := p.rpc.Bench(ctx, req)
	if err != nil {
		return nil, p.wrap(fmt.Sprintf("bench %s %s", req.Instance, req.Op), err, p.lim.Bench)
	}
	p.feed.collect(r)
	return r, p.reject(checkBench(req, r, p.NSPid))
}

func benchRequest(instance string, pt registry.Point, cal evidence.Calibration) *pluginv1.BenchRequest {
	return &pluginv1.BenchRequest{Instance: instance, Op: pt.Op, Samples: cal.Samples, Batch: cal.Batch,
		Warmup: cal.Warmup, MsgLen: int32(pt.MsgLen), OutLen: int32(pt.OutLen)}
}

// Prepare has the plugin make a point's inputs and run cal.Warmup calls,
// untimed, for the Bench call on the same point that follows: that call is
// then the timed loop alone, which the host can bound.
func (p *Process) Prepare(instance string, pt registry.Point, cal evidence.Calibration) error {
	req := benchRequest(instance, pt, cal)
	req.Samples, req.Prepare = 0, true
	_, err := p.bench(req)
	return err
}

// Profile runs calls of a point under the CPU profiler, after warmup
// untimed ones, and returns the profile (pprof).
func (p *Process) Profile(instance string, pt registry.Point, calls, warmup int64) ([]byte, error) {
	req := benchRequest(instance, pt, evidence.Calibration{Samples: 1, Batch: calls, Warmup: warmup})
	req.Profile = true
	r, err := p.bench(req)
	if err != nil {
		return nil, err
	}
	return r.Pprof, nil
}

// ConstantTime runs the plugin's fixed-vs-random timing test of an
// operation, n measurements; the host computes every statistic from the
// raw run it returns.
func (p *Process) ConstantTime(instance, op string, n int) (evidence.CTRun, error) {
	ctx, cancel := p.call(p.lim.Bench)
	defer cancel()
	req := &pluginv1.ConstantTimeRequest{Instance: instance, Op: op, Measurements: int64(n)}
	r, err := p.rpc.ConstantTime(ctx, req)
	if err != nil {
		return evidence.CTRun{}, p.wrap(fmt.Sprintf("ct %s %s", instance, op), err, p.lim.Bench)
	}
	if err := p.reject(checkConstantTime(req, r)); err != nil {
		return evidence.CTRun{}, err
	}
	if r.Error != "" {
		return evidence.CTRun{}, &OpError{Msg: r.Error, Kind: registry.CodeError(r.Code)}
	}
	return evidence.CTRun{Cycles: r.Cycles, Classes: r.Classes}, nil
}
