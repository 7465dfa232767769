// Command newplugin scaffolds a Crucible plugin:
//
//	go run ./tools/newplugin --name NAME --kind kem|sig|kex|hash|aead [--instance NAME] [--root DIR]
//
// It creates plugins/NAME/ (a module requiring the registry, main.go
// calling registry.Serve, an implementation package whose operations all
// return a "not implemented" error, a test that fails until they work,
// and a README.md with the checklist and the KAT material to declare) and
// adds the module to go.work. A scaffolded plugin is discovered and run by
// the host like any other and reported as what it is: no KAT, every
// operation not implemented.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"text/template"

	"crucible.dev/registry/workspace"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "newplugin:", err)
		var u usageError
		if errors.As(err, &u) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

// usageError is a mistake in the command line.
type usageError struct{ error }

func run(args []string) error {
	fs := flag.NewFlagSet("newplugin", flag.ContinueOnError)
	name := fs.String("name", "", "plugin name: lower-case letters and digits, starting with a letter (also its Go package name)")
	kindName := fs.String("kind", "", "what it implements: kem, sig, kex, hash or aead")
	instance := fs.String("instance", "", "catalog name of its instance (default NAME)")
	root := fs.String("root", "", "the Crucible workspace (default: the directory holding go.work, from here upwards)")
	out := fs.String("out", "", "write the plugin as a module of its own in DIR, outside any workspace: its go.mod replaces crucible.dev/registry with a checkout (--registry)")
	reg := fs.String("registry", "", "with --out: the crucible.dev/registry checkout its go.mod points to (default: the workspace's registry/)")
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		return nil // the usage is printed; asking for it is not a mistake
	} else if err != nil {
		return usageError{err}
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Errorf("unexpected arguments %q", fs.Args())}
	}
	if !validName.MatchString(*name) {
		return usageError{fmt.Errorf("--name %q: lower-case letters and digits, starting with a letter", *name)}
	}
	k, ok := kinds[*kindName]
	if !ok {
		return usageError{fmt.Errorf("--kind %q: one of kem, sig, kex, hash, aead", *kindName)}
	}
	if *instance == "" {
		*instance = *name
	}
	if !validInstance.MatchString(*instance) {
		return usageError{fmt.Errorf("--instance %q: letters, digits, '-', '_' and '.'", *instance)}
	}
	p := params{Name: *name, Instance: *instance, Kind: k}
	if *out != "" {
		return scaffoldOut(*out, *root, *reg, p)
	}
	if *reg != "" {
		return usageError{fmt.Errorf("--registry is for --out")}
	}
	dir := *root
	if dir == "" {
		var err error
		if dir, err = workspace.Root("."); err != nil {
			return usageError{fmt.Errorf("%w, or give --root", err)}
		}
	}
	if err := scaffold(dir, p); err != nil {
		return err
	}
	fmt.Printf("created plugins/%s (%s, instance %q) and added it to go.work\nnext: read plugins/%s/README.md, then\n  go test ./plugins/%s/...\n  go run ./host run --suite %s\n", p.Name, k.Kind, p.Instance, p.Name, p.Name, p.Name)
	return nil
}

var (
	validName     = regexp.MustCompile(`^[a-z][a-z0-9]*$`)
	validInstance = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*$`)
)

// params fill the templates.
type params struct {
	Name     string // plugin, module and package name
	Instance string // catalog name
	Kind     kind
	Go       string // the workspace's go version
	Registry string // the path go.mod replaces crucible.dev/registry with
}

// scaffold writes plugins/<name> under root and adds it to go.work.
func scaffold(root string, p params) error {
	work, err := os.ReadFile(filepath.Join(root, "go.work"))
	if err != nil {
		return err
	}
	m := regexp.MustCompile(`(?m)^go (\S+)`).FindSubmatch(work)
	if m == nil {
		return fmt.Errorf("%s: no go line", filepath.Join(root, "go.work"))
	}
	p.Go = string(m[1])
	p.Registry = "../../registry"
	dir := filepath.Join(root, "plugins", p.Name)
	if _, err := os.Stat(dir); err == nil {
		return fmt.Errorf("%s exists: choose another --name", dir)
	}
	if err := writeModule(dir, p); err != nil {
		return err
	}
	cmd := exec.Command("go", "work", "use", "./plugins/"+p.Name)
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go work use: %v\n%s", err, out)
	}
	tidy(dir, false)
	return nil
}

// writeModule writes the plugin module's files into dir.
func writeModule(dir string, p params) error {
	files := map[string]*template.Template{
		"go.mod":                            goModTmpl,
		"main.go":                           mainTmpl,
		"instances.go":                      instancesTmpl,
		"instances_test.go":                 testTmpl,
		"README.md":                         readmeTmpl,
		filepath.Join(p.Name, p.Name+".go"): p.Kind.impl,
	}
	if err := os.MkdirAll(filepath.Join(dir, p.Name), 0o755); err != nil {
		return err
	}
	for rel, t := range files {
		var b bytes.Buffer
		if err := t.Execute(&b, p); err != nil {
			return fmt.Errorf("%s: %w", rel, err)
		}
		out := b.Bytes()
		if strings.HasSuffix(rel, ".go") {
			var err error
			if out, err = format.Source(out); err != nil {
				return fmt.Errorf("%s: generated code does not parse: %w", rel, err)
			}
		}
		if err := os.WriteFile(filepath.Join(dir, rel), out, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// tidy writes go.sum, which lets the module build on its own (GOWORK=off).
// In the workspace it builds without, so a failure there only warns; a
// module outside any workspace needs it.
func tidy(dir string, must bool) error {
	cmd := exec.Command("go", "mod", "tidy")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	out, err := cmd.CombinedOutput()
	switch {
	case err == nil:
		return nil
	case must:
		return fmt.Errorf("go mod tidy in %s: %v\n%s", dir, err, out)
	}
	fmt.Fprintf(os.Stderr, "newplugin: warning: go mod tidy in %s: %v\n%s", dir, err, out)
	return nil
}
