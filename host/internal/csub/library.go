package csub

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Library prepares dir for an adapter other than build-c's own and builds
// the submission there, as build-c does: the adapter module of b.Rules
// copied in, the submission's files under sub/, its sources compiled with
// its own flags (CFlags, else its Makefile's) into dir/obj/libsubmission.a,
// and no global symbol defined twice or by the adapter as well. Every
// compiler command is appended to cmds; logPath is where the caller
// writes them, which a failure names.
func (b *Build) Library(dir string, cmds *bytes.Buffer, logPath string) error {
	if err := b.collect(); err != nil {
		return err
	}
	if len(b.Files) == 0 {
		return fmt.Errorf("%s: no C or assembly sources to compile", b.Src)
	}
	b.flags()
	if opt := b.rules().OptFlag; opt != "" && !hasOptLevel(b.CFlags) {
		b.CFlags = strings.TrimSpace(opt + " " + b.CFlags)
	}
	if err := b.prepare(dir); err != nil {
		return err
	}
	if err := b.compileLibrary(dir, cmds); err != nil {
		return fmt.Errorf("%w\n(every compiler command: %s)", err, logPath)
	}
	return b.checkDuplicates()
}

// hasOptLevel reports whether flags choose an optimisation level.
func hasOptLevel(flags string) bool {
	for _, f := range strings.Fields(flags) {
		if strings.HasPrefix(f, "-O") {
			return true
		}
	}
	return false
}

// Digest is the SHA-256 over the paths and contents of the files copied
// into the build and the submission's flags: what the plugin reports its
// code was built from.
func (b *Build) Digest() (string, error) {
	h := sha256.New()
	for _, rel := range b.copied {
		data, err := os.ReadFile(filepath.Join(b.Src, filepath.FromSlash(rel)))
		if err != nil {
			return "", fmt.Errorf("digest of %s: %w", rel, err)
		}
		fmt.Fprintf(h, "%s %d\n", rel, len(data))
		h.Write(data)
	}
	fmt.Fprintf(h, "cflags %s\n", b.CFlags)
	return hex.EncodeToString(h.Sum(nil)), nil
}

// LinkError explains a failed go build of the adapter with the library:
// the first lines of out, with the build directory's paths shortened and
// any line too long to read (the linker's command) cut, then what the
// submitter can act on. The whole of out belongs in logPath.
func (b *Build) LinkError(err error, out []byte, dir, logPath string) error {
	return fmt.Errorf("linking %s with the adapter: %v\n%s%s\n(full output: %s)", b.Src, err, shortLog(string(out), dir), b.diagnose(string(out)), logPath)
}

// CompilerVersion is the first line of the C compiler's --version: the
// compiler the library was built with.
func (b *Build) CompilerVersion() string {
	return compilerVersion(b.cc())
}
