package plugin

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReplaceOutsideRefused: a plugin whose go.mod replaces a module with
// a directory outside its folder (directly, by an absolute path, through
// a symlink inside its folder, in a block, quoted) is refused before any
// build, naming the directive; the contract and the plugin's own
// subdirectories are allowed, as are the workspace's plugins.
func TestReplaceOutsideRefused(t *testing.T) {
	root := t.TempDir()
	write := func(rel, body string) {
		t.Helper()
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("registry/go.mod", "module crucible.dev/registry\n")
	write("registry/eval/go.mod", "module crucible.dev/registry/eval\n")
	write("outside/go.mod", "module evil.example/outside\n")
	write("plugins/p/inner/go.mod", "module crucible.dev/plugins/p/inner\n")
	dir := filepath.Join(root, "plugins", "p")
	if err := os.Symlink(filepath.Join(root, "outside"), filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	const head = "module crucible.dev/plugins/p\n\ngo 1.26\n\nreplace crucible.dev/registry => ../../registry\nreplace crucible.dev/registry/eval v0.0.0 => ../../registry/eval // the evaluator's side\nreplace crucible.dev/plugins/p/inner => ./inner\nreplace golang.org/x/crypto => golang.org/x/crypto v0.40.0\n"
	for name, c := range map[string]struct {
		gomod string
		bad   string // the text the refusal names; "" when allowed
	}{
		"contract and own folder": {head, ""},
		"relative":                {head + "replace evil.example/outside => ../../outside\n", "../../outside"},
		"absolute":                {head + "replace evil.example/outside => " + filepath.Join(root, "outside") + "\n", filepath.Join(root, "outside")},
		"through a symlink":       {head + "replace evil.example/outside => ./link\n", "./link"},
		"block, quoted":           {head + "replace (\n\tfoo.example/a => ./inner\n\t\"evil.example/outside\" v1.0.0 => \"../../outside\"\n)\n", "../../outside"},
		"missing":                 {head + "replace evil.example/outside => ../nowhere\n", "../nowhere"},
	} {
		write("plugins/p/go.mod", c.gomod)
		if c.bad == "" {
			if err := checkReplaces(root, dir); err != nil {
				t.Errorf("%s: refused: %v", name, err)
			}
			continue
		}
		err := Build(nil, root, filepath.Join(root, ".cache"), &Source{Name: "p", Dir: dir}, io.Discard)
		if !errors.Is(err, ErrReplaceOutside) || !strings.Contains(err.Error(), c.bad) {
			t.Errorf("%s: build error does not refuse %s: %v", name, c.bad, err)
		}
	}
	ws, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	plugins, _ := filepath.Glob(filepath.Join(ws, "plugins", "*", "go.mod"))
	if len(plugins) == 0 {
		t.Fatal("no workspace plugins found")
	}
	for _, m := range plugins {
		if err := checkReplaces(ws, filepath.Dir(m)); err != nil {
			t.Errorf("workspace plugin %s: %v", filepath.Dir(m), err)
		}
	}
}
