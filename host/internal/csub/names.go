package csub

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// names fills in the instance name from CRYPTO_ALGNAME and the
// implementation name from the NIST package's folders when not given.
func (b *Build) names() error {
	if b.Instance == "" {
		if b.AlgName == "" {
			return fmt.Errorf("%s has no CRYPTO_ALGNAME: name the instance with --instance", b.api.rel)
		}
		b.Instance = unsafeChars.ReplaceAllString(b.AlgName, "_")
		if b.Instance != b.AlgName {
			fmt.Fprintf(b.Log, "build-c: CRYPTO_ALGNAME %q served as instance %q (letters, digits, '-' and '_' only); --instance names it otherwise\n", b.AlgName, b.Instance)
		}
	}
	if b.Impl == "" {
		b.Impl = implName(b.Src)
	}
	if !SafeName.MatchString(b.Instance) {
		return fmt.Errorf("--instance %q: letters, digits, '-' and '_' only", b.Instance)
	}
	if !SafeName.MatchString(b.Impl) {
		return fmt.Errorf("--impl %q: letters, digits, '-' and '_' only", b.Impl)
	}
	return nil
}

var unsafeChars = regexp.MustCompile(`[^A-Za-z0-9_-]`)

// implName names an implementation after the NIST package's folder that
// holds it: Reference_Implementation is "ref", Optimized_Implementation
// "opt", Additional_Implementations/<name> is <name>; any other source is
// named after its own folder.
func implName(src string) string {
	parts := strings.Split(filepath.ToSlash(filepath.Clean(src)), "/")
	for i, p := range parts {
		switch {
		case strings.EqualFold(p, "Reference_Implementation"):
			return "ref"
		case strings.EqualFold(p, "Optimized_Implementation"), strings.EqualFold(p, "Optimised_Implementation"):
			return "opt"
		case strings.EqualFold(p, "Additional_Implementations") && i+1 < len(parts):
			return unsafeChars.ReplaceAllString(parts[i+1], "_")
		}
	}
	return unsafeChars.ReplaceAllString(parts[len(parts)-1], "_")
}

// makeCFlags finds "CFLAGS = ..." and "CFLAGS += ..." lines of a Makefile.
var makeCFlags = regexp.MustCompile(`^[ \t]*CFLAGS[ \t]*(?:\+|:|\?)?=(.*)$`)

// flags reads the submission's compiler flags from the Makefile in Src or
// its parent when none were given: the CFLAGS assignments, without any
// word that refers to another make variable or runs a command.
func (b *Build) flags() {
	if b.CFlags != "" {
		b.FlagsFrom = "--cflags"
		return
	}
	for _, d := range []string{b.Src, filepath.Dir(b.Src)} {
		for _, name := range []string{"Makefile", "makefile", "GNUmakefile"} {
			data, err := os.ReadFile(filepath.Join(d, name))
			if err != nil {
				continue
			}
			var words []string
			// A backslash at the end of a line continues it.
			data = bytes.ReplaceAll(bytes.ReplaceAll(data, []byte("\\\r\n"), []byte(" ")), []byte("\\\n"), []byte(" "))
			sc := bufio.NewScanner(bytes.NewReader(data))
			for sc.Scan() {
				m := makeCFlags.FindStringSubmatch(sc.Text())
				if m == nil {
					continue
				}
				for _, w := range strings.Fields(stripHash(m[1])) {
					if !strings.ContainsAny(w, "$`\\\"'") {
						words = append(words, w)
					}
				}
			}
			if len(words) > 0 {
				b.CFlags = strings.Join(words, " ")
				rel, _ := filepath.Rel(filepath.Dir(b.Src), filepath.Join(d, name))
				b.FlagsFrom = rel
				return
			}
		}
	}
	b.CFlags, b.FlagsFrom = "-O2", "the default (no --cflags, no CFLAGS in a Makefile)"
}

// stripHash drops a make comment.
func stripHash(s string) string {
	if i := strings.Index(s, "#"); i >= 0 {
		return s[:i]
	}
	return s
}
