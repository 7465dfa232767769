// Package sandbox starts untrusted plugin executables confined: each in its
// own user, mount, PID, network, IPC, UTS and cgroup namespaces (set up by
// the host itself: nothing to install), under Landlock, with no capabilities, no_new_privs, resource
// limits from its first instruction, a scrubbed environment and stdin from
// /dev/null. It sees its executable, the system's shared libraries, a
// private temporary directory and the one directory its go-plugin socket
// lives in; nothing of the run directory, the build cache, the source tree,
// the user's home or other plugins.
//
// The executable that runs is always a private copy made while hashing it
// (Seal), so the hash a lock compares is the hash of what runs.
//
// Builds of submitted code run confined the same way, a step at a time
// (RunBuild): the toolchain and what is built read-only, the output and
// the build's own cache the only writable places.
//
// Where user namespaces are unavailable the host confines with what
// remains (Level): Landlock, rlimits and a separate uid when root.
package sandbox

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
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

// At the cgroup levels (Report.LimitedBy), MemoryMiB and Procs bound the
// whole box as well: every process of it, and its tmpfs pages, together.

// DefaultLimits are generous for an honest plugin (a Go runtime with
// GOMAXPROCS=1 runs a handful of threads and writes no files).
var DefaultLimits = Limits{MemoryMiB: 8192, Procs: 256, FileMiB: 256, OpenFiles: 1024, TmpMiB: 256}

// Report says how plugins are confined on this host, for campaign.json and
// every page of the report.
type Report struct {
	Sandboxed  bool      `json:"sandboxed"`
	Level      Level     `json:"level"`             // full, namespaces, landlock or none
	Mechanisms []string  `json:"mechanisms"`        // active
	Missing    []string  `json:"missing,omitempty"` // unavailable, and why
	User       string    `json:"user"`              // who the plugin runs as, outside its namespace
	Limits     Limits    `json:"limits"`
	LimitedBy  LimitedBy `json:"limited_by,omitempty"` // cgroup v2, cgroup v1 or rlimit: what bounds the box as a whole
}

// Launcher starts plugin processes. It owns a private directory (mode
// 0711, readable by the host alone but for the sealed executables) that
// holds the sealed copies and the socket directories.
type Launcher struct {
	dir      string
	initPath string      // sealed copy of the host executable: the sandbox's first step
	level    Level       // how plugins are confined
	rootDir  string      // an empty directory each box's root is mounted on, in the box's own mount namespace
	uid      int         // the unprivileged uid plugins run as when the host is root; -1 to keep the host's
	landlock int         // Landlock ABI the sandbox enforces; 0 for none
	cgroups  *cgroupTree // the host's cgroup, under which each box gets one; nil for none
	limits   Limits
	report   Report

	mu     sync.Mutex
	sealed map[string]sealedFile // by source path
}

// Nobody is the uid and gid plugins run as when the host runs as root.
const Nobody = 65534

// ErrNoSandbox marks a host where a plugin cannot be sandboxed.
var ErrNoSandbox = errors.New("sandbox unavailable")

// New prepares a launcher. Unless unsandboxed, it checks that every
// mechanism works here (by starting a probe inside the sandbox), picks the
// strongest level that does, and fails with ErrNoSandbox naming the
// missing ones when none does.
func New(l Limits, unsandboxed bool) (*Launcher, error) {
	removeStale()
	dir, err := os.MkdirTemp("", dirPattern)
	if err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	if err := writeOwner(dir); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	// Others may traverse (the unprivileged sandbox user opens the sealed
	// files by name) but not list or write.
	if err := os.Chmod(dir, 0o711); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	lc := &Launcher{dir: dir, uid: -1, limits: l, level: LevelNone, rootDir: filepath.Join(dir, "root"), sealed: map[string]sealedFile{}}
	open.Lock()
	open.all[lc] = true
	open.Unlock()
	err = os.Mkdir(lc.rootDir, 0o711)
	self, serr := os.Executable()
	if err == nil {
		err = serr
	}
	if err == nil {
		var f sealedFile
		f, err = lc.seal(self, "init")
		lc.initPath = f.path
	}
	if err != nil {
		lc.Close()
		return nil, fmt.Errorf("sandbox: sealing the launcher: %w", err)
	}
	lc.report = Report{Limits: l, Level: LevelNone, User: fmt.Sprint(os.Getuid())}
	lc.report.Mechanisms = []string{"sealed executable", "rlimits", "stdin /dev/null", "scrubbed environment"}
	if unsandboxed {
		lc.report.Missing = []string{"sandbox disabled by --unsandboxed"}
	} else if err := lc.probe(); err != nil {
		lc.Close()
		return nil, err
	}
	// --unsandboxed means the plugin's full rights: no cgroup either, so
	// that TestHostileUnsandboxed shows what the fixture does without any
	// defence (its survivors outlive the box).
	why := []string{"sandbox disabled by --unsandboxed"}
	if !unsandboxed {
		lc.cgroups, why = newCgroupTree()
	}
	lc.describeLimits(why)
	return lc, nil
}

// Report says how plugins are confined.
func (lc *Launcher) Report() Report { return lc.report }

// Sandboxed reports whether plugins run in the sandbox.
func (lc *Launcher) Sandboxed() bool { return lc.level != LevelNone }

// Level is how plugins are confined.
func (lc *Launcher) Level() Level { return lc.level }

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
	lc.cgroups.remove()
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
	if lc.uid < 0 || lc.level == LevelNone {
		return nil
	}
	if err := os.Chown(dir, lc.uid, lc.uid); err != nil {
		return fmt.Errorf("sandbox: socket directory: %w", err)
	}
	return nil
}
