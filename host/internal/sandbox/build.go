package sandbox

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"
)

// A build of submitted code runs the submitter's choices: its cgo
// directives and C flags reach the compiler (an `.incbin` or `-include`
// of any readable file, a -fplugin), so each step of it (go build, a C
// compiler, ar, nm) runs in a box of its own, confined like a plugin:
// no network, the toolchain and what the host names read-only, and only
// the directories the host names writable.

// BuildSpec is one step of a build, run by Launcher.RunBuild.
type BuildSpec struct {
	Exe      string   // the tool, by absolute path
	Args     []string // its arguments
	Dir      string   // the working directory, one of ReadOnly or Writable or inside one
	Env      []string // the whole environment
	ReadOnly []string // host paths it may read, seen at the same paths
	Writable []string // host directories it may write, seen at the same paths; shared with the box's uid
	// Cache, when set, is a Go build cache: the host's Shared one read
	// through an overlay whose writes land in Private, so a build reads
	// what the host compiled but can change nothing another build reads.
	Cache   *BuildCache
	Timeout time.Duration // 0 for BuildTimeout
}

// BuildCache is a Go build cache for one build (BuildSpec.Cache);
// RunBuild sets GOCACHE.
type BuildCache struct {
	Shared  string // the host's cache, read-only to builds
	Private string // this build's own directory
}

// dir is the GOCACHE of a build without a mount namespace at level: its
// own cache alone, which starts empty. An unsandboxed build's is apart:
// Go's cache keys do not cover what a compiler read by name (an .incbin
// of any file), so what such a build compiled is never reused in a box.
func (c *BuildCache) dir(level Level) string {
	if level == LevelNone {
		return filepath.Join(c.Private, "unsandboxed")
	}
	return filepath.Join(c.Private, "cache")
}

// Where a build box holds its cache's layers.
const (
	cacheShared  = "/crucible/gocache/shared"
	cachePrivate = "/crucible/gocache/private"
	cacheMerged  = "/crucible/gocache/merged" // GOCACHE

)

// BuildTimeout bounds one step of a build.
const BuildTimeout = 20 * time.Minute

// BuildLimits bound one step of a build: a link takes a few hundred MiB
// and go build starts a compiler per package beside its own threads.
var BuildLimits = Limits{MemoryMiB: 8192, Procs: 1024, FileMiB: 2048, OpenFiles: 4096, TmpMiB: 1024}

// maxBuildOutput bounds what a step's output the host keeps: a
// compiler flooding its output loses the rest, not the host its memory.
const maxBuildOutput = 1 << 20

// buildSystem are the host's directories a toolchain runs from: the
// compilers, assemblers, linkers, system headers and libraries.
var buildSystem = []string{"/usr", "/bin", "/sbin", "/lib", "/lib64", "/lib32", "/etc/alternatives", "/etc/ld.so.cache"}

// RunBuild runs one build step confined at the launcher's level and
// returns its output (stdout and stderr together). Unsandboxed, it runs
// the step as the evaluator, as --unsandboxed runs plugins.
func (lc *Launcher) RunBuild(spec BuildSpec) ([]byte, error) {
	if spec.Cache != nil {
		if err := lc.prepareCache(spec.Cache); err != nil {
			return nil, err
		}
	}
	for _, d := range spec.Writable {
		if err := lc.shareBuild(d, true); err != nil {
			return nil, err
		}
	}
	cfg := initConfig{Level: lc.level, Limits: BuildLimits, Exe: spec.Exe, Args: spec.Args, Landlock: lc.landlock, Dir: spec.Dir}
	env := append([]string{}, spec.Env...)
	if !lc.level.namespaced() && lc.buildUID() < 0 {
		cfg.Limits.Procs = 0
	}
	inCgroup := lc.cgroups != nil
	if inCgroup {
		cfg.Limits.Procs, cfg.CgroupWait = 0, true
	}
	switch {
	case lc.level.namespaced():
		cfg.Root = lc.rootDir
		cfg.Mounts = buildMounts(spec)
		// The first step builds the box as root when the host is, so
		// that it reaches what it binds whoever may enter the paths
		// (a module cache in root's home), and becomes the box's uid
		// before it executes the tool.
		cfg.BecomeNobody = lc.uid >= 0
		cfg.Writable = append([]string{"/tmp", "/dev", "/proc"}, spec.Writable...)
		if spec.Cache != nil {
			cfg.Writable = append(cfg.Writable, cacheMerged)
			env = append(env, "GOCACHE="+cacheMerged)
		}
		env = append(env, "HOME=/tmp", "TMPDIR=/tmp")
	default:
		tmp, err := os.MkdirTemp(lc.dir, "build-")
		if err != nil {
			return nil, fmt.Errorf("sandbox: build's temporary directory: %w", err)
		}
		defer os.RemoveAll(tmp)
		if err := lc.shareBuild(tmp, false); err != nil {
			return nil, err
		}
		env = append(env, "HOME="+tmp, "TMPDIR="+tmp)
		cfg.KeepRootUID = lc.uid >= 0 && lc.buildUID() < 0
		cfg.Writable = append([]string{tmp}, spec.Writable...)
		cfg.Readable = append(append([]string{"/proc"}, buildSystem...), spec.ReadOnly...)
		if spec.Cache != nil {
			// No overlay without a mount namespace: the build's own cache
			// starts empty.
			cfg.Writable = append(cfg.Writable, spec.Cache.dir(lc.level))
			env = append(env, "GOCACHE="+spec.Cache.dir(lc.level))
		}
	}
	cmd := lc.firstStep(cfg, env)
	if lc.level == LevelNone {
		cmd = exec.Command(spec.Exe, spec.Args...)
		cmd.Dir, cmd.Env = spec.Dir, env
		cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Setsid: true}
	}
	var out boundedBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	p := &Process{cmd: cmd, name: spec.Exe, level: lc.level, cleanup: func() {}}
	if inCgroup && lc.level != LevelNone {
		p.tree, p.limits = lc.cgroups, BuildLimits
	}
	timeout := spec.Timeout
	if timeout == 0 {
		timeout = BuildTimeout
	}
	if err := p.start(); err != nil {
		return nil, fmt.Errorf("sandbox: starting %s: %w", filepath.Base(spec.Exe), err)
	}
	timer := time.AfterFunc(timeout, func() { p.Kill(context.Background()) })
	err := p.Wait(context.Background())
	stopped := !timer.Stop()
	// Nothing the step started outlives it.
	p.Kill(context.Background())
	if stopped {
		return out.Bytes(), fmt.Errorf("%s: stopped after %v", filepath.Base(spec.Exe), timeout)
	}
	if ev := p.LimitEvents(); err != nil && ev != "" {
		err = fmt.Errorf("%w (%s)", err, ev)
	}
	return out.Bytes(), err
}

// buildMounts are the mounts of one build step's box: the toolchain's
// system directories (or the symlinks they are), /proc, /dev, a bounded
// /tmp, the cache overlay, and what the spec names, parents first.
func buildMounts(spec BuildSpec) []mountSpec {
	m := append(systemMounts(buildSystem),
		mountSpec{Kind: mountProc, Dst: "/proc"},
		mountSpec{Kind: mountDev, Dst: "/dev"},
		mountSpec{Kind: mountTmpfs, Dst: "/dev/shm", MiB: shmMiB},
		mountSpec{Kind: mountTmpfs, Dst: "/tmp", MiB: BuildLimits.TmpMiB})
	var paths []mountSpec
	for _, p := range spec.ReadOnly {
		paths = append(paths, mountSpec{Kind: mountRO, Src: p, Dst: p})
	}
	for _, p := range spec.Writable {
		paths = append(paths, mountSpec{Kind: mountRW, Src: p, Dst: p})
	}
	if c := spec.Cache; c != nil {
		// The layers are bound in first, then stacked.
		paths = append(paths,
			mountSpec{Kind: mountRO, Src: c.Shared, Dst: cacheShared},
			mountSpec{Kind: mountRW, Src: c.Private, Dst: cachePrivate},
			mountSpec{Kind: mountOverlay, Src: cacheShared, Dst: cacheMerged,
				Upper: cachePrivate + "/upper", Work: cachePrivate + "/work"})
	}
	// A parent before what is inside it, so that the inner mount is not
	// hidden.
	sort.SliceStable(paths, func(i, j int) bool {
		return strings.Count(paths[i].Dst, "/") < strings.Count(paths[j].Dst, "/")
	})
	return append(m, paths...)
}

// prepareCache makes the cache's directories: at the namespaced levels an
// overlay's upper and work directories beside the mount point, shared
// with the box's uid; otherwise the mount point is the cache itself.
func (lc *Launcher) prepareCache(c *BuildCache) error {
	if err := os.MkdirAll(c.Shared, 0o755); err != nil {
		return fmt.Errorf("sandbox: build cache: %w", err)
	}
	dirs := []string{c.dir(lc.level)}
	if lc.level.namespaced() {
		upper := filepath.Join(c.Private, "upper")
		dirs = []string{upper, filepath.Join(c.Private, "work")}
		// A directory of the shared cache is the host's; the same one in
		// the upper layer, the box's uid's, is what the merged view shows,
		// so the build can add its entries beside the shared ones.
		ents, err := os.ReadDir(c.Shared)
		if err != nil {
			return fmt.Errorf("sandbox: build cache: %w", err)
		}
		for _, e := range ents {
			if e.IsDir() {
				dirs = append(dirs, filepath.Join(upper, e.Name()))
			}
		}
	}
	for _, d := range dirs {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return fmt.Errorf("sandbox: build cache: %w", err)
		}
		if err := lc.shareBuild(d, false); err != nil {
			return err
		}
	}
	return nil
}

// buildUID is the uid a build step runs as outside its namespace, whose
// its writable directories must be; -1 for the host's own. As root
// without a user namespace, the step keeps uid 0 (to read what it builds
// from wherever it lies) with no capability, where Landlock also scopes
// its signals (ABI 6); otherwise root's steps run as Nobody.
func (lc *Launcher) buildUID() int {
	if lc.level == LevelNone || lc.uid < 0 || (!lc.level.namespaced() && lc.landlock >= 6) {
		return -1
	}
	return lc.uid
}

// shareBuild gives a writable directory of a build (and, with tree,
// everything in it) to the uid its steps run as.
func (lc *Launcher) shareBuild(dir string, tree bool) error {
	uid := lc.buildUID()
	if uid < 0 {
		return nil
	}
	err := os.Lchown(dir, uid, uid)
	if tree {
		err = filepath.Walk(dir, func(p string, _ os.FileInfo, err error) error {
			if err != nil {
				return err
			}
			return os.Lchown(p, uid, uid)
		})
	}
	if err != nil {
		return fmt.Errorf("sandbox: sharing %s with the build: %w", dir, err)
	}
	return nil
}

// boundedBuffer keeps the first maxBuildOutput bytes written to it.
type boundedBuffer struct{ bytes.Buffer }

func (b *boundedBuffer) Write(p []byte) (int, error) {
	if room := maxBuildOutput - b.Len(); room > 0 {
		if len(p) > room {
			b.Buffer.Write(p[:room])
			b.Buffer.WriteString("\n[output cut at 1 MiB]\n")
		} else {
			b.Buffer.Write(p)
		}
	}
	return len(p), nil
}
