package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"crucible.dev/host/internal/plugin"
)

func init() {
	register("build-ngcc", "build an NGCC C submission (NICCS KEM or KEX API) into a plugin executable", cmdBuildNGCC)
}

// cmdBuildNGCC compiles a submission's C sources with the adapter module
// plugins/ngcc into crucible-plugin-NAME. It compiles the .c files only:
// the submission's build scripts and makefiles are never run, and the
// files Crucible supplies itself (the ICCS KAT driver, drng.c, auxfunc.c,
// randombytes.c and their headers) are left out.
func cmdBuildNGCC(args []string) error {
	set := flag.NewFlagSet("build-ngcc", flag.ContinueOnError)
	kind := set.String("kind", "", "the submission's API: kem (KEM_AlgorithmInstance.h) or kex (KEX_AlgorithmInstance.h)")
	src := set.String("src", "", "the submission's directory: its C sources and headers, e.g. one parameter set's src/")
	name := set.String("name", "", "plugin name: the executable is crucible-plugin-NAME")
	out := set.String("out", "", "plugin directory to write the executable to (default <workspace>/.cache/ngcc)")
	instance := set.String("instance", "", "catalog instance name to serve it as (default NAME); the catalog's KAT digests for that name are checked")
	cflags := set.String("cflags", "", "C compiler flags for the submission, e.g. -DSECURITY_LEVEL=128")
	records := set.Int("kat-records", 10, "records of the NGCC KAT file the plugin generates (0: declare no KAT)")
	var excludes, includes listFlag
	set.Var(&excludes, "exclude", "leave out sources whose path under --src matches this glob, e.g. 'tests/*' (repeatable)")
	set.Var(&includes, "include", "compile a source the rules above leave out whose path under --src matches this glob, e.g. a randombytes.c some code still references (repeatable)")
	keep := set.Bool("keep", false, "keep the build directory and print where it is")
	if err := set.Parse(args); err != nil {
		return &exitError{2, nil}
	}
	switch {
	case set.NArg() > 0:
		return usageErr("build-ngcc: unexpected arguments %q", set.Args())
	case *kind != "kem" && *kind != "kex":
		return usageErr("build-ngcc: --kind must be kem or kex")
	case *src == "":
		return usageErr("build-ngcc: --src DIR is required")
	case !safeName.MatchString(*name):
		return usageErr("build-ngcc: --name %q: letters, digits, '-' and '_' only", *name)
	case *records < 0:
		return usageErr("build-ngcc: --kat-records must be 0 or more")
	}
	if *instance == "" {
		*instance = *name
	}
	if !safeName.MatchString(*instance) {
		return usageErr("build-ngcc: --instance %q: letters, digits, '-' and '_' only", *instance)
	}
	root, err := plugin.Workspace(".")
	if err != nil {
		return usageErr("build-ngcc: %v (the adapter module plugins/ngcc is built from the workspace)", err)
	}
	if *out == "" {
		*out = filepath.Join(root, ".cache", "ngcc")
	}
	b := ngccBuild{
		root: root, kind: *kind, name: *name, instance: *instance,
		cflags: *cflags, records: *records, excludes: excludes, includes: includes, log: os.Stderr,
	}
	if b.src, err = filepath.Abs(*src); err != nil {
		return usageErr("build-ngcc: %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "plugins", *name, "go.mod")); err == nil {
		fmt.Fprintf(os.Stderr, "build-ngcc: warning: plugins/%s is a workspace plugin; in a run with --plugin-dir %s this executable takes its place\n", *name, *out)
	}
	bin, err := b.run(*out, *keep)
	if err != nil {
		return &exitError{1, fmt.Errorf("build-ngcc: %w", err)}
	}
	fmt.Printf("built %s: instance %s/ngcc-c (%s), %d C files compiled\n", bin, *instance, *kind, len(b.files))
	for _, r := range b.replaced {
		fmt.Printf("  left out %s\n", r)
	}
	fmt.Printf("run it: go run ./host run --plugin-dir %s --suite %s\n", filepath.Dir(bin), *name)
	return nil
}

// safeName is what plugin and instance names may contain.
var safeName = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// safePath is what a submission's file paths may contain: they end up in
// #include lines and -I flags, which cgo checks.
var safePath = regexp.MustCompile(`^[A-Za-z0-9_.+/-]+$`)

// mainFunc finds a C file that defines main: a driver or test program.
var mainFunc = regexp.MustCompile(`(?m)^[ \t]*(?:int|void)[ \t]+main[ \t]*\(`)

// ngccReplaced names the files of the ICCS submission package that
// Crucible supplies itself, with why.
var ngccReplaced = map[string]string{
	"drng.c":        "the ICCS DRNG, supplied from crucible.dev/registry/iccs",
	"drng.h":        "the ICCS DRNG header, supplied by plugins/ngcc",
	"auxfunc.c":     "the ICCS helpers, supplied from crucible.dev/registry/iccs",
	"auxfunc.h":     "the ICCS helpers' header, supplied by plugins/ngcc",
	"randombytes.c": "the submission's randomness, replaced by drng_algorithm",
}

// ngccBuild is one build-ngcc run.
type ngccBuild struct {
	root, src, kind, name, instance, cflags string
	records                                 int
	excludes, includes                      []string
	log                                     io.Writer

	files    []string // C sources compiled, relative to src
	headers  []string // headers copied, relative to src
	replaced []string // left out, with why
}

// run builds the executable in outDir and returns its path.
func (b *ngccBuild) run(outDir string, keep bool) (string, error) {
	if err := b.collect(); err != nil {
		return "", err
	}
	if len(b.files) == 0 {
		return "", fmt.Errorf("%s: no C sources to compile", b.src)
	}
	dir, err := os.MkdirTemp("", "crucible-ngcc-"+b.name+"-")
	if err != nil {
		return "", err
	}
	if keep {
		fmt.Fprintf(b.log, "build directory: %s\n", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	if err := b.prepare(dir); err != nil {
		return "", err
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return "", err
	}
	bin, err := filepath.Abs(filepath.Join(outDir, plugin.BinaryPrefix+b.name))
	if err != nil {
		return "", err
	}
	tmp := bin + ".tmp"
	cmd := exec.Command("go", "build", "-trimpath", "-tags", "ngcc_"+b.kind, "-o", tmp, ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "CGO_ENABLED=1", "CGO_CFLAGS="+b.cgoCFlags())
	if o, err := cmd.CombinedOutput(); err != nil {
		os.Remove(tmp)
		return "", fmt.Errorf("go build of %s: %v\n%s", b.src, err, o)
	}
	return bin, os.Rename(tmp, bin)
}

// cgoCFlags are Go's default C flags and the submission's.
func (b *ngccBuild) cgoCFlags() string {
	return strings.TrimSpace("-O2 -g " + b.cflags)
}

// collect sorts the submission's files into compiled sources, headers and
// the files Crucible supplies itself.
func (b *ngccBuild) collect() error {
	return filepath.WalkDir(b.src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(b.src, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if p != b.src && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		ext := path.Ext(rel)
		if ext != ".c" && ext != ".h" {
			return nil
		}
		included := false
		for _, g := range b.includes {
			if ok, _ := path.Match(g, rel); ok {
				included = true
			}
		}
		if why, ok := ngccReplaced[d.Name()]; ok && !included {
			b.replaced = append(b.replaced, rel+" ("+why+")")
			return nil
		}
		for _, g := range b.excludes {
			if ok, _ := path.Match(g, rel); ok {
				b.replaced = append(b.replaced, rel+" (--exclude "+g+")")
				return nil
			}
		}
		if !safePath.MatchString(rel) {
			return fmt.Errorf("%s: path has characters an #include or -I flag cannot carry; rename it or --exclude it", rel)
		}
		if ext == ".h" {
			b.headers = append(b.headers, rel)
			return nil
		}
		text, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if mainFunc.Match(text) && !included {
			b.replaced = append(b.replaced, rel+" (defines main: a driver or test program; Crucible's KAT writers and benchmarks replace it)")
			return nil
		}
		b.files = append(b.files, rel)
		return nil
	})
}

// prepare fills dir with the adapter module, the submission's files under
// sub/, one wrapper per C source (cgo compiles the package directory's .c
// files only) and zsubmission.go describing the build.
func (b *ngccBuild) prepare(dir string) error {
	adapter := filepath.Join(b.root, "plugins", "ngcc")
	ents, err := os.ReadDir(adapter)
	if err != nil {
		return fmt.Errorf("the adapter module: %w", err)
	}
	for _, e := range ents {
		n := e.Name()
		if e.IsDir() || strings.HasSuffix(n, "_test.go") {
			continue
		}
		switch filepath.Ext(n) {
		case ".go", ".c", ".h", ".mod", ".sum":
			if err := copyAdapterFile(filepath.Join(adapter, n), filepath.Join(dir, n)); err != nil {
				return err
			}
		}
	}
	edit := exec.Command("go", "mod", "edit", "-replace", "crucible.dev/registry="+filepath.Join(b.root, "registry"))
	edit.Dir = dir
	edit.Env = append(os.Environ(), "GOWORK=off")
	if o, err := edit.CombinedOutput(); err != nil {
		return fmt.Errorf("go mod edit: %v\n%s", err, o)
	}
	h := sha256.New()
	incDirs := map[string]bool{}
	all := append(append([]string(nil), b.files...), b.headers...)
	sort.Strings(all)
	for _, rel := range all {
		data, err := os.ReadFile(filepath.Join(b.src, filepath.FromSlash(rel)))
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s %d\n", rel, len(data))
		h.Write(data)
		dst := filepath.Join(dir, "sub", filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			return err
		}
		if path.Ext(rel) == ".h" {
			incDirs[path.Dir(rel)] = true
		}
	}
	for i, rel := range b.files {
		w := fmt.Sprintf("// The submission's %s (generated by host build-ngcc).\n#include \"sub/%s\"\n", rel, rel)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("zsrc%03d.c", i)), []byte(w), 0o644); err != nil {
			return err
		}
	}
	// Crucible's drng.h and auxfunc.h come first; then every directory of
	// the submission that holds headers, for includes that name a header
	// without its directory.
	inc := []string{"-I${SRCDIR}"}
	var dirs []string
	for d := range incDirs {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	for _, d := range dirs {
		inc = append(inc, "-I${SRCDIR}/"+path.Clean("sub/"+d))
	}
	fmt.Fprintf(h, "cflags %s\n", b.cgoCFlags())
	var g bytes.Buffer
	fmt.Fprintf(&g, "//go:build ngcc_kem || ngcc_kex\n\n// Code generated by host build-ngcc; DO NOT EDIT.\n\npackage main\n\n")
	fmt.Fprintf(&g, "// #cgo CFLAGS: %s\nimport \"C\"\n\n", strings.Join(inc, " "))
	fmt.Fprintf(&g, "func init() {\n\tbuild = buildInfo{\n")
	fmt.Fprintf(&g, "\t\tPlugin: %q, Instance: %q, Kind: %q, KATRecords: %d,\n", b.name, b.instance, b.kind, b.records)
	fmt.Fprintf(&g, "\t\tSource: %q, Digest: %q,\n", b.src, hex.EncodeToString(h.Sum(nil)))
	fmt.Fprintf(&g, "\t\tFiles: %#v,\n\t\tReplaced: %#v,\n", b.files, b.replaced)
	fmt.Fprintf(&g, "\t\tCFlags: %q, Compiler: %q,\n\t}\n}\n", b.cgoCFlags(), compilerVersion())
	return os.WriteFile(filepath.Join(dir, "zsubmission.go"), g.Bytes(), 0o644)
}

// compilerVersion is the first line of the cgo C compiler's --version.
func compilerVersion() string {
	cc, err := exec.Command("go", "env", "CC").Output()
	if err != nil {
		return "unknown"
	}
	v, err := exec.Command(strings.TrimSpace(string(cc)), "--version").Output()
	if err != nil {
		return strings.TrimSpace(string(cc))
	}
	line, _, _ := strings.Cut(string(v), "\n")
	return strings.TrimSpace(line)
}

func copyAdapterFile(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, data, 0o644)
}
