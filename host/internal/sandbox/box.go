package sandbox

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
)

// mountSpec is one entry of the box's file system, built by the first step
// inside its new mount namespace on a fresh tmpfs root.
type mountSpec struct {
	Kind string `json:"kind"`          // one of the mount* kinds
	Src  string `json:"src,omitempty"` // the host's path (binds), the link's target (symlinks)
	Dst  string `json:"dst"`           // the path inside the box
	MiB  int    `json:"mib,omitempty"` // a tmpfs's size
	// An overlay's writable layer and its work directory, over Src;
	// all three are paths inside the box.
	Upper string `json:"upper,omitempty"`
	Work  string `json:"work,omitempty"`
}

// Kinds of mountSpec.
const (
	mountRO      = "ro-bind" // read-only bind of a file or directory
	mountRW      = "bind"    // writable bind of a directory
	mountTmpfs   = "tmpfs"   // a private tmpfs of MiB MiB
	mountSymlink = "symlink"
	mountProc    = "proc" // the box's own /proc (its PID namespace)
	mountDev     = "dev"  // a minimal /dev: null, zero, full, random, urandom, tty
	// An overlay of a writable directory (Upper) on a read-only one
	// (Src): the box reads both and writes only Upper.
	mountOverlay = "overlay"
)

// shmMiB and socketMiB bound the box's /dev/shm and socket directory: a
// plugin needs neither for more than a few files (go-plugin's socket is
// one inode), and both count in the machine's memory.
const (
	shmMiB    = 16
	socketMiB = 1
)

// inside is where the sandbox finds what the launcher binds into it.
const (
	insidePlugin = "/crucible/plugin"
	insideSocket = "/run/plugin"
)

// systemLibs are the directories a dynamically linked executable may load
// from, bound read-only (or recreated as the symlinks they are).
var systemLibs = []string{"/lib", "/lib64", "/lib32", "/usr/lib", "/usr/lib64", "/usr/lib32"}

// boxMounts are the mounts of one box, in the order they are made: the
// executable appears as insidePlugin/<its name>, the counter's directory
// at insideCount.
func (lc *Launcher) boxMounts(exe string, cnt *Counter) []mountSpec {
	m := systemMounts(systemLibs)
	if _, err := os.Stat("/etc/ld.so.cache"); err == nil {
		m = append(m, mountSpec{Kind: mountRO, Src: "/etc/ld.so.cache", Dst: "/etc/ld.so.cache"})
	}
	m = append(m,
		mountSpec{Kind: mountProc, Dst: "/proc"},
		mountSpec{Kind: mountDev, Dst: "/dev"},
		mountSpec{Kind: mountTmpfs, Dst: "/dev/shm", MiB: shmMiB},
		mountSpec{Kind: mountTmpfs, Dst: "/tmp", MiB: lc.limits.TmpMiB},
		// The socket directory is the box's own, bounded like its /tmp;
		// the host reaches the socket through /proc/<pid>/root.
		mountSpec{Kind: mountTmpfs, Dst: insideSocket, MiB: socketMiB},
		mountSpec{Kind: mountRO, Src: exe, Dst: insidePlugin + "/" + filepath.Base(exe)},
	)
	if cnt != nil {
		m = append(m,
			mountSpec{Kind: mountRO, Src: cnt.valgrind, Dst: cnt.valgrind},
			mountSpec{Kind: mountRO, Src: cnt.tools, Dst: cnt.tools},
			mountSpec{Kind: mountRW, Src: cnt.Dir, Dst: insideCount})
	}
	return m
}

// systemMounts binds the host's paths that exist read-only at the same
// place, or recreates them as the symlinks they are.
func systemMounts(paths []string) []mountSpec {
	var m []mountSpec
	for _, d := range paths {
		fi, err := os.Lstat(d)
		switch {
		case err != nil:
		case fi.Mode()&os.ModeSymlink != 0:
			if t, err := os.Readlink(d); err == nil {
				m = append(m, mountSpec{Kind: mountSymlink, Src: t, Dst: d})
			}
		default:
			m = append(m, mountSpec{Kind: mountRO, Src: d, Dst: d})
		}
	}
	return m
}

// command is the process that runs exe with args at the launcher's level:
// the first step (the sealed host executable) confines itself and executes
// exe; with a counter, it executes valgrind, which runs exe. cleanup
// removes what the process needed once it has ended.
func (lc *Launcher) command(exe, socketDir string, env []string, cnt *Counter, args ...string) (cmd *exec.Cmd, cleanup func(), err error) {
	return lc.commandIn(false, exe, socketDir, env, cnt, args...)
}

// commandIn is command; with inCgroup, the first step waits for the host
// to put it in a cgroup (Process.start) before it does anything else.
func (lc *Launcher) commandIn(inCgroup bool, exe, socketDir string, env []string, cnt *Counter, args ...string) (cmd *exec.Cmd, cleanup func(), err error) {
	cfg := initConfig{Level: lc.level, Limits: lc.limits, Exe: exe, Args: args, Landlock: lc.landlock, CgroupWait: inCgroup}
	env = append([]string{}, env...)
	cleanup = func() {}
	// RLIMIT_NPROC counts the processes of a uid in a user namespace:
	// outside one it means the plugin's own only when it has a uid of
	// its own (the host is root).
	if !lc.level.namespaced() && (lc.level == LevelNone || lc.uid < 0) {
		cfg.Limits.Procs = 0
	}
	// In a cgroup, pids.max bounds the box's processes and threads
	// together, and says when it refused one (pids.events).
	if inCgroup {
		cfg.Limits.Procs = 0
	}
	switch {
	case lc.level.namespaced():
		cfg.Root = lc.rootDir
		cfg.Mounts = lc.boxMounts(exe, cnt)
		cfg.Exe = insidePlugin + "/" + filepath.Base(exe)
		cfg.Writable = []string{"/tmp", "/dev", "/proc", insideSocket}
		if cnt != nil {
			cfg.Writable = append(cfg.Writable, insideCount)
		}
	case lc.level == LevelLandlock:
		tmp, err := os.MkdirTemp(lc.dir, "tmp-")
		if err != nil {
			return nil, nil, fmt.Errorf("sandbox: private temporary directory: %w", err)
		}
		cleanup = func() { os.RemoveAll(tmp) }
		if err := lc.shareDir(tmp); err != nil {
			cleanup()
			return nil, nil, err
		}
		env = append(env, "TMPDIR="+tmp, "HOME="+tmp)
		cfg.Writable = []string{tmp, socketDir}
		cfg.Readable = append([]string{exe, "/etc/ld.so.cache", "/proc"}, systemLibs...)
		if cnt != nil {
			cfg.Writable = append(cfg.Writable, cnt.Dir)
			cfg.Readable = append(cfg.Readable, cnt.valgrind, cnt.tools)
		}
	}
	if cnt != nil {
		cfg.Args = append(cnt.args(cfg.Exe), args...)
		cfg.Exe = cnt.valgrind
		env = append(env, cnt.env()...)
	}
	return lc.firstStep(cfg, env), cleanup, nil
}

// firstStep is the process that confines itself as cfg says and then
// executes cfg.Exe.
func (lc *Launcher) firstStep(cfg initConfig, env []string) *exec.Cmd {
	cmd := exec.Command(lc.initPath, initArg, cfg.encode())
	cmd.Env = env
	cmd.SysProcAttr = lc.procAttr(cfg.BecomeNobody || cfg.KeepRootUID)
	return cmd
}

// procAttr makes the first step die with the host, lead its own session
// (no terminal to push input into) and, when the host is root, run as the
// unprivileged uid, unless asRoot (a build step's: initConfig.BecomeNobody
// or KeepRootUID). At the namespaced levels it also starts in new
// namespaces, keeping (as ambient capabilities, inside its user namespace
// alone) what it needs to build the box: it drops them before the plugin
// runs.
func (lc *Launcher) procAttr(asRoot bool) *syscall.SysProcAttr {
	a := &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Setsid: true}
	uid, gid := os.Getuid(), os.Getgid()
	if lc.level != LevelNone && lc.uid >= 0 && !(asRoot && !lc.level.namespaced()) {
		uid, gid = lc.uid, lc.uid
		a.Credential = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid), Groups: []uint32{}}
	}
	if !lc.level.namespaced() {
		return a
	}
	a.Cloneflags = syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS | syscall.CLONE_NEWPID |
		syscall.CLONE_NEWNET | syscall.CLONE_NEWIPC | syscall.CLONE_NEWUTS | syscall.CLONE_NEWCGROUP
	a.UidMappings = []syscall.SysProcIDMap{{ContainerID: uid, HostID: uid, Size: 1}}
	a.GidMappings = []syscall.SysProcIDMap{{ContainerID: gid, HostID: gid, Size: 1}}
	if asRoot {
		// The host's root, mapped beside Nobody, builds the box: only
		// the first step runs as it (initConfig.BecomeNobody).
		a.Credential = &syscall.Credential{Uid: 0, Gid: 0, Groups: []uint32{}}
		a.UidMappings = append(a.UidMappings, syscall.SysProcIDMap{ContainerID: 0, HostID: 0, Size: 1})
		a.GidMappings = append(a.GidMappings, syscall.SysProcIDMap{ContainerID: 0, HostID: 0, Size: 1})
	}
	// Only root may let the box call setgroups (to drop root's groups).
	a.GidMappingsEnableSetgroups = a.Credential != nil
	a.AmbientCaps = []uintptr{capSysAdmin, capSetPCap, capSysResource, capDacOverride}
	return a
}

// Capabilities the first step keeps inside its user namespace.
const (
	capDacOverride = 1  // CAP_DAC_OVERRIDE: overlayfs makes its work directory mode 0 (a build's cache); over the user's own files only
	capSetPCap     = 8  // CAP_SETPCAP: to empty the bounding set
	capSysAdmin    = 21 // CAP_SYS_ADMIN: mounts, pivot_root, hostname
	capSysResource = 24 // CAP_SYS_RESOURCE: to forbid nested user namespaces
)
