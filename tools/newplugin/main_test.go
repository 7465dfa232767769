package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"crucible.dev/registry/eval/catalog"
	"crucible.dev/registry/testenv"
)

// copyWorkspace copies the parts of the workspace a scaffolded plugin
// needs (go.work.sum, registry/, host/, tools/) into a temporary directory
// with a go.work of its own listing only them: not every plugin.
func copyWorkspace(t *testing.T) string {
	t.Helper()
	src, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dst := t.TempDir()
	work, err := os.ReadFile(filepath.Join(src, "go.work"))
	if err != nil {
		t.Fatal(err)
	}
	goLine := regexp.MustCompile(`(?m)^go \S+`).Find(work)
	w := string(goLine) + "\n\nuse (\n\t./host\n\t./registry\n\t./tools\n)\n"
	if err := os.WriteFile(filepath.Join(dst, "go.work"), []byte(w), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(src, "go.work.sum")); err == nil {
		os.WriteFile(filepath.Join(dst, "go.work.sum"), b, 0o644)
	}
	for _, top := range []string{"registry", "host", "tools"} {
		err := filepath.WalkDir(filepath.Join(src, top), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(src, p)
			if d.IsDir() {
				if strings.HasPrefix(d.Name(), ".") {
					return filepath.SkipDir
				}
				return os.MkdirAll(filepath.Join(dst, rel), 0o755)
			}
			// Compiled test binaries left in a working tree are not sources.
			if !d.Type().IsRegular() || strings.HasSuffix(d.Name(), ".test") {
				return nil
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

// command runs name in dir and returns its exit code and output.
func command(t *testing.T, dir, name string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0, out.String()
	case errors.As(err, &ee):
		return ee.ExitCode(), out.String()
	}
	t.Fatalf("%s: %v\n%s", name, err, out.String())
	return -1, ""
}

// TestScaffoldReportedHonestly scaffolds one plugin of each kind into a
// copy of the workspace, builds the host there, and checks that the host
// lists every plugin and that a run reports each as it is: no KAT, its
// operations not implemented, exit status 1.
func TestScaffoldReportedHonestly(t *testing.T) {
	testenv.SkipShort(t, "builds the host and five plugins")
	ws := copyWorkspace(t)
	names := map[string]string{}
	for k := range kinds {
		name := "demo" + k
		names[name] = k
		if err := run([]string{"--name", name, "--kind", k, "--root", ws}); err != nil {
			t.Fatalf("scaffold %s: %v", k, err)
		}
	}
	work, _ := os.ReadFile(filepath.Join(ws, "go.work"))
	for name := range names {
		if !strings.Contains(string(work), "./plugins/"+name) {
			t.Errorf("go.work does not use ./plugins/%s:\n%s", name, work)
		}
		if code, out := command(t, ws, "go", "vet", "./plugins/"+name+"/..."); code != 0 {
			t.Errorf("go vet %s: %s", name, out)
		}
		// The scaffold's own test fails until the scheme is written.
		if code, out := command(t, ws, "go", "test", "./plugins/"+name); code == 0 || !strings.Contains(out, "not implemented") {
			t.Errorf("go test %s: exit %d, want a failure naming what is not implemented\n%s", name, code, out)
		}
	}
	if code, out := command(t, ws, "go", "build", "-o", "hostbin", "./host"); code != 0 {
		t.Fatalf("build host: %s", out)
	}
	host := filepath.Join(ws, "hostbin")

	code, out := command(t, ws, host, "list")
	if code != 0 {
		t.Fatalf("host list: exit %d\n%s", code, out)
	}
	for name, k := range names {
		if !regexp.MustCompile(`(?m)^` + name + `\s+` + name + `\s+go-std\s+` + k + `\b`).MatchString(out) {
			t.Errorf("host list does not show %s (%s):\n%s", name, k, out)
		}
	}

	dir := filepath.Join(ws, "r")
	code, out = command(t, ws, host, "run", "--suite", "all", "--out", dir,
		"--trials", "1", "--trial-target", "1ms", "--min-calls", "1", "--no-profile")
	if code != 1 {
		t.Fatalf("host run: exit %d, want 1\n%s", code, out)
	}
	var sum struct {
		Instances []struct{ Plugin, KAT string }
		Findings  []struct{ Plugin, Detail string }
	}
	b, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &sum); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, in := range sum.Instances {
		seen[in.Plugin] = true
		if in.KAT != "none" {
			t.Errorf("%s: KAT %q, want none", in.Plugin, in.KAT)
		}
	}
	notImpl := map[string]bool{}
	for _, f := range sum.Findings {
		if strings.Contains(f.Detail, "not implemented") {
			notImpl[f.Plugin] = true
		}
	}
	for name := range names {
		if !seen[name] || !notImpl[name] {
			t.Errorf("%s: in summary %v, a not-implemented finding %v\n%s", name, seen[name], notImpl[name], out)
		}
	}
}

func TestUsage(t *testing.T) {
	ws := t.TempDir()
	os.WriteFile(filepath.Join(ws, "go.work"), []byte("go 1.26.8\n"), 0o644)
	for _, args := range [][]string{
		{"--name", "Bad", "--kind", "kem", "--root", ws},
		{"--name", "ok", "--kind", "xof", "--root", ws},
		{"--name", "ok", "--kind", "kem", "--instance", "a b", "--root", ws},
	} {
		var u usageError
		if err := run(args); !errors.As(err, &u) {
			t.Errorf("%v: %v, want a usage error", args, err)
		}
	}
	if err := run([]string{"--help"}); err != nil {
		t.Errorf("--help: %v, want the usage and no error", err)
	}
	os.MkdirAll(filepath.Join(ws, "plugins", "taken"), 0o755)
	if err := run([]string{"--name", "taken", "--kind", "kem", "--root", ws}); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("scaffolding over an existing plugin: %v", err)
	}
}

// The README's catalog entry for each kind is a well-formed catalog file
// once its digest is filled in.
func TestReadmeCatalogEntry(t *testing.T) {
	for name, k := range kinds {
		var b bytes.Buffer
		if err := readmeTmpl.Execute(&b, params{Name: "demo", Instance: "Demo-1", Kind: k}); err != nil {
			t.Fatal(err)
		}
		_, rest, _ := strings.Cut(b.String(), "```json\n")
		entry, _, ok := strings.Cut(rest, "```")
		if !ok {
			t.Fatalf("%s: no JSON block in the README", name)
		}
		entry = strings.Replace(entry, "…", strings.Repeat("ab", 32), 1)
		if _, err := catalog.Parse("README.md", []byte(entry)); err != nil {
			t.Errorf("%s: %v\n%s", name, err, entry)
		}
	}
}
