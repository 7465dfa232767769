package csub

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"crucible.dev/host/internal/plugin"
	"crucible.dev/host/internal/sandbox"
)

// A submission's flags come from its Makefile and reach its compiler
// unchecked (-include of any file, -fplugin), so every step that reads
// what it supplied (the compiler, ar, nm, the link) runs in a build box
// of b.Box's. A step reads the build directory and writes only objDir
// (its objects and library) or outDir (the link's executable): nothing
// it leaves there is a file the host later writes or follows.

// Subdirectories of the build directory.
const (
	objDir = "obj" // the submission's objects and libsubmission.a
	outDir = "out" // the linked executable
)

// LibraryAt is where the submission's library is, relative to the build
// directory: the adapter's #cgo LDFLAGS name it.
const LibraryAt = objDir + "/libsubmission.a"

// step runs tool (found on the host's PATH) with args in a build box,
// in wd, reading dir and writing writable.
func (b *Build) step(dir, wd string, writable []string, tool string, args ...string) ([]byte, error) {
	exe, err := exec.LookPath(tool)
	if err != nil {
		return nil, err
	}
	if exe, err = filepath.Abs(exe); err != nil {
		return nil, err
	}
	if b.Box == nil {
		return nil, fmt.Errorf("%s: no launcher to build in", tool)
	}
	return b.Box.RunBuild(sandbox.BuildSpec{
		Exe: exe, Args: args, Dir: wd, Env: []string{"PATH=/usr/bin:/bin", "LANG=C"},
		ReadOnly: []string{dir}, Writable: writable,
	})
}

// Link builds the adapter module in dir (GOWORK=off: its go.mod replaces
// the contract with the workspace's) with tags and the C flags cflags
// into the executable bin, in a build box, and copies it out.
func (b *Build) Link(dir, tags, cflags, bin string) ([]byte, error) {
	if b.Box == nil {
		return nil, fmt.Errorf("go build: no launcher to build in")
	}
	t, err := plugin.GoToolchain()
	if err != nil {
		return nil, err
	}
	cache := b.Cache
	if cache == "" {
		cache = filepath.Join(b.Root, ".cache", "plugins")
	}
	plugin.WarmContract(t, b.Root, cache, "", b.Log)
	out := filepath.Join(dir, outDir)
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	built := filepath.Join(out, filepath.Base(bin))
	o, err := b.Box.RunBuild(sandbox.BuildSpec{
		Exe:      t.Go(),
		Args:     []string{"build", "-trimpath", "-tags", tags, "-o", built, "."},
		Dir:      dir,
		Env:      t.Env("", "off", "CGO_CFLAGS="+cflags),
		ReadOnly: append(t.ReadOnly(), dir, filepath.Join(b.Root, "registry")),
		Writable: []string{out},
		Cache:    plugin.BoxCache(cache, "c-"+b.Name),
	})
	if err != nil {
		return o, err
	}
	tmp := bin + ".tmp"
	os.Remove(tmp)
	if _, err := plugin.TakeOutput(built, tmp); err != nil {
		return o, err
	}
	return o, os.Rename(tmp, bin)
}
