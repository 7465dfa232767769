package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/plugin"
	"crucible.dev/host/internal/session"
)

func init() {
	register("lock", "write crucible.lock: the SHA-256 of every plugin executable, for run --locked", cmdLock)
}

// cmdLock builds every plugin, starts it in a session as a run would and
// records the SHA-256 of the executable the launcher sealed and started, the
// value a later `run --locked` compares; a plugin that does not start or
// cannot describe itself is not locked.
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
	lc, err := c.launcher()
	if err != nil {
		return err
	}
	defer lc.Close()
	var l lockFile
	for i := range srcs {
		s := &srcs[i]
		if err := plugin.Build(root, cache, s, os.Stderr); err != nil {
			return &exitError{1, err}
		}
		sum, err := lockSum(s, plugin.Options{Limits: c.limits, Launcher: lc, CPU: -1})
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

// lockSum starts the plugin and returns the SHA-256 of the executable that
// ran, once it has described itself.
func lockSum(s *plugin.Source, o plugin.Options) (string, error) {
	sess, err := session.Start(s, session.Options(o))
	if err != nil {
		return "", fmt.Errorf("lock %s: %w", s.Name, err)
	}
	defer sess.Stop()
	if _, err := sess.Describe(); err != nil {
		return "", fmt.Errorf("lock %s: %w", s.Name, err)
	}
	return sess.Process().SHA256, nil
}
