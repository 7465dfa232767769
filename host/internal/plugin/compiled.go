package plugin

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
)

// listedPackage is what `go list -json` says of one package the plugin
// links: where its files are, which of them are compiled in, and which
// module holds it.
type listedPackage struct {
	ImportPath string
	Dir        string
	Standard   bool
	Module     *struct {
		Path    string
		Version string
		Replace *struct{ Path, Version, Dir string }
	}
	GoFiles, CgoFiles, CFiles, CXXFiles, MFiles, HFiles, FFiles, SFiles, SwigFiles, SwigCXXFiles, SysoFiles, EmbedFiles []string
}

// compiledInputs lists what the plugin's main package compiles in, beyond
// the standard library (which the Go version in the hash stands for):
// every source file of every linked package in a workspace module or a
// local directory, and the path@version of every linked package from the
// module cache, whose content go.sum pins. `go list` reads files and runs
// no code of the plugin's; it fetches what the build box will need, which
// has no network.
func compiledInputs(root, dir string) (files, modules []string, err error) {
	rel, err := filepath.Rel(root, dir)
	if err != nil {
		return nil, nil, err
	}
	// The module graph of the build box: the plugin and the contract.
	mods, err := contractModules(root)
	if err != nil {
		return nil, nil, err
	}
	tmp, err := os.MkdirTemp("", "crucible-list-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(tmp)
	work, err := WriteWorkspace(root, tmp, append([]string{dir}, mods...))
	if err != nil {
		return nil, nil, err
	}
	cmd := exec.Command("go", "list", "-deps", "-json", "./"+filepath.ToSlash(rel))
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOFLAGS=-mod=readonly", "GOWORK="+work)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, nil, fmt.Errorf("go list: %v: %s", err, bytes.TrimSpace(stderr.Bytes()))
	}
	seenMod := map[string]bool{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listedPackage
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, nil, fmt.Errorf("go list: %w", err)
		}
		if p.Standard {
			continue
		}
		if m := p.Module; m != nil && m.Version != "" && (m.Replace == nil || m.Replace.Version != "") {
			v := m.Path + "@" + m.Version
			if m.Replace != nil {
				v += " => " + m.Replace.Path + "@" + m.Replace.Version
			}
			if !seenMod[v] {
				seenMod[v] = true
				modules = append(modules, v)
			}
			continue
		}
		for _, group := range [][]string{p.GoFiles, p.CgoFiles, p.CFiles, p.CXXFiles, p.MFiles, p.HFiles, p.FFiles,
			p.SFiles, p.SwigFiles, p.SwigCXXFiles, p.SysoFiles, p.EmbedFiles} {
			for _, f := range group {
				files = append(files, filepath.Join(p.Dir, f))
			}
		}
	}
	return files, modules, nil
}
