// Package ngcc builds an NGCC C submission (the NICCS KEM or KEX API) into a
// plugin executable with the adapter module plugins/ngcc. It compiles the
// submission as build-c compiles a NIST one (package csub): its .c, .s and
// .S files, in whatever folders, with its own flags into a static library
// that cgo links into the adapter, so Go's runtime and the adapter never
// see those flags. Its build scripts and makefiles are never run, and the
// files Crucible supplies itself (the ICCS KAT driver, drng.c, auxfunc.c,
// randombytes.c and their headers) are left out.
package ngcc

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"path/filepath"
	"regexp"

	"crucible.dev/host/internal/csub"
	"crucible.dev/host/internal/plugin"
	"crucible.dev/host/internal/sandbox"
)

// SafeName is what plugin and instance names may contain.
var SafeName = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// iccsSupplied is what the adapter's niccs.c defines for the submission.
const iccsSupplied = "the ICCS helpers and DRNG, from crucible.dev/registry/iccs"

// Rules are the NICCS API's: the adapter plugins/ngcc supplies the ICCS
// helpers and DRNG, so the package's copies are left out by name, and a
// file defining their functions under another name is reported with the
// --exclude that leaves it out.
var Rules = &csub.Rules{
	Adapter: "ngcc",
	API:     "the NICCS %s API (KEM_AlgorithmInstance.h or KEX_AlgorithmInstance.h)",
	Funcs: map[string][]string{
		"kem": {"kem_get_pk_len_bytes", "kem_get_sk_len_bytes", "kem_get_ss_len_bytes", "kem_get_ct_len_bytes", "kem_keygen", "kem_enc", "kem_dec"},
		"kex": {"kex_init_a", "kex_init_b", "kex_generate_pass1_msg_a", "kex_generate_pass2_msg_b", "kex_generate_pass3_msg_a",
			"kex_generate_pass4_msg_b", "kex_derive_ss_a", "kex_derive_ss_b"},
	},
	Files: map[string]string{
		"drng.c":        "the ICCS DRNG, supplied from crucible.dev/registry/iccs",
		"drng.h":        "the ICCS DRNG header, supplied by plugins/ngcc",
		"auxfunc.c":     "the ICCS helpers, supplied from crucible.dev/registry/iccs",
		"auxfunc.h":     "the ICCS helpers' header, supplied by plugins/ngcc",
		"randombytes.c": "the submission's randomness, replaced by drng_algorithm",
	},
	Symbols: map[string]string{
		"init_random_number": iccsSupplied,
		"get_random_number":  iccsSupplied,
		"sm3hash":            iccsSupplied,
		"pseudoXOF":          iccsSupplied,
		"pseudohash":         iccsSupplied,
	},
	Foreign: map[string]string{
		"crypto_kem_keypair":  "the NIST PQC API's: use host build-c --api nist",
		"crypto_sign_keypair": "the NIST PQC API's: use host build-c --api nist",
	},
	Headers: true,
	// cgo compiled the submission with -O2 before it had a library of its
	// own; flags without a level keep that, so timings stay comparable.
	OptFlag: "-O2",
}

// Build is one build of a submission into a plugin executable.
type Build struct {
	Root     string            // the workspace, which holds the adapter module plugins/ngcc
	Src      string            // the submission's directory, absolute
	Kind     string            // "kem" or "kex": which NICCS API it implements
	Name     string            // plugin name: the executable is crucible-plugin-NAME
	Instance string            // catalog instance name it serves as
	CFlags   string            // the submission's compiler flags; "" reads them from its Makefile
	Records  int               // records of the NGCC KAT file the plugin generates
	Excludes []string          // globs of sources to leave out
	Includes []string          // globs of sources to compile all the same
	Log      io.Writer         // progress and warnings
	Box      *sandbox.Launcher // runs every step of the build in a build box
	Cache    string            // the plugin cache whose shared Go build cache the link reads; "" for <Root>/.cache/plugins

	Files     []string // sources compiled, relative to Src
	Replaced  []string // left out, with why
	FlagsFrom string   // where CFlags came from
	LogPath   string   // the file holding every compiler command and the link's output
}

// Run builds the executable in outDir and returns its path; keep leaves
// the build directory in place and says where it is. The compiler
// commands go to outDir/build-NAME.log.
func (b *Build) Run(outDir string, keep bool) (string, error) {
	lib := &csub.Build{
		Root: b.Root, Src: b.Src, Kind: b.Kind, Name: b.Name, CFlags: b.CFlags,
		Excludes: b.Excludes, Includes: b.Includes, Log: b.Log, Rules: Rules, Box: b.Box, Cache: b.Cache,
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
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return "", err
	}
	var cmds bytes.Buffer
	b.LogPath = filepath.Join(outDir, "build-"+b.Name+".log")
	defer func() { os.WriteFile(b.LogPath, cmds.Bytes(), 0o644) }()
	err = lib.Library(dir, &cmds, b.LogPath)
	b.Files, b.Replaced, b.CFlags, b.FlagsFrom = lib.Files, lib.Replaced, lib.CFlags, lib.FlagsFrom
	if err != nil {
		return "", err
	}
	if err := b.writeGenerated(dir, lib); err != nil {
		return "", err
	}
	bin, err := filepath.Abs(filepath.Join(outDir, plugin.BinaryPrefix+b.Name))
	if err != nil {
		return "", err
	}
	// Go's default C flags for its runtime and the adapter: the
	// submission's flags reached its library only.
	fmt.Fprintf(&cmds, "(cd %s && GOWORK=off CGO_CFLAGS='-O2 -g' go build -trimpath -tags ngcc_%s -o out/%s .)\n", dir, b.Kind, filepath.Base(bin))
	if o, err := lib.Link(dir, "ngcc_"+b.Kind, "-O2 -g", bin); err != nil {
		fmt.Fprintf(&cmds, "%s\n", o)
		return "", lib.LinkError(err, o, dir, b.LogPath)
	}
	return bin, nil
}

// writeGenerated writes zsubmission.go: the library to link and the
// build's description.
func (b *Build) writeGenerated(dir string, lib *csub.Build) error {
	digest, err := lib.Digest()
	if err != nil {
		return err
	}
	var g bytes.Buffer
	fmt.Fprintf(&g, "//go:build ngcc_kem || ngcc_kex\n\n// Code generated by host build-ngcc; DO NOT EDIT.\n\npackage main\n\n")
	fmt.Fprintf(&g, "// #cgo CFLAGS: -I${SRCDIR}\n// #cgo LDFLAGS: ${SRCDIR}/%s\nimport \"C\"\n\n", csub.LibraryAt)
	fmt.Fprintf(&g, "func init() {\n\tbuild = buildInfo{\n")
	fmt.Fprintf(&g, "\t\tPlugin: %q, Instance: %q, Kind: %q, KATRecords: %d,\n", b.Name, b.Instance, b.Kind, b.Records)
	fmt.Fprintf(&g, "\t\tSource: %q, Digest: %q,\n", b.Src, digest)
	fmt.Fprintf(&g, "\t\tFiles: %#v,\n\t\tReplaced: %#v,\n", b.Files, b.Replaced)
	fmt.Fprintf(&g, "\t\tCFlags: %q, Compiler: %q,\n\t}\n}\n", b.CFlags, lib.CompilerVersion())
	return os.WriteFile(filepath.Join(dir, "zsubmission.go"), g.Bytes(), 0o644)
}
