package csub

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// SafeName is what plugin, instance and implementation names may contain.
var SafeName = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// safePath is what a submission's file paths may contain: they end up on
// compiler command lines and in -I flags, which cgo checks.
var safePath = regexp.MustCompile(`^[A-Za-z0-9_.+/-]+$`)

// mainFunc finds a C file that defines main: a driver or test program
// (PQCgenKAT_kem.c, PQCgenKAT_sign.c, a benchmark).
var mainFunc = regexp.MustCompile(`(?m)^[ \t]*(?:int|void)[ \t]+main[ \t]*\(`)

// includedC finds `#include "x.c"`: a source compiled as part of another,
// which must not be compiled on its own as well.
var includedC = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*include[ \t]*["<]([^">]+\.[cS])[">]`)

// randombytesDef finds a definition of randombytes, in the NIST or the
// PQClean name.
var randombytesDef = regexp.MustCompile(`(?m)^[ \t]*(?:static[ \t]+)?(?:int|void)[ \t]+(?:PQCLEAN_)?randombytes[ \t]*\([^;]*$`)

// nistReplaced names the files of a NIST submission package that Crucible
// supplies itself, with why.
var nistReplaced = map[string]string{
	"rng.c":         "the NIST DRBG behind randombytes: Crucible's randombytes reads the call's reader, the same CTR-DRBG for KAT files",
	"randombytes.c": "the submission's randombytes: Crucible's reads the call's reader",
}

// maxFile bounds the files copied into the build: a submission's sources
// and headers, not its KAT files or data.
const maxFile = 8 << 20

// collect sorts the submission's files into compiled sources, copied
// files (headers and anything a source may include) and the files left
// out.
func (b *Build) collect() error {
	r := b.rules()
	var cs []string
	err := filepath.WalkDir(b.Src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(b.Src, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if p != b.Src && d.Name() == "KAT" {
				// Known answers and the drivers that print them: the
				// sources are named as left out, never compiled, and
				// kept to explain a symbol the link misses.
				srcs := katSources(p, rel)
				for _, s := range srcs {
					b.Replaced = append(b.Replaced, s+" (in the KAT folder: a driver or test program; Crucible's KAT writer and benchmarks replace it)")
					b.leftOut = append(b.leftOut, leftOut{rel: s, inKAT: true})
				}
				return filepath.SkipDir
			}
			if p != b.Src && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		ext := path.Ext(rel)
		source := ext == ".c" || ext == ".s" || ext == ".S"
		if !source {
			// A header the adapter supplies is not copied: the
			// submission's copy, found first, would shadow it.
			if why, ok := r.Files[d.Name()]; ok && matchAny(b.Includes, rel) == "" {
				b.Replaced = append(b.Replaced, rel+" ("+why+")")
				return nil
			}
			if info, err := d.Info(); err == nil && info.Size() <= maxFile && ext != ".rsp" && ext != ".req" {
				b.copied = append(b.copied, rel)
			}
			return nil
		}
		if !safePath.MatchString(rel) {
			return fmt.Errorf("%s: the path has characters a compiler command line or -I flag cannot carry; rename it or --exclude it", rel)
		}
		// Every source is copied (another may include it); whether it is
		// compiled on its own is decided below.
		b.copied = append(b.copied, rel)
		if g := matchAny(b.Excludes, rel); g != "" {
			b.Replaced = append(b.Replaced, rel+" (--exclude "+g+")")
			b.leftOut = append(b.leftOut, leftOut{rel: rel, exclude: "--exclude " + g})
			return nil
		}
		included := matchAny(b.Includes, rel) != ""
		if ext == ".c" && !included {
			text, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			// Only a file that defines randombytes: Falcon's rng.c is its
			// own PRNG, which it needs.
			if why, ok := r.Files[d.Name()]; ok && (r.Only == nil || r.Only.Match(text)) {
				b.Replaced = append(b.Replaced, rel+" ("+why+"; --include "+rel+" keeps it)")
				b.leftOut = append(b.leftOut, leftOut{rel: rel, why: "Crucible supplies " + d.Name()})
				return nil
			}
			if mainFunc.Match(text) {
				b.Replaced = append(b.Replaced, rel+" (defines main: a driver or test program; Crucible's KAT writer and benchmarks replace it)")
				b.leftOut = append(b.leftOut, leftOut{rel: rel, why: "it defines main"})
				return nil
			}
		}
		cs = append(cs, rel)
		return nil
	})
	if err != nil {
		return err
	}
	// A source another source #includes is compiled there, not again on
	// its own (which would define its symbols twice).
	inc := map[string]string{}
	byBase := map[string][]string{}
	for _, rel := range cs {
		byBase[path.Base(rel)] = append(byBase[path.Base(rel)], rel)
	}
	for _, rel := range cs {
		if path.Ext(rel) != ".c" {
			continue
		}
		text, err := os.ReadFile(filepath.Join(b.Src, filepath.FromSlash(rel)))
		if err != nil {
			return err
		}
		for _, m := range includedC.FindAllSubmatch(text, -1) {
			name := string(m[1])
			inc[path.Clean(path.Join(path.Dir(rel), name))] = rel
			// Found through an -I directory: the one source of that name.
			if c := byBase[path.Base(name)]; len(c) == 1 {
				inc[c[0]] = rel
			}
		}
	}
	for _, rel := range cs {
		if by, ok := inc[rel]; ok && matchAny(b.Includes, rel) == "" {
			b.Replaced = append(b.Replaced, rel+" (#included by "+by+", compiled there)")
			b.leftOut = append(b.leftOut, leftOut{rel: rel, why: "#included by " + by})
			continue
		}
		b.Files = append(b.Files, rel)
	}
	sort.Strings(b.copied)
	return nil
}

// matchAny is the first glob of globs that rel matches, or "".
func matchAny(globs []string, rel string) string {
	for _, g := range globs {
		if ok, _ := path.Match(g, rel); ok {
			return g
		}
	}
	return ""
}

// leftOut is a source not compiled on its own, kept to explain a symbol
// the link misses.
type leftOut struct {
	rel     string // the source, relative to Src
	exclude string // the --exclude that left it out, "" for a rule --include overrides
	why     string // the rule that left it out, when exclude is ""
	inKAT   bool   // under a KAT folder, which is never compiled nor copied
}

// katSources lists the C and assembly sources under a KAT folder (dir, rel
// from the submission's root), relative to the submission's root.
func katSources(dir, rel string) []string {
	var out []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && (path.Ext(p) == ".c" || path.Ext(p) == ".S" || path.Ext(p) == ".s") {
			r, _ := filepath.Rel(dir, p)
			out = append(out, path.Join(rel, filepath.ToSlash(r)))
		}
		return nil
	})
	return out
}
