package kat

import (
	"os"
	"path/filepath"

	"crucible.dev/registry/workspace"
)

// SharedDir returns the competition's shared reference folder: "shared"
// beside the root of the workspace (the directory holding go.work) that
// contains the working directory. ok is false when there is none, and a
// check that needs it must say so rather than pass.
func SharedDir() (dir string, ok bool) {
	if d := os.Getenv("CRUCIBLE_SHARED"); d != "" {
		return d, true
	}
	root, err := workspace.Root(".")
	if err != nil {
		return "", false
	}
	s := filepath.Join(filepath.Dir(root), "shared")
	if fi, err := os.Stat(s); err == nil && fi.IsDir() {
		return s, true
	}
	return "", false
}
