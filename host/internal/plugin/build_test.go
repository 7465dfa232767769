package plugin

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSourceHashModules: the hash follows the plugin's and the registry's
// build inputs, and those of a module nested in the registry (the
// evaluator's side) only where the plugin links it: a plugin that imports
// registry/eval is rebuilt when a file of it that is compiled in changes.
func TestSourceHashModules(t *testing.T) {
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
	write("go.work", "go 1.26\n\nuse (\n\t./registry\n\t./registry/eval\n\t./plugins/p\n\t./plugins/q\n)\n")
	write("registry/go.mod", "module crucible.dev/registry\n\ngo 1.26\n")
	write("registry/op.go", "package registry\n")
	write("registry/eval/go.mod", "module crucible.dev/registry/eval\n\ngo 1.26\n")
	write("registry/eval/vectors/v.go", "package vectors\n")
	for _, name := range []string{"p", "q"} {
		imp := `_ "crucible.dev/registry"`
		if name == "q" {
			imp += "\n\t_ \"crucible.dev/registry/eval/vectors\""
		}
		write("plugins/"+name+"/go.mod", "module crucible.dev/plugins/"+name+"\n\ngo 1.26\n")
		write("plugins/"+name+"/main.go", "package main\n\nimport (\n\t"+imp+"\n)\n\nfunc main() {}\n")
	}
	hash := func(name string) string {
		t.Helper()
		h, err := SourceHash(root, filepath.Join(root, "plugins", name))
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	p0, q0 := hash("p"), hash("q")
	write("registry/eval/vectors/v.go", "package vectors // edited\n")
	if h := hash("p"); h != p0 {
		t.Error("editing the nested evaluator module changed the source hash of a plugin that does not link it")
	}
	if h := hash("q"); h == q0 {
		t.Error("editing a file compiled into the plugin from another module did not change its source hash")
	}
	write("registry/op.go", "package registry // edited\n")
	p1 := hash("p")
	if p1 == p0 {
		t.Error("editing the contract did not change the plugin's source hash")
	}
	write("plugins/p/main.go", "package main // edited\n\nimport _ \"crucible.dev/registry\"\n\nfunc main() {}\n")
	if hash("p") == p1 {
		t.Error("editing the plugin did not change its source hash")
	}
}
