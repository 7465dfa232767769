package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"

	"crucible.dev/registry/workspace"
)

// scaffoldOut writes the plugin as a module of its own in dir, outside any
// workspace. Its go.mod reaches the contract module crucible.dev/registry
// through a replace directive to a checkout: reg, or the registry/ folder
// of the workspace (root, or found from here upwards). The module's go
// version is the registry's.
func scaffoldOut(dir, root, reg string, p params) error {
	if reg == "" {
		if root == "" {
			var err error
			if root, err = workspace.Root("."); err != nil {
				return usageError{fmt.Errorf("--out: no --registry, and %w (give --registry DIR, a checkout of crucible.dev/registry)", err)}
			}
		}
		reg = filepath.Join(root, "registry")
	}
	reg, err := filepath.Abs(reg)
	if err != nil {
		return err
	}
	mod, err := os.ReadFile(filepath.Join(reg, "go.mod"))
	if err != nil {
		return usageError{fmt.Errorf("--registry %s: %w", reg, err)}
	}
	if !regexp.MustCompile(`(?m)^module crucible\.dev/registry\s*$`).Match(mod) {
		return usageError{fmt.Errorf("--registry %s: its go.mod is not module crucible.dev/registry", reg)}
	}
	m := regexp.MustCompile(`(?m)^go (\S+)`).FindSubmatch(mod)
	if m == nil {
		return fmt.Errorf("%s: no go line", filepath.Join(reg, "go.mod"))
	}
	p.Go, p.Registry = string(m[1]), reg
	if _, err := os.Stat(dir); err == nil {
		return fmt.Errorf("%s exists: choose another --out", dir)
	}
	if err := writeModule(dir, p); err != nil {
		return err
	}
	if err := tidy(dir, true); err != nil {
		return err
	}
	fmt.Printf("created %s (%s, instance %q), a module of its own: crucible.dev/registry is replaced by %s\nnext: read %s/README.md, then, in %s,\n  GOWORK=off go test ./...\n  GOWORK=off go build -o crucible-plugin-%s .\n", dir, p.Kind.Kind, p.Instance, reg, dir, dir, p.Name)
	return nil
}
