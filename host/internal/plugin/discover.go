// Package plugin finds Crucible plugins, builds them from source on demand,
// and runs one plugin process at a time under deadlines.
package plugin

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"crucible.dev/registry/workspace"
)

// BinaryPrefix is the file-name prefix of prebuilt plugin executables.
const BinaryPrefix = "crucible-plugin-"

// Source says where a plugin comes from.
type Source struct {
	Name   string // plugin name: its directory under plugins/ or its executable's suffix
	Dir    string // module directory, for a plugin built from source
	Binary string // executable, for a prebuilt plugin (or after building)
	Hash   string // source hash the binary was built from, when built here
	SHA256 string // of the executable as built here; "" for a prebuilt one
	// Shadows is the workspace module a prebuilt executable of the same
	// name replaces, so lists and reports can say so.
	Shadows string
}

// Workspace is the directory holding go.work, found from dir upwards.
func Workspace(dir string) (string, error) {
	root, err := workspace.Root(dir)
	if err != nil {
		return "", fmt.Errorf("%w, or give --plugin-dir", err)
	}
	return root, nil
}

// Discover lists the plugin modules under root/plugins and the executables
// named crucible-plugin-NAME in each of dirs. A prebuilt executable takes
// the place of a source plugin of the same name.
func Discover(root string, dirs []string) ([]Source, error) {
	byName := map[string]Source{}
	if root != "" {
		mods, err := filepath.Glob(filepath.Join(root, "plugins", "*", "go.mod"))
		if err != nil {
			return nil, err
		}
		for _, m := range mods {
			dir := filepath.Dir(m)
			name := filepath.Base(dir)
			byName[name] = Source{Name: name, Dir: dir}
		}
	}
	for _, d := range dirs {
		ents, err := os.ReadDir(d)
		if err != nil {
			return nil, fmt.Errorf("plugin directory: %w", err)
		}
		for _, e := range ents {
			name, ok := strings.CutPrefix(e.Name(), BinaryPrefix)
			if !ok || e.IsDir() || name == "" {
				continue
			}
			p := filepath.Join(d, e.Name())
			if fi, err := os.Stat(p); err != nil || fi.Mode()&0o111 == 0 {
				continue
			}
			s := Source{Name: name, Binary: p}
			if prev := byName[name]; prev.Dir != "" {
				s.Shadows = prev.Dir
			} else {
				s.Shadows = prev.Shadows
			}
			byName[name] = s
		}
	}
	out := make([]Source, 0, len(byName))
	for _, s := range byName {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}
