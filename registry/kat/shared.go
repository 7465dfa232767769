package kat

import (
	"os"
	"path/filepath"
)

// SharedDir returns the competition's shared reference folder: "shared"
// beside the root of the workspace (the directory holding go.work) that
// contains the working directory. ok is false when there is none, and a
// check that needs it must say so rather than pass.
func SharedDir() (dir string, ok bool) {
	if d := os.Getenv("CRUCIBLE_SHARED"); d != "" {
		return d, true
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", false
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.work")); err == nil {
			s := filepath.Join(filepath.Dir(d), "shared")
			if fi, err := os.Stat(s); err == nil && fi.IsDir() {
				return s, true
			}
			return "", false
		}
		if filepath.Dir(d) == d {
			return "", false
		}
	}
}
