// Package ngcc builds an NGCC C submission (the NICCS KEM or KEX API) into a
// plugin executable with the adapter module plugins/ngcc. It compiles the
// submission's .c files only: its build scripts and makefiles are never
// run, and the files Crucible supplies itself (the ICCS KAT driver, drng.c,
// auxfunc.c, randombytes.c and their headers) are left out.
package ngcc

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
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

	"crucible.dev/host/internal/csub"
	"crucible.dev/host/internal/plugin"
)

// SafeName is what plugin and instance names may contain.
var SafeName = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

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

// Build is one build of a submission into a plugin executable.
type Build struct {
	Root     string    // the workspace, which holds the adapter module plugins/ngcc
	Src      string    // the submission's directory, absolute
	Kind     string    // "kem" or "kex": which NICCS API it implements
	Name     string    // plugin name: the executable is crucible-plugin-NAME
	Instance string    // catalog instance name it serves as
	CFlags   string    // C compiler flags for the submission
	Records  int       // records of the NGCC KAT file the plugin generates
	Excludes []string  // globs of sources to leave out
	Includes []string  // globs of sources to compile all the same
	Log      io.Writer // the compiler's messages

	Files    []string // C sources compiled, relative to Src
	headers  []string // headers copied, relative to Src
	Replaced []string // left out, with why
}

// Run builds the executable in outDir and returns its path; keep leaves
// the build directory in place and says where it is.
func (b *Build) Run(outDir string, keep bool) (string, error) {
	if err := b.collect(); err != nil {
		return "", err
	}
	if len(b.Files) == 0 {
		return "", fmt.Errorf("%s: no C sources to compile", b.Src)
	}
	dir, err := os.MkdirTemp("", "crucible-ngcc-"+b.Name+"-")
	if err != nil {
		return "", err
	}
	if keep {
		fmt.Fprintf(b.Log, "build directory: %s\n", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	if err := b.prepare(dir); err != nil {
		return "", err
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return "", err
	}
	bin, err := filepath.Abs(filepath.Join(outDir, plugin.BinaryPrefix+b.Name))
	if err != nil {
		return "", err
	}
	tmp := bin + ".tmp"
	cmd := exec.Command("go", "build", "-trimpath", "-tags", "ngcc_"+b.Kind, "-o", tmp, ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "CGO_ENABLED=1", "CGO_CFLAGS="+b.cgoCFlags())
	if o, err := cmd.CombinedOutput(); err != nil {
		os.Remove(tmp)
		return "", fmt.Errorf("go build of %s: %v\n%s", b.Src, err, o)
	}
	return bin, os.Rename(tmp, bin)
}

// cgoCFlags are Go's default C flags and the submission's.
func (b *Build) cgoCFlags() string {
	return strings.TrimSpace("-O2 -g " + b.CFlags)
}

// collect sorts the submission's files into compiled sources, headers and
// the files Crucible supplies itself.
func (b *Build) collect() error {
	return filepath.WalkDir(b.Src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(b.Src, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if p != b.Src && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		ext := path.Ext(rel)
		if ext != ".c" && ext != ".h" {
			return nil
		}
		included := false
		for _, g := range b.Includes {
			if ok, _ := path.Match(g, rel); ok {
				included = true
			}
		}
		if why, ok := ngccReplaced[d.Name()]; ok && !included {
			b.Replaced = append(b.Replaced, rel+" ("+why+")")
			return nil
		}
		for _, g := range b.Excludes {
			if ok, _ := path.Match(g, rel); ok {
				b.Replaced = append(b.Replaced, rel+" (--exclude "+g+")")
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
			b.Replaced = append(b.Replaced, rel+" (defines main: a driver or test program; Crucible's KAT writers and benchmarks replace it)")
			return nil
		}
		b.Files = append(b.Files, rel)
		return nil
	})
}

// prepare fills dir with the adapter module, the submission's files under
// sub/, one wrapper per C source (cgo compiles the package directory's .c
// files only) and zsubmission.go describing the build.
func (b *Build) prepare(dir string) error {
	if err := csub.CopyAdapter(filepath.Join(b.Root, "plugins", "ngcc"), dir); err != nil {
		return err
	}
	edit := exec.Command("go", "mod", "edit", "-replace", "crucible.dev/registry="+filepath.Join(b.Root, "registry"))
	edit.Dir = dir
	edit.Env = append(os.Environ(), "GOWORK=off")
	if o, err := edit.CombinedOutput(); err != nil {
		return fmt.Errorf("go mod edit: %v\n%s", err, o)
	}
	h := sha256.New()
	incDirs := map[string]bool{}
	all := append(append([]string(nil), b.Files...), b.headers...)
	sort.Strings(all)
	for _, rel := range all {
		data, err := os.ReadFile(filepath.Join(b.Src, filepath.FromSlash(rel)))
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
	for i, rel := range b.Files {
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
	fmt.Fprintf(&g, "\t\tPlugin: %q, Instance: %q, Kind: %q, KATRecords: %d,\n", b.Name, b.Instance, b.Kind, b.Records)
	fmt.Fprintf(&g, "\t\tSource: %q, Digest: %q,\n", b.Src, hex.EncodeToString(h.Sum(nil)))
	fmt.Fprintf(&g, "\t\tFiles: %#v,\n\t\tReplaced: %#v,\n", b.Files, b.Replaced)
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
