package main

import (
	"errors"
	"flag"
	"fmt"
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
// value a later `run --locked` compares. A plugin that does not build, start
// or describe itself is not locked, and costs the others nothing: they are
// locked, and lock exits 1 naming every plugin it left out.
func cmdLock(args []string) error {
	fs := flag.NewFlagSet("lock", flag.ContinueOnError)
	var c common
	c.register(fs)
	out := fs.String("o", "crucible.lock", "lock file to write")
	if err := fs.Parse(args); err != nil {
		return &exitError{2, nil}
	}
	w, err := c.open()
	if err != nil {
		return err
	}
	defer w.Close()
	var l lockFile
	var failed []error
	for i := range w.srcs {
		s := &w.srcs[i]
		if err := w.build(s); err != nil {
			failed = append(failed, fmt.Errorf("lock %s: %w", s.Name, err))
			continue
		}
		sum, err := lockSum(s, w.options(-1))
		if err != nil {
			failed = append(failed, err)
			continue
		}
		bin := s.Binary
		if w.root != "" {
			if r, err := filepath.Rel(w.root, bin); err == nil {
				bin = r
			}
		}
		l.Plugins = append(l.Plugins, lockEntry{Name: s.Name, Binary: bin, SHA256: sum, SourceHash: s.Hash})
	}
	// With nothing locked, a lock file already there (perhaps a good one)
	// stays as it is.
	if len(l.Plugins) == 0 && len(failed) > 0 {
		return &exitError{1, fmt.Errorf("no plugin locked, %s not written: %w", *out, errors.Join(failed...))}
	}
	if err := evidence.WriteJSON(*out, l); err != nil {
		return &exitError{1, err}
	}
	fmt.Printf("locked %d plugins in %s\n", len(l.Plugins), *out)
	if len(failed) > 0 {
		return &exitError{1, fmt.Errorf("%d plugins not locked: %w", len(failed), errors.Join(failed...))}
	}
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
