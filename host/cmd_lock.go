package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/plugin"
)

func init() {
	register("lock", "write crucible.lock: the SHA-256 of every plugin executable, for run --locked", cmdLock)
}

// cmdLock builds every plugin and records what each executable hashes to,
// so a later `run --locked` refuses any plugin that has changed since.
func cmdLock(args []string) error {
	fs := flag.NewFlagSet("lock", flag.ContinueOnError)
	var c common
	c.register(fs)
	out := fs.String("o", "crucible.lock", "lock file to write")
	if err := fs.Parse(args); err != nil {
		return &exitError{2, nil}
	}
	root, cache, srcs, err := c.discover()
	if err != nil {
		return err
	}
	var l lockFile
	for i := range srcs {
		s := &srcs[i]
		if err := plugin.Build(root, cache, s, os.Stderr); err != nil {
			return &exitError{1, err}
		}
		sum, err := plugin.FileHash(s.Binary)
		if err != nil {
			return &exitError{1, err}
		}
		bin := s.Binary
		if root != "" {
			if r, err := filepath.Rel(root, bin); err == nil {
				bin = r
			}
		}
		l.Plugins = append(l.Plugins, lockEntry{Name: s.Name, Binary: bin, SHA256: sum, SourceHash: s.Hash})
	}
	if err := evidence.WriteJSON(*out, l); err != nil {
		return &exitError{1, err}
	}
	fmt.Printf("locked %d plugins in %s\n", len(l.Plugins), *out)
	return nil
}
