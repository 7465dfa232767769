package plugin

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"time"

	"github.com/hashicorp/go-hclog"
	goplugin "github.com/hashicorp/go-plugin"
	"golang.org/x/sys/unix"
	"google.golang.org/grpc"

	"crucible.dev/registry"
	"crucible.dev/registry/pluginv1"
)

// Limits bound a plugin process.
type Limits struct {
	Start     time.Duration // from exec to handshake
	Call      time.Duration // one Describe, Run or KAT call
	Bench     time.Duration // one Bench or ConstantTime call
	MemoryMiB int           // data-segment limit (RLIMIT_DATA: heap and private writable mappings); 0 for none
}

// DefaultLimits are generous for honest plugins and short for hung ones.
var DefaultLimits = Limits{Start: 30 * time.Second, Call: 60 * time.Second, Bench: 5 * time.Minute, MemoryMiB: 8192}

// Options start a plugin process.
type Options struct {
	Limits
	CPU      int       // pin to this CPU; -1 for no pinning
	Checksum string    // expected SHA-256 of the executable (the lock); "" for none
	MTLS     bool      // mutual TLS between host and plugin
	Log      io.Writer // the plugin's stderr and go-plugin's log; nil discards
}

// Process is one running plugin.
type Process struct {
	Name   string
	client *goplugin.Client
	cmd    *exec.Cmd
	tail   *tailWriter
	rpc    pluginv1.PluginClient
	lim    Limits
	Pid    int
}

// ErrChecksum marks a plugin whose executable does not match the lock.
var ErrChecksum = errors.New("plugin executable does not match the lock")

// Start runs the plugin's executable and completes the handshake.
func Start(s Source, o Options) (*Process, error) {
	if s.Binary == "" {
		return nil, fmt.Errorf("plugin %s: no executable", s.Name)
	}
	cmd := exec.Command(s.Binary)
	cmd.Env = append(os.Environ(), "GOMAXPROCS=1")
	if o.CPU >= 0 {
		cmd.Env = append(cmd.Env, registry.EnvCPU+"="+strconv.Itoa(o.CPU))
	}
	// The plugin dies with the host, and gets its own process group so a
	// terminal's signals reach the host, which then ends it.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Setpgid: true}
	logw := o.Log
	if logw == nil {
		logw = io.Discard
	}
	tail := &tailWriter{w: logw}
	logw = tail
	cfg := &goplugin.ClientConfig{
		HandshakeConfig:  registry.Handshake,
		Plugins:          goplugin.PluginSet{registry.PluginKey: &registry.GRPCPlugin{}},
		Cmd:              cmd,
		AllowedProtocols: []goplugin.Protocol{goplugin.ProtocolGRPC},
		StartTimeout:     o.Start,
		Managed:          true,
		AutoMTLS:         o.MTLS,
		Stderr:           logw,
		SyncStdout:       logw,
		Logger: hclog.New(&hclog.LoggerOptions{
			Name: "host.plugin." + s.Name, Output: logw, Level: hclog.Info,
		}),
		GRPCDialOptions: []grpc.DialOption{grpc.WithDefaultCallOptions(
			grpc.MaxCallRecvMsgSize(registry.MaxMessage), grpc.MaxCallSendMsgSize(registry.MaxMessage))},
	}
	if o.Checksum != "" {
		sum, err := hex.DecodeString(o.Checksum)
		if err != nil {
			return nil, fmt.Errorf("plugin %s: lock checksum: %w", s.Name, err)
		}
		cfg.SecureConfig = &goplugin.SecureConfig{Checksum: sum, Hash: sha256.New()}
	}
	c := goplugin.NewClient(cfg)
	cp, err := c.Client()
	if err != nil {
		c.Kill()
		if errors.Is(err, goplugin.ErrChecksumsDoNotMatch) {
			return nil, fmt.Errorf("plugin %s (%s): %w", s.Name, s.Binary, ErrChecksum)
		}
		return nil, fmt.Errorf("plugin %s: start: %w", s.Name, err)
	}
	raw, err := cp.Dispense(registry.PluginKey)
	if err != nil {
		c.Kill()
		return nil, fmt.Errorf("plugin %s: dispense: %w", s.Name, err)
	}
	p := &Process{Name: s.Name, client: c, cmd: cmd, tail: tail, rpc: raw.(pluginv1.PluginClient), lim: o.Limits}
	if rc := c.ReattachConfig(); rc != nil {
		p.Pid = rc.Pid
	}
	if o.MemoryMiB > 0 && p.Pid > 0 {
		lim := uint64(o.MemoryMiB) << 20
		if err := unix.Prlimit(p.Pid, unix.RLIMIT_DATA, &unix.Rlimit{Cur: lim, Max: lim}, nil); err != nil {
			fmt.Fprintf(logw, "host: cannot limit plugin %s memory: %v\n", s.Name, err)
		}
	}
	return p, nil
}

// Kill ends the plugin process.
func (p *Process) Kill() { p.client.Kill() }

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
		if ps := p.cmd.ProcessState; ps != nil {
			how = ps.String()
		}
		msg := fmt.Sprintf("%s: plugin process exited (%s)", what, how)
		if last := p.tail.fatal(); last != "" {
			msg += ": " + last
		}
		return errors.New(msg)
	}
	return fmt.Errorf("%s: %v", what, err)
}

func grpcCode(err error) string {
	c, _ := statusCode(err)
	return c
}

// Describe asks the plugin what it serves.
func (p *Process) Describe() (*pluginv1.DescribeResponse, error) {
	ctx, cancel := p.call(p.lim.Call)
	defer cancel()
	d, err := p.rpc.Describe(ctx, &pluginv1.DescribeRequest{})
	return d, p.wrap("describe", err, p.lim.Call)
}

// Run performs one operation; opErr is the operation's own error.
func (p *Process) Run(instance, op string, rand []byte, args registry.Args) (out registry.Args, opErr error, err error) {
	ctx, cancel := p.call(p.lim.Call)
	defer cancel()
	r, err := p.rpc.Run(ctx, &pluginv1.RunRequest{Instance: instance, Op: op, Args: args, Rand: rand, HasRand: rand != nil})
	if err != nil {
		return nil, nil, p.wrap(fmt.Sprintf("run %s %s", instance, op), err, p.lim.Call)
	}
	if r.Error != "" {
		opErr = errors.New(r.Error)
	}
	return registry.Args(r.Outputs), opErr, nil
}

// GenerateKAT streams a KAT file into w.
func (p *Process) GenerateKAT(instance, source string, records int, w io.Writer) error {
	ctx, cancel := p.call(p.lim.Bench)
	defer cancel()
	what := fmt.Sprintf("KAT %s %s", instance, source)
	st, err := p.rpc.GenerateKAT(ctx, &pluginv1.GenerateKATRequest{Instance: instance, Source: source, Records: int32(records)})
	if err != nil {
		return p.wrap(what, err, p.lim.Bench)
	}
	for {
		c, err := st.Recv()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return p.wrap(what, err, p.lim.Bench)
		}
		if _, err := w.Write(c.Data); err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
	}
}

// Bench runs the in-plugin timing loop.
func (p *Process) Bench(req *pluginv1.BenchRequest) (*pluginv1.BenchResponse, error) {
	ctx, cancel := p.call(p.lim.Bench)
	defer cancel()
	r, err := p.rpc.Bench(ctx, req)
	return r, p.wrap(fmt.Sprintf("bench %s %s", req.Instance, req.Op), err, p.lim.Bench)
}

// ConstantTime runs the plugin's fixed-vs-random timing test.
func (p *Process) ConstantTime(req *pluginv1.ConstantTimeRequest) (*pluginv1.ConstantTimeResponse, error) {
	ctx, cancel := p.call(p.lim.Bench)
	defer cancel()
	r, err := p.rpc.ConstantTime(ctx, req)
	return r, p.wrap(fmt.Sprintf("ct %s %s", req.Instance, req.Op), err, p.lim.Bench)
}

// Runner adapts one instance of the process to registry.Runner, so the
// vector sources replay through the process boundary.
func (p *Process) Runner(instance string) registry.Runner { return runner{p, instance} }

type runner struct {
	p  *Process
	id string
}

func (r runner) Run(op string, rand []byte, in registry.Args) (registry.Args, error) {
	out, opErr, err := r.p.Run(r.id, op, rand, in)
	if err != nil {
		return nil, &TransportError{err}
	}
	return out, opErr
}

// TransportError is a failure of the plugin process rather than of the
// operation: a crash, a hang, a malformed answer.
type TransportError struct{ Err error }

func (e *TransportError) Error() string { return e.Err.Error() }
func (e *TransportError) Unwrap() error { return e.Err }
