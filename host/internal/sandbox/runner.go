package sandbox

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin/runner"
)

// Environment is the whole environment a plugin gets: a fixed base, the
// host's CRUCIBLE_* variables (how a plugin is told which path to take,
// such as CRUCIBLE_SNTRUP_PORTABLE) and extra. Nothing else of the host's
// environment reaches it.
func Environment(extra ...string) []string {
	env := []string{"PATH=/usr/bin:/bin", "HOME=/tmp", "TMPDIR=/tmp", "LANG=C.UTF-8"}
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "CRUCIBLE_") && !strings.HasPrefix(kv, "CRUCIBLE_PLUGIN=") {
			env = append(env, kv)
		}
	}
	return append(env, extra...)
}

// Process is one started plugin process.
type Process struct {
	cmd            *exec.Cmd
	stdout, stderr io.ReadCloser
	name           string
	hostSocket     string // the socket directory go-plugin made (the plugin's own at LevelLandlock)
	level          Level
	cleanup        func() // removes what the process needed, once it ended

	tree   *cgroupTree // where the box's cgroup is made; nil for none
	limits Limits      // the box's, for its cgroup
	mu     sync.Mutex
	cgroup *boxCgroup // the box's cgroup while it runs
	events string     // what the cgroup said of its limits, once removed
}

// Runner returns a go-plugin RunnerFunc that starts the sealed executable
// exe with the environment env (and go-plugin's own variables) through the
// launcher, and hands the started process to got.
func (lc *Launcher) Runner(exe string, env []string, got func(*Process)) func(hclog.Logger, *exec.Cmd, string) (runner.Runner, error) {
	return lc.CountedRunner(exe, env, nil, got)
}

// CountedRunner is Runner with the process under cnt's instruction
// counter; a nil cnt runs it as Runner does.
func (lc *Launcher) CountedRunner(exe string, env []string, cnt *Counter, got func(*Process)) func(hclog.Logger, *exec.Cmd, string) (runner.Runner, error) {
	return func(_ hclog.Logger, spec *exec.Cmd, socketDir string) (runner.Runner, error) {
		if err := lc.shareDir(socketDir); err != nil {
			return nil, err
		}
		// spec carries only go-plugin's variables (the client skips the
		// host's environment); inside the sandbox the socket directory
		// has another name.
		e := append([]string{}, env...)
		for _, kv := range spec.Env {
			if lc.level.namespaced() && strings.HasPrefix(kv, "PLUGIN_UNIX_SOCKET_DIR=") {
				kv = "PLUGIN_UNIX_SOCKET_DIR=" + insideSocket
			}
			e = append(e, kv)
		}
		cmd, cleanup, err := lc.commandIn(lc.cgroups != nil, exe, socketDir, e, cnt)
		if err != nil {
			return nil, err
		}
		p := &Process{cmd: cmd, name: exe, hostSocket: socketDir, level: lc.level, cleanup: cleanup, tree: lc.cgroups, limits: lc.limits}
		if p.stdout, err = cmd.StdoutPipe(); err != nil {
			return nil, err
		}
		if p.stderr, err = cmd.StderrPipe(); err != nil {
			return nil, err
		}
		if got != nil {
			got(p)
		}
		return p, nil
	}
}

// Start starts the process.
func (p *Process) Start(context.Context) error { return p.start() }

// Wait waits for the process to end.
func (p *Process) Wait(context.Context) error {
	err := p.cmd.Wait()
	p.removeCgroup()
	p.cleanup()
	return err
}

// Kill ends the process and everything it started. At the namespaced
// levels the plugin is its PID namespace's init, whose death ends every
// process in it; at LevelLandlock the first step is the subreaper of the
// plugin's tree, which is killed from the leaves up.
func (p *Process) Kill(context.Context) error {
	if p.cmd.Process == nil {
		return nil
	}
	if p.level == LevelLandlock {
		killTree(p.cmd.Process.Pid, true)
	}
	syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
	err := p.cmd.Process.Kill()
	p.killCgroup()
	if err != nil && !errors.Is(err, os.ErrProcessDone) {
		return err
	}
	return nil
}

// Stdout carries go-plugin's handshake.
func (p *Process) Stdout() io.ReadCloser { return p.stdout }

// Stderr carries the plugin's log.
func (p *Process) Stderr() io.ReadCloser { return p.stderr }

// Name is the executable's path.
func (p *Process) Name() string { return p.name }

// ID is the started process's PID.
func (p *Process) ID() string {
	if p.cmd.Process == nil {
		return ""
	}
	return itoa(p.cmd.Process.Pid)
}

// Diagnose says where to look when the handshake fails.
func (p *Process) Diagnose(context.Context) string {
	return "the plugin's stderr, in its log, says why it stopped"
}

// State is how the started process ended; nil while it runs (or when it
// never started).
func (p *Process) State() *os.ProcessState {
	if p == nil {
		return nil
	}
	return p.cmd.ProcessState
}

// PluginToHost maps the socket the plugin names to the host's side of its
// directory.
func (p *Process) PluginToHost(network, addr string) (string, string, error) {
	if p.level != LevelNone && network == "unix" {
		if rest, ok := strings.CutPrefix(addr, p.insideSocket()+"/"); ok && !strings.Contains(rest, "/") && rest != ".." && rest != "." && rest != "" {
			return network, p.hostSideSocket() + "/" + rest, nil
		}
		return "", "", errors.New("plugin named a socket outside its directory: " + addr)
	}
	return network, addr, nil
}

// HostToPlugin maps the other way.
func (p *Process) HostToPlugin(network, addr string) (string, string, error) {
	if p.level != LevelNone && network == "unix" {
		if rest, ok := strings.CutPrefix(addr, p.hostSideSocket()+"/"); ok {
			return network, p.insideSocket() + "/" + rest, nil
		}
	}
	return network, addr, nil
}

// SocketDir is the directory the plugin's socket must be in, as the host
// reaches it: the only place a dial to the plugin may go.
func (p *Process) SocketDir() string { return p.hostSideSocket() }

// hostSideSocket is the socket directory as the host reaches it: at the
// namespaced levels, the box's own tmpfs through the plugin's root.
func (p *Process) hostSideSocket() string {
	if p.level.namespaced() && p.cmd.Process != nil {
		return "/proc/" + itoa(p.cmd.Process.Pid) + "/root" + insideSocket
	}
	return p.hostSocket
}

// insideSocket is the socket directory as the plugin sees it.
func (p *Process) insideSocket() string {
	if p.level.namespaced() {
		return insideSocket
	}
	return p.hostSocket
}
