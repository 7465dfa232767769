package plugin

import (
	"os"
	"path/filepath"
	"testing"
)

// A prebuilt executable named as a workspace plugin replaces it and says
// which module it shadows; one without a workspace twin shadows nothing.
func TestDiscoverShadows(t *testing.T) {
	root, bin := t.TempDir(), t.TempDir()
	for _, name := range []string{"alpha", "beta"} {
		if err := os.MkdirAll(filepath.Join(root, "plugins", name), 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(root, "plugins", name, "go.mod"), []byte("module x\n"), 0o644)
	}
	for _, name := range []string{"alpha", "gamma"} {
		os.WriteFile(filepath.Join(bin, BinaryPrefix+name), []byte("#!/bin/sh\n"), 0o755)
	}
	srcs, err := Discover(root, []string{bin})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Source{}
	for _, s := range srcs {
		got[s.Name] = s
	}
	if s := got["alpha"]; s.Binary == "" || s.Shadows != filepath.Join(root, "plugins", "alpha") {
		t.Errorf("alpha: %+v, want the prebuilt executable shadowing the module", s)
	}
	if s := got["beta"]; s.Dir == "" || s.Shadows != "" {
		t.Errorf("beta: %+v", s)
	}
	if s := got["gamma"]; s.Binary == "" || s.Shadows != "" {
		t.Errorf("gamma: %+v", s)
	}
}
