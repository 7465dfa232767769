// Package workspace locates the Crucible workspace: the directory holding
// go.work, which the host, the tools and the KAT checks all start from.
package workspace

import (
	"fmt"
	"os"
	"path/filepath"
)

// Root returns the directory holding go.work, found from dir upwards.
func Root(dir string) (string, error) {
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(d, "go.work")); err == nil {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no go.work in %s or above: run from the Crucible workspace", dir)
		}
		d = filepath.Dir(d)
	}
}
