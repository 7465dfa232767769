package plugin

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSourceHashModules: the hash follows the plugin's and the registry's
// build inputs, and not those of a module nested in the registry (the
// evaluator's side, which no plugin links).
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
	write("go.work", "go 1.26\n")
	write("registry/go.mod", "module crucible.dev/registry\n")
	write("registry/op.go", "package registry\n")
	write("registry/eval/go.mod", "module crucible.dev/registry/eval\n")
	write("registry/eval/vectors/v.go", "package vectors\n")
	write("plugins/p/go.mod", "module crucible.dev/plugins/p\n")
	write("plugins/p/main.go", "package main\n")
	hash := func() string {
		t.Helper()
		h, err := SourceHash(root, filepath.Join(root, "plugins/p"))
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	h0 := hash()
	write("registry/eval/vectors/v.go", "package vectors // edited\n")
	if h := hash(); h != h0 {
		t.Error("editing the nested evaluator module changed the plugin's source hash")
	}
	write("registry/op.go", "package registry // edited\n")
	h1 := hash()
	if h1 == h0 {
		t.Error("editing the contract did not change the plugin's source hash")
	}
	write("plugins/p/main.go", "package main // edited\n")
	if hash() == h1 {
		t.Error("editing the plugin did not change its source hash")
	}
}
