// Package csub builds a C submission written against the NIST PQC API
// (api.h, crypto_kem_* or crypto_sign*) into a plugin executable with the
// adapter module plugins/nistc. The submission's sources, in whatever
// subfolders, .c and .s/.S alike, are compiled with its own flags into a
// static library; cgo then links that library into the adapter, so Go's
// runtime files never see the submission's flags. Its build scripts and
// makefiles are never run; its randombytes (rng.c, randombytes.c) and
// drivers (files defining main) are left out.
package csub

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"crucible.dev/host/internal/plugin"
	"crucible.dev/host/internal/sandbox"
)

// Build is one build of a NIST-API submission into a plugin executable.
type Build struct {
	Root       string            // the workspace, which holds the adapter module plugins/nistc
	Src        string            // the submission's directory (one parameter set of one implementation), absolute
	Kind       string            // "kem" or "sig"
	Name       string            // plugin name: the executable is crucible-plugin-NAME
	Instance   string            // instance name; "" takes CRYPTO_ALGNAME
	Impl       string            // implementation name; "" takes it from Src's folders
	CFlags     string            // the submission's compiler flags; "" reads them from its Makefile
	KAT        string            // the shipped .rsp file; "" looks for it, "none" declares none
	KATSHA256  string            // a published SHA-256 of the .rsp file (PQClean's nistkat-sha256) declared instead of a file
	KATRecords int               // the records KATSHA256 covers
	Excludes   []string          // globs of sources to leave out
	Includes   []string          // globs of sources to compile all the same
	Log        io.Writer         // progress and warnings
	Rules      *Rules            // the adapter and what it supplies; nil: NISTRules
	Box        *sandbox.Launcher // runs every step that reads the submission's files (box.go)
	Cache      string            // the plugin cache whose shared Go build cache the link reads; "" for <Root>/.cache/plugins

	Files     []string // sources compiled into the library, relative to Src
	Replaced  []string // left out, with why
	FlagsFrom string   // where CFlags came from
	KATFile   string   // the shipped .rsp file declared, absolute; "" for none
	KATCount  int      // its records
	AlgName   string   // api.h's CRYPTO_ALGNAME
	copied    []string // every file copied into the build, relative to Src
	leftOut   []leftOut
	objects   []objFile
	api       *api
}

// Run builds the executable in outDir and returns its path; keep leaves
// the build directory in place and says where it is. The compiler
// commands go to outDir/build-NAME.log.
func (b *Build) Run(outDir string, keep bool) (string, error) {
	if err := b.collect(); err != nil {
		return "", err
	}
	if len(b.Files) == 0 {
		return "", fmt.Errorf("%s: no C or assembly sources to compile", b.Src)
	}
	a, err := b.readAPI()
	if err != nil {
		return "", err
	}
	b.api, b.AlgName = a, a.AlgName
	if err := b.names(); err != nil {
		return "", err
	}
	b.flags()
	if err := b.findKAT(); err != nil {
		return "", err
	}
	dir, err := os.MkdirTemp("", "crucible-nistc-"+b.Name+"-")
	if err != nil {
		return "", err
	}
	if keep {
		fmt.Fprintf(b.Log, "build directory: %s\n", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return "", err
	}
	var cmds bytes.Buffer
	logPath := filepath.Join(outDir, "build-"+b.Name+".log")
	defer func() { os.WriteFile(logPath, cmds.Bytes(), 0o644) }()
	if err := b.prepare(dir); err != nil {
		return "", err
	}
	if err := b.compileLibrary(dir, &cmds); err != nil {
		return "", fmt.Errorf("%w\n(every compiler command: %s)", err, logPath)
	}
	if err := b.checkDuplicates(); err != nil {
		return "", err
	}
	if err := b.writeGenerated(dir); err != nil {
		return "", err
	}
	bin, err := filepath.Abs(filepath.Join(outDir, plugin.BinaryPrefix+b.Name))
	if err != nil {
		return "", err
	}
	// Go's default C flags for the adapter and the generated zapi.c; the
	// submission's -D and -I flags too, which api.h may need.
	cflags := strings.TrimSpace("-O2 -g " + b.apiFlags())
	fmt.Fprintf(&cmds, "(cd %s && GOWORK=off CGO_CFLAGS=%q go build -trimpath -tags nistc_%s -o %s/%s .)\n", dir, cflags, b.Kind, outDir, filepath.Base(bin))
	if o, err := b.Link(dir, "nistc_"+b.Kind, cflags, bin); err != nil {
		fmt.Fprintf(&cmds, "%s\n", o)
		return "", b.LinkError(err, o, dir, logPath)
	}
	return bin, nil
}

// apiFlags are the submission's -D, -U and -I flags, for compiling api.h
// into zapi.c.
func (b *Build) apiFlags() string {
	var out []string
	for _, f := range strings.Fields(b.CFlags) {
		if strings.HasPrefix(f, "-D") || strings.HasPrefix(f, "-U") {
			out = append(out, f)
		}
	}
	return strings.Join(out, " ")
}

// checkDuplicates fails on a global symbol two of the submission's files
// define, or one that Crucible's adapter defines, naming the files and the
// --exclude to use; the linker would say it later, naming the adapter's
// file and not which of the submission's to leave out.
func (b *Build) checkDuplicates() error {
	r := b.rules()
	var notes, supplied []string
	defs := b.definedSymbols()
	bySource := map[string][]string{}
	var syms []string
	for s := range defs {
		syms = append(syms, s)
	}
	sort.Strings(syms)
	for _, s := range syms {
		where := defs[s]
		switch {
		case r.Symbols[s] != "":
			for _, f := range where {
				if len(bySource[f]) == 0 {
					supplied = append(supplied, f)
				}
				bySource[f] = append(bySource[f], s)
			}
		case len(where) > 1:
			notes = append(notes, fmt.Sprintf("%s is defined in %s: --exclude all but one (--exclude %s keeps %s)", s, strings.Join(where, " and "), strings.Join(where[1:], " --exclude "), where[0]))
		}
	}
	sort.Strings(supplied)
	for i, f := range supplied {
		s := bySource[f]
		supplied[i] = fmt.Sprintf("%s defines %s, which Crucible supplies (%s): --exclude %s", f, strings.Join(s, ", "), r.Symbols[s[0]], f)
	}
	if notes = append(supplied, notes...); len(notes) > 0 {
		return fmt.Errorf("duplicate symbols:\n  %s", strings.Join(notes, "\n  "))
	}
	return nil
}

// prepare fills dir with the adapter module and the submission's files
// under sub/.
func (b *Build) prepare(dir string) error {
	// The build box's uid reads it (os.MkdirTemp made it the host's
	// alone); only its obj and out folders are ever writable to it.
	if err := os.Chmod(dir, 0o755); err != nil {
		return err
	}
	if err := CopyAdapter(filepath.Join(b.Root, "plugins", b.rules().Adapter), dir); err != nil {
		return err
	}
	edit := exec.Command("go", "mod", "edit", "-replace", "crucible.dev/registry="+filepath.Join(b.Root, "registry"),
		"-replace", "crucible.dev/registry/eval="+filepath.Join(b.Root, "registry", "eval"))
	edit.Dir = dir
	edit.Env = append(os.Environ(), "GOWORK=off")
	if o, err := edit.CombinedOutput(); err != nil {
		return fmt.Errorf("go mod edit: %v\n%s", err, o)
	}
	for _, rel := range b.copied {
		dst := filepath.Join(dir, "sub", filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := copyFile(filepath.Join(b.Src, filepath.FromSlash(rel)), dst); err != nil {
			return err
		}
	}
	return nil
}

// writeGenerated writes zapi.c (the API's names and sizes) and
// zsubmission.go (the build's description and the library to link).
func (b *Build) writeGenerated(dir string) error {
	if err := os.WriteFile(filepath.Join(dir, "zapi.c"), b.api.zapi(b.Kind), 0o644); err != nil {
		return err
	}
	digest, err := b.Digest()
	if err != nil {
		return err
	}
	katDigest, katOrigin := b.KATSHA256, "published digest given as --kat-sha256"
	if b.KATFile != "" {
		data, err := os.ReadFile(b.KATFile)
		if err != nil {
			return err
		}
		d := sha256.Sum256(data)
		katDigest = hex.EncodeToString(d[:])
		katOrigin = b.KATFile
		if rel, err := filepath.Rel(filepath.Dir(b.Src), b.KATFile); err == nil {
			katOrigin = rel
		}
	}
	inc := strings.Join(b.includeFlags("-I${SRCDIR}/sub"), " ")
	var g bytes.Buffer
	fmt.Fprintf(&g, "//go:build nistc_kem || nistc_sig\n\n// Code generated by host build-c; DO NOT EDIT.\n\npackage main\n\n")
	fmt.Fprintf(&g, "// #cgo CFLAGS: -I${SRCDIR} %s\n// #cgo LDFLAGS: ${SRCDIR}/"+LibraryAt+"\nimport \"C\"\n\n", inc)
	if err := embedKAT(dir, b.KATFile, &g); err != nil {
		return err
	}
	fmt.Fprintf(&g, "func init() {\n\tbuild = buildInfo{\n")
	fmt.Fprintf(&g, "\t\tPlugin: %q, Instance: %q, Impl: %q, Kind: %q,\n", b.Name, b.Instance, b.Impl, b.Kind)
	fmt.Fprintf(&g, "\t\tSource: %q, Digest: %q,\n", b.Src, digest)
	fmt.Fprintf(&g, "\t\tFiles: %#v,\n\t\tReplaced: %#v,\n", b.Files, b.Replaced)
	fmt.Fprintf(&g, "\t\tCFlags: %q, Compiler: %q,\n", b.CFlags, compilerVersion(b.cc()))
	fmt.Fprintf(&g, "\t\tKATRecords: %d, KATDigest: %q, KATOrigin: %q, KATData: shippedKAT, KATSource: %q,\n\t}\n}\n", b.KATCount, katDigest, katOrigin, b.KATSource())
	return os.WriteFile(filepath.Join(dir, "zsubmission.go"), g.Bytes(), 0o644)
}

// compilerVersion is the first line of the C compiler's --version.
func compilerVersion(cc string) string {
	v, err := exec.Command(cc, "--version").Output()
	if err != nil {
		return cc
	}
	line, _, _ := strings.Cut(string(v), "\n")
	return strings.TrimSpace(line)
}

// CopyAdapter copies an adapter module's sources (not its tests or
// testdata) into a build directory: the module a submission's C code is
// compiled beside.
func CopyAdapter(adapter, dir string) error {
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
			if err := copyFile(filepath.Join(adapter, n), filepath.Join(dir, n)); err != nil {
				return err
			}
		}
	}
	return nil
}

func copyFile(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, data, 0o644)
}
