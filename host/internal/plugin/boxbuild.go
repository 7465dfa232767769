package plugin

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"crucible.dev/host/internal/sandbox"
	"golang.org/x/sys/unix"
)

// A source plugin is built in a build box (sandbox.RunBuild): it reads
// its own folder, the contract modules it builds against, GOROOT, the
// module cache the host filled beforehand (go list downloads; it runs no
// code) and the system's compilers and headers, and writes only its
// output directory and its own Go build cache. The module graph is a
// workspace the host generates of the plugin and the contract alone.

// Toolchain is the Go installation builds run with, as `go env` reports
// it outside any box.
type Toolchain struct {
	GOROOT, GOPATH, GOMODCACHE string
}

var (
	toolchainOnce sync.Once
	toolchain     Toolchain
	toolchainErr  error
)

// GoToolchain reads the toolchain once.
func GoToolchain() (Toolchain, error) {
	toolchainOnce.Do(func() {
		out, err := exec.Command("go", "env", "-json", "GOROOT", "GOPATH", "GOMODCACHE").Output()
		if err != nil {
			toolchainErr = fmt.Errorf("go env: %w", err)
			return
		}
		toolchainErr = json.Unmarshal(out, &toolchain)
	})
	return toolchain, toolchainErr
}

// Go is the go command of the toolchain.
func (t Toolchain) Go() string { return filepath.Join(t.GOROOT, "bin", "go") }

// passedEnv are the evaluator's variables a build keeps: the target and
// the C compiler it chose. Nothing else of its environment (GOFLAGS,
// GOPROXY, credentials) reaches a build.
var passedEnv = []string{"GOOS", "GOARCH", "GOAMD64", "GOARM64", "GOEXPERIMENT", "CC", "CXX", "CGO_ENABLED"}

// Env is the whole environment of a go command in a build box (gocache
// "": the box's own, which RunBuild sets): no
// network (GOPROXY=off), no toolchain switch, no module or go.sum
// change, and Go's default C flags unless extra says otherwise.
func (t Toolchain) Env(gocache, gowork string, extra ...string) []string {
	env := []string{
		"PATH=" + filepath.Join(t.GOROOT, "bin") + ":/usr/bin:/bin", "LANG=C",
		"GOROOT=" + t.GOROOT, "GOPATH=" + t.GOPATH, "GOMODCACHE=" + t.GOMODCACHE,
		"GOWORK=" + gowork, "GOENV=off", "GOTOOLCHAIN=local",
		"GOFLAGS=-mod=readonly", "GOPROXY=off", "GOTELEMETRY=off", "CGO_ENABLED=1", "CGO_CFLAGS=-O2 -g",
	}
	if gocache != "" {
		env = append(env, "GOCACHE="+gocache)
	}
	for _, k := range passedEnv {
		if v, ok := os.LookupEnv(k); ok {
			env = append(env, k+"="+v)
		}
	}
	return append(env, extra...)
}

// ReadOnly are the toolchain's paths a build box reads: GOROOT, and the
// module cache once there is one.
func (t Toolchain) ReadOnly() []string {
	paths := []string{t.GOROOT}
	if _, err := os.Stat(t.GOMODCACHE); err == nil {
		paths = append(paths, t.GOMODCACHE)
	}
	return paths
}

// contractModules are the module directories under root/registry: what
// every plugin builds against.
func contractModules(root string) ([]string, error) {
	var mods []string
	top := filepath.Join(root, "registry")
	err := filepath.WalkDir(top, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != top && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if !d.IsDir() && d.Name() == "go.mod" {
			mods = append(mods, filepath.Dir(p))
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("the contract's modules: %w", err)
	}
	return mods, nil
}

// WriteWorkspace writes the go.work a build of the modules mods uses into
// dir, with root's go.work.sum, and returns its path: the modules'
// graph, with nothing of the other plugins'.
func WriteWorkspace(root, dir string, mods []string) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	goLine := "go 1.26"
	if b, err := os.ReadFile(filepath.Join(root, "go.work")); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, "go ") {
				goLine = strings.TrimSpace(l)
				break
			}
		}
	}
	var w strings.Builder
	fmt.Fprintf(&w, "%s\n\nuse (\n", goLine)
	for _, m := range mods {
		fmt.Fprintf(&w, "\t%s\n", m)
	}
	w.WriteString(")\n")
	path := filepath.Join(dir, "go.work")
	if err := os.WriteFile(path, []byte(w.String()), 0o644); err != nil {
		return "", err
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.work.sum"))
	if err != nil && !os.IsNotExist(err) {
		return "", err
	}
	return path, os.WriteFile(filepath.Join(dir, "go.work.sum"), sum, 0o644)
}

// boxDir is where the builds of the plugin name keep their workspace,
// Go build cache and output, under the plugin cache.
func boxDir(cache, name string) string { return filepath.Join(cache, "box", name) }

// sharedCache is the Go build cache every build box reads beneath its own:
// what the host compiled of the contract, outside any box (warmContract).
func sharedCache(cache string) string { return filepath.Join(cache, "box", "shared") }

// BoxCache is the Go build cache of the builds of name (a plugin, a C
// submission's): the shared cache beneath the builds' own.
func BoxCache(cache, name string) *sandbox.BuildCache {
	return &sandbox.BuildCache{Shared: sharedCache(cache), Private: filepath.Join(boxDir(cache, name), "cache")}
}

// warmed remembers, per build tag, that the shared cache holds the
// contract: once per host process.
var warmed sync.Map

// WarmContract compiles the contract modules and their dependencies (the
// host's own code and the modules its go.sum pins, nothing of any
// plugin's) into the shared cache, with the environment and flags of a
// plugin's build, so that no box compiles gRPC and the standard library
// again. A failure costs only time: the boxes compile what is missing.
func WarmContract(t Toolchain, root, cache, tag string, log io.Writer) {
	once, _ := warmed.LoadOrStore(cache+"\x00"+tag, new(sync.Once))
	once.(*sync.Once).Do(func() {
		mods, err := contractModules(root)
		if err == nil && len(mods) == 0 {
			return
		}
		var work string
		if err == nil {
			err = os.MkdirAll(sharedCache(cache), 0o755)
		}
		if err == nil {
			work, err = WriteWorkspace(root, filepath.Join(cache, "box", "contract"), mods)
		}
		if err == nil {
			args := []string{"build", "-trimpath"}
			if tag != "" {
				args = append(args, "-tags", tag)
			}
			cmd := exec.Command(t.Go(), append(args, "crucible.dev/registry/...")...)
			cmd.Dir = mods[0]
			cmd.Env = t.Env(sharedCache(cache), work)
			var out []byte
			if out, err = cmd.CombinedOutput(); err != nil {
				err = fmt.Errorf("%v: %s", err, bytes.TrimSpace(out))
			}
		}
		if err != nil {
			fmt.Fprintf(log, "building the contract into the shared build cache: %v (each build compiles it)\n", err)
		}
	})
}

// goBuild builds the plugin module dir into out/name in a build box and
// returns the executable's path.
func goBuild(lc *sandbox.Launcher, root, cache, dir, name, tag string, log io.Writer) (string, error) {
	if lc == nil {
		return "", fmt.Errorf("go build: no launcher to build in")
	}
	t, err := GoToolchain()
	if err != nil {
		return "", err
	}
	WarmContract(t, root, cache, tag, log)
	mods, err := contractModules(root)
	if err != nil {
		return "", err
	}
	box := boxDir(cache, name)
	work, err := WriteWorkspace(root, filepath.Join(box, "workspace"), append([]string{dir}, mods...))
	if err != nil {
		return "", err
	}
	out := filepath.Join(box, "out")
	os.RemoveAll(out)
	if err := os.MkdirAll(out, 0o755); err != nil {
		return "", err
	}
	c := BoxCache(cache, name)
	args := []string{"build", "-trimpath", "-o", filepath.Join(out, name)}
	if tag != "" {
		args = append(args, "-tags", tag)
	}
	spec := sandbox.BuildSpec{
		Exe: t.Go(), Args: append(args, "."), Dir: dir,
		Env:      t.Env("", work),
		ReadOnly: append(t.ReadOnly(), dir, filepath.Join(root, "registry"), filepath.Dir(work)),
		Writable: []string{out},
		Cache:    c,
	}
	if o, err := lc.RunBuild(spec); err != nil {
		return "", fmt.Errorf("go build (in the build box): %v\n%s", err, o)
	}
	return filepath.Join(out, name), nil
}

// TakeOutput copies a build's executable, written in a directory the
// build box could write, to dst (a path of the host's), hashing what it
// copies, and returns that hash: what the box left is never linked to,
// renamed or followed, so nothing it left behind can change the file
// after its hash is taken.
func TakeOutput(src, dst string) (string, error) {
	fd, err := unix.Open(src, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return "", fmt.Errorf("the build's output %s: %w", src, err)
	}
	in := os.NewFile(uintptr(fd), src)
	defer in.Close()
	if fi, err := in.Stat(); err != nil || !fi.Mode().IsRegular() {
		return "", fmt.Errorf("the build's output %s is not a regular file", src)
	}
	outF, err := os.OpenFile(dst, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o755)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	_, err = io.Copy(io.MultiWriter(outF, h), in)
	if cerr := outF.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(dst)
		return "", fmt.Errorf("copying the build's output: %w", err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
