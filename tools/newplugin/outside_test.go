package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"crucible.dev/registry/testenv"
)

// TestOutsideWorkspace scaffolds a plugin with --out into a folder no
// go.work covers and builds it there with GOWORK=off: the module reaches
// crucible.dev/registry through its go.mod alone (a replace to the
// workspace's registry/).
func TestOutsideWorkspace(t *testing.T) {
	testenv.SkipShort(t, "builds a module")
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "myhash")
	if err := run([]string{"--name", "myhash", "--kind", "hash", "--out", dir, "--root", root}); err != nil {
		t.Fatalf("newplugin --out: %v", err)
	}
	mod := string(mustReadFile(t, filepath.Join(dir, "go.mod")))
	if want := "replace crucible.dev/registry => " + filepath.Join(root, "registry"); !strings.Contains(mod, want) {
		t.Errorf("go.mod has no %q:\n%s", want, mod)
	}
	if _, err := os.Stat(filepath.Join(dir, "go.sum")); err != nil {
		t.Errorf("no go.sum: the module does not build on its own: %v", err)
	}
	build := exec.Command("go", "build", "-o", filepath.Join(t.TempDir(), "crucible-plugin-myhash"), ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=readonly")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("GOWORK=off go build in %s: %v\n%s", dir, err, out)
	}
	if err := run([]string{"--name", "myhash", "--kind", "hash", "--out", dir, "--root", root}); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("a second --out to the same folder: %v, want it refused", err)
	}
	if err := run([]string{"--name", "x", "--kind", "hash", "--out", filepath.Join(t.TempDir(), "x"), "--registry", t.TempDir()}); err == nil {
		t.Error("--registry without crucible.dev/registry's go.mod was accepted")
	}
}

func mustReadFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
