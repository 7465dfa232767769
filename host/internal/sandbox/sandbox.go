// Package sandbox starts untrusted plugin executables confined: each in its
// own user, mount, PID, network, IPC and UTS namespaces (set up by
// bubblewrap), under Landlock, with no capabilities, no_new_privs, resource
// limits from its first instruction, a scrubbed environment and stdin from
// /dev/null. It sees its executable, the system's shared libraries, a
// private temporary directory and the one directory its go-plugin socket
// lives in; nothing of the run directory, the build cache, the source tree,
// the user's home or other plugins.
//
// The executable that runs is always a private copy made while hashing it
// (Seal), so the hash a lock compares is the hash of what runs.
package sandbox

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
)

// Limits bound one plugin process and everything it starts.
type Limits struct {
	MemoryMiB int `json:"memory_mib"` // RLIMIT_DATA: heap and private writable mappings; 0 for none
	Procs     int `json:"procs"`      // RLIMIT_NPROC: processes and threads in the sandbox
	FileMiB   int `json:"file_mib"`   // RLIMIT_FSIZE: the largest file it may write
	OpenFiles int `json:"open_files"` // RLIMIT_NOFILE
	TmpMiB    int `json:"tmp_mib"`    // size of its private /tmp (a tmpfs)
}

// DefaultLimits are generous for an honest plugin (a Go runtime with
// GOMAXPROCS=1 runs a handful of threads and writes no files).
var DefaultLimits = Limits{MemoryMiB: 8192, Procs: 256, FileMiB: 256, OpenFiles: 1024, TmpMiB: 256}

// Report says how plugins are confined on this host, for campaign.json and
// every page of the report.
type Report struct {
	Sandboxed  bool     `json:"sandboxed"`
	Mechanisms []string `json:"mechanisms"`        // active
	Missing    []string `json:"missing,omitempty"` // unavailable, and why
	User       string   `json:"user"`              // who the plugin runs as, outside its namespace
	Limits     Limits   `json:"limits"`
}

// Launcher starts plugin processes. It owns a private directory (mode
// 0711, readable by the host alone but for the sealed executables) that
// holds the sealed copies and the socket directories.
type Launcher struct {
	dir      string
	initPath string // sealed copy of the host executable: the sandbox's first step
	bwrap    string // "" when unsandboxed
	uid      int    // the unprivileged uid plugins run as when the host is root; -1 to keep the host's
	landlock int    // Landlock ABI the sandbox enforces; 0 for none
	limits   Limits
	report   Report

	mu     sync.Mutex
	sealed map[string]sealedFile // by source path
}

// Nobody is the uid and gid plugins run as when the host runs as root.
const Nobody = 65534

// ErrUnavailable marks a host where a plugin cannot be sandboxed.
var ErrUnavailable = errors.New("sandbox unavailable")

// New prepares a launcher. Unless unsandboxed, it checks that every
// mechanism works here (by starting a probe inside the sandbox) and fails
// with ErrUnavailable naming the missing ones.
func New(l Limits, unsandboxed bool) (*Launcher, error) {
	dir, err := os.MkdirTemp("", "crucible-host-")
	if err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	// Others may traverse (the unprivileged sandbox user opens the sealed
	// files by name) but not list or write.
	if err := os.Chmod(dir, 0o711); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	lc := &Launcher{dir: dir, uid: -1, limits: l, sealed: map[string]sealedFile{}}
	open.Lock()
	open.all[lc] = true
	open.Unlock()
	self, err := os.Executable()
	if err == nil {
		var f sealedFile
		f, err = lc.seal(self, "init")
		lc.initPath = f.path
	}
	if err != nil {
		lc.Close()
		return nil, fmt.Errorf("sandbox: sealing the launcher: %w", err)
	}
	lc.report = Report{Limits: l, User: fmt.Sprint(os.Getuid())}
	lc.report.Mechanisms = []string{"sealed executable", "rlimits", "stdin /dev/null", "scrubbed environment"}
	if unsandboxed {
		lc.report.Missing = []string{"sandbox disabled by --unsandboxed"}
		return lc, nil
	}
	if err := lc.probe(); err != nil {
		lc.Close()
		return nil, err
	}
	return lc, nil
}

// probe finds bubblewrap and Landlock and starts one sandboxed process
// that reports the Landlock ABI it enforced.
func (lc *Launcher) probe() error {
	var missing []string
	if runtime.GOOS != "linux" {
		return fmt.Errorf("%w: plugins can be sandboxed on Linux only (this is %s); pass --unsandboxed to run them with your full rights", ErrUnavailable, runtime.GOOS)
	}
	bwrap, err := exec.LookPath("bwrap")
	if err != nil {
		missing = append(missing, "bubblewrap (bwrap) not found: install Debian's bubblewrap (tools/setup.sh does)")
	}
	abi := landlockABI()
	if abi < 1 {
		missing = append(missing, "Landlock: the kernel does not offer it (enable CONFIG_SECURITY_LANDLOCK and lsm=landlock)")
	}
	if len(missing) == 0 {
		lc.bwrap, lc.landlock = bwrap, abi
		if os.Getuid() == 0 {
			lc.uid = Nobody
		}
		if out, err := lc.runProbe(); err != nil {
			missing = append(missing, fmt.Sprintf("a sandboxed probe did not run (user namespaces disabled?): %v: %s", err, strings.TrimSpace(out)))
		} else if !strings.Contains(out, "landlock-abi ") {
			missing = append(missing, "a sandboxed probe ran but did not report its confinement: "+strings.TrimSpace(out))
		}
	}
	if len(missing) > 0 {
		lc.bwrap = ""
		return fmt.Errorf("%w: %s; pass --unsandboxed to run plugins with your full rights", ErrUnavailable, strings.Join(missing, "; "))
	}
	lc.report.Sandboxed = true
	lc.report.Mechanisms = append(lc.report.Mechanisms,
		"user, mount, pid, network, ipc, uts and cgroup namespaces (bubblewrap)",
		"no capabilities", "no_new_privs", "no nested user namespaces",
		fmt.Sprintf("Landlock ABI %d: filesystem%s", abi, landlockExtras(abi)),
		"private /tmp", "dies with the host")
	if lc.uid >= 0 {
		lc.report.User = fmt.Sprintf("%d (the host runs as root)", lc.uid)
	}
	lc.report.Missing = append(lc.report.Missing,
		"cgroup limits: not used; rlimits and the PID namespace bound and end the process tree")
	return nil
}

func landlockExtras(abi int) string {
	s := ""
	if abi >= 4 {
		s += ", TCP bind and connect"
	}
	if abi >= 6 {
		s += ", signal and abstract-socket scoping"
	}
	return s
}

// runProbe starts the launcher itself inside the sandbox in probe mode.
func (lc *Launcher) runProbe() (string, error) {
	sock, err := os.MkdirTemp(lc.dir, "probe-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(sock)
	if err := lc.shareDir(sock); err != nil {
		return "", err
	}
	cmd := lc.command(lc.initPath, sock, nil, nil, probeArg)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// Report says how plugins are confined.
func (lc *Launcher) Report() Report { return lc.report }

// Sandboxed reports whether plugins run in the sandbox.
func (lc *Launcher) Sandboxed() bool { return lc.bwrap != "" }

// Dir is the launcher's private directory: socket directories go there.
func (lc *Launcher) Dir() string { return lc.dir }

// Close removes the private directory.
func (lc *Launcher) Close() {
	if lc == nil {
		return
	}
	open.Lock()
	delete(open.all, lc)
	open.Unlock()
	os.RemoveAll(lc.dir)
}

// open are the launchers not yet closed, for CloseAll.
var open = struct {
	sync.Mutex
	all map[*Launcher]bool
}{all: map[*Launcher]bool{}}

// CloseAll removes every launcher's private directory: the host calls it
// on its way out by a signal, when deferred Closes do not run.
func CloseAll() {
	open.Lock()
	var all []*Launcher
	for lc := range open.all {
		all = append(all, lc)
	}
	open.Unlock()
	for _, lc := range all {
		lc.Close()
	}
}

// shareDir lets the sandbox's user write the plugin's socket directory.
func (lc *Launcher) shareDir(dir string) error {
	if lc.uid < 0 || lc.bwrap == "" {
		return nil
	}
	if err := os.Chown(dir, lc.uid, lc.uid); err != nil {
		return fmt.Errorf("sandbox: socket directory: %w", err)
	}
	return nil
}

// inside is where the sandbox finds what the launcher binds into it.
const (
	insideInit   = "/crucible/init"
	insidePlugin = "/crucible/plugin"
	insideSocket = "/run/plugin"
)

// systemLibs are the directories a dynamically linked executable may load
// from, bound read-only (or recreated as the symlinks they are).
var systemLibs = []string{"/lib", "/lib64", "/lib32", "/usr/lib", "/usr/lib64", "/usr/lib32"}

// bwrapArgs confine one process: exe runs as insidePlugin/<its name>, the
// socket directory appears at insideSocket (and a counter's at insideCount).
func (lc *Launcher) bwrapArgs(exe, socketDir string, cnt *Counter) []string {
	a := []string{
		"--unshare-all", "--unshare-user", "--disable-userns",
		"--die-with-parent", "--new-session", "--cap-drop", "ALL",
		"--hostname", "crucible-plugin", "--chdir", "/",
	}
	for _, d := range systemLibs {
		fi, err := os.Lstat(d)
		switch {
		case err != nil:
		case fi.Mode()&os.ModeSymlink != 0:
			if t, err := os.Readlink(d); err == nil {
				a = append(a, "--symlink", t, d)
			}
		case fi.IsDir():
			a = append(a, "--ro-bind", d, d)
		}
	}
	a = append(a,
		"--ro-bind-try", "/etc/ld.so.cache", "/etc/ld.so.cache",
		"--proc", "/proc", "--dev", "/dev",
		"--size", fmt.Sprint(int64(lc.limits.TmpMiB)<<20), "--tmpfs", "/tmp",
		"--bind", socketDir, insideSocket,
		"--ro-bind", lc.initPath, insideInit,
		"--ro-bind", exe, insidePlugin+"/"+filepath.Base(exe),
	)
	if cnt != nil {
		a = append(a, cnt.binds()...)
	}
	return append(a, "--remount-ro", "/", "--")
}

// command is the process that runs exe with args: through bwrap and the
// init step inside it, or (unsandboxed) through the init step alone; with
// a counter, the init step executes valgrind, which runs exe.
func (lc *Launcher) command(exe, socketDir string, env []string, cnt *Counter, args ...string) *exec.Cmd {
	cfg := initConfig{Limits: lc.limits, Exe: exe, Args: args}
	counted := func() {
		if cnt != nil {
			cfg.Args = append(cnt.args(cfg.Exe), args...)
			cfg.Exe = cnt.valgrind
			env = append(append([]string{}, env...), cnt.env()...)
		}
	}
	if lc.bwrap == "" {
		counted()
		cmd := exec.Command(lc.initPath, initArg, cfg.encode())
		cmd.Env = append([]string{}, env...)
		cmd.SysProcAttr = procAttr(-1)
		return cmd
	}
	cfg.Exe = insidePlugin + "/" + filepath.Base(exe)
	cfg.Landlock = lc.landlock
	cfg.Writable = []string{"/tmp", "/proc", "/dev", insideSocket}
	if cnt != nil {
		cfg.Writable = append(cfg.Writable, insideCount)
	}
	counted()
	argv := append(lc.bwrapArgs(exe, socketDir, cnt), insideInit, initArg, cfg.encode())
	cmd := exec.Command(lc.bwrap, argv...)
	cmd.Env = append([]string{}, env...)
	cmd.SysProcAttr = procAttr(lc.uid)
	return cmd
}
