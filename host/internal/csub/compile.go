package csub

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// compileLibrary compiles the submission's sources under dir/sub with its
// own flags into dir/obj/libsubmission.a, each step in a build box. Go's runtime C files and the
// adapter's never see these flags (-std=c99, -Werror, -march=...): they
// are compiled by cgo with Go's defaults and only link the library.
func (b *Build) compileLibrary(dir string, cmds *bytes.Buffer) error {
	cc := b.cc()
	inc := b.includeFlags("-I" + filepath.Join(dir, "sub"))
	if b.rules().Headers {
		// Last, so the submission's own headers of any name come first;
		// the ones the adapter supplies were not copied.
		inc = append(inc, "-I"+dir)
	}
	objs0 := filepath.Join(dir, objDir)
	if err := os.MkdirAll(objs0, 0o755); err != nil {
		return err
	}
	var objs []string
	for i, rel := range b.Files {
		src := filepath.Join(dir, "sub", filepath.FromSlash(rel))
		obj := filepath.Join(objs0, fmt.Sprintf("%03d_%s.o", i, strings.TrimSuffix(path.Base(rel), path.Ext(rel))))
		args := append([]string{}, strings.Fields(b.CFlags)...)
		// Position-independent code, whatever the flags, because Go links
		// the executable as PIE where the toolchain defaults to it.
		args = append(args, "-fPIC", "-I"+filepath.Dir(src))
		args = append(args, inc...)
		args = append(args, "-c", src, "-o", obj)
		fmt.Fprintf(cmds, "%s %s\n", cc, strings.Join(args, " "))
		// From the submission's top folder, where its Makefile's relative
		// -I flags point.
		if o, err := b.step(dir, filepath.Join(dir, "sub"), []string{objs0}, cc, args...); err != nil {
			return fmt.Errorf("compiling the submission's %s with its flags %q: %v\n%s", rel, b.CFlags, err, shortLog(string(o), dir))
		}
		objs = append(objs, obj)
		b.objects = append(b.objects, objFile{rel: rel, path: obj})
	}
	ar := b.ar()
	args := append([]string{"rcs", filepath.Join(dir, LibraryAt)}, objs...)
	fmt.Fprintf(cmds, "%s %s\n", ar, strings.Join(args, " "))
	if o, err := b.step(dir, dir, []string{objs0}, ar, args...); err != nil {
		return fmt.Errorf("%s: %v\n%s", ar, err, o)
	}
	return nil
}

// objFile is one compiled source.
type objFile struct {
	rel  string // the source, relative to Src
	path string // its object file
}

// includeFlags are -I flags for every directory of the submission that
// holds files, after first: includes that name a header without its
// directory (a common/ folder of PQClean, an include/ folder).
func (b *Build) includeFlags(first string) []string {
	seen := map[string]bool{}
	var dirs []string
	for _, rel := range b.copied {
		d := path.Dir(rel)
		if !seen[d] {
			seen[d] = true
			dirs = append(dirs, d)
		}
	}
	sort.Strings(dirs)
	out := []string{first}
	root := strings.TrimPrefix(first, "-I")
	for _, d := range dirs {
		if d != "." {
			out = append(out, "-I"+filepath.Join(root, filepath.FromSlash(d)))
		}
	}
	return out
}

// cc is the C compiler cgo uses.
func (b *Build) cc() string {
	if o, err := exec.Command("go", "env", "CC").Output(); err == nil {
		if f := strings.Fields(string(o)); len(f) > 0 {
			return f[0]
		}
	}
	return "gcc"
}

// ar is the archiver beside the C compiler (aarch64-linux-gnu-ar beside
// aarch64-linux-gnu-gcc).
func (b *Build) ar() string {
	cc := b.cc()
	if i := strings.LastIndex(cc, "-"); i > 0 && strings.HasSuffix(cc, "gcc") {
		if p, err := exec.LookPath(cc[:i] + "-ar"); err == nil {
			return p
		}
	}
	return "ar"
}

// maxLogLine bounds a line of shortLog: a linker's command line runs to
// kilobytes and hides the errors after it.
const maxLogLine = 300

// shortLog trims a compiler's output to its first errors, with the build
// directory's paths shortened and over-long lines cut.
func shortLog(s, dir string) string {
	s = strings.ReplaceAll(s, dir+"/sub/", "")
	s = strings.ReplaceAll(s, dir+"/", "")
	lines := strings.Split(strings.TrimSpace(s), "\n")
	for i, l := range lines {
		if len(l) > maxLogLine {
			lines[i] = fmt.Sprintf("%s ... (%d characters more)", l[:maxLogLine], len(l)-maxLogLine)
		}
	}
	if len(lines) > 20 {
		lines = append(lines[:20], fmt.Sprintf("... (%d more lines)", len(lines)-20))
	}
	return strings.Join(lines, "\n")
}

var (
	undefinedRef = regexp.MustCompile("undefined reference to [`']([A-Za-z0-9_]+)'")
	multipleDef  = regexp.MustCompile("multiple definition of [`']([A-Za-z0-9_]+)'")
)

// diagnose turns a failed link into what the submitter can act on: the
// API symbols the submission lacks and which API they belong to, a
// left-out file that mentions a missing symbol, and the submission's own
// files that define a symbol twice.
func (b *Build) diagnose(out string) string {
	r := b.rules()
	var notes []string
	defined := b.definedSymbols()
	var missing []string
	seen := map[string]bool{}
	for _, m := range undefinedRef.FindAllStringSubmatch(out, -1) {
		if !seen[m[1]] {
			seen[m[1]] = true
			missing = append(missing, m[1])
		}
	}
	for _, s := range missing {
		notes = append(notes, "undefined: "+s+", "+b.whereFrom(s))
	}
	var foreign []string
	for s := range r.Foreign {
		foreign = append(foreign, s)
	}
	sort.Strings(foreign)
	for _, s := range foreign {
		if len(defined[s]) > 0 {
			notes = append(notes, fmt.Sprintf("the submission defines %s (in %s), %s", s, strings.Join(defined[s], ", "), r.Foreign[s]))
			break
		}
	}
	seen = map[string]bool{}
	for _, m := range multipleDef.FindAllStringSubmatch(out, -1) {
		if seen[m[1]] {
			continue
		}
		seen[m[1]] = true
		where := defined[m[1]]
		switch {
		case len(where) > 1:
			notes = append(notes, fmt.Sprintf("%s is defined in %s: --exclude all but one", m[1], strings.Join(where, " and ")))
		case len(where) == 1:
			what := r.Symbols[m[1]]
			if what == "" {
				what = "a function of its own"
			}
			notes = append(notes, fmt.Sprintf("%s is defined in the submission's %s and by Crucible's adapter (%s): --exclude %s", m[1], where[0], what, where[0]))
		}
	}
	if len(notes) == 0 {
		return ""
	}
	return "\n" + strings.Join(notes, "\n")
}

// whereFrom says what a symbol the link misses is: an entry point of the
// API the submission must define, or a function of its own that a
// left-out source may define.
func (b *Build) whereFrom(sym string) string {
	r := b.rules()
	for kind, fs := range r.Funcs {
		for _, f := range fs {
			if strings.HasSuffix(sym, f) {
				return fmt.Sprintf(r.API, kind)
			}
		}
	}
	word := regexp.MustCompile(`\b` + regexp.QuoteMeta(sym) + `\b`)
	// The KAT folder's drivers call the submission's functions; a file
	// left out elsewhere is the likelier home of the definition, so the
	// KAT folder is searched last.
	for _, kat := range []bool{false, true} {
		for _, l := range b.leftOut {
			if l.inKAT != kat {
				continue
			}
			text, err := os.ReadFile(filepath.Join(b.Src, filepath.FromSlash(l.rel)))
			if err != nil || !word.Match(text) {
				continue
			}
			switch {
			case l.inKAT:
				return fmt.Sprintf("a function of the submission's own; %s, in the KAT folder, which is never compiled, mentions it: move its definition out of the KAT folder", l.rel)
			case l.exclude != "":
				return fmt.Sprintf("a function of the submission's own; %s, left out by %s, mentions it: drop that --exclude", l.rel, l.exclude)
			}
			// The build failed, so the list of left-out files was not
			// printed: say here why this one was.
			return fmt.Sprintf("a function of the submission's own; %s, left out because %s, mentions it: --include %s", l.rel, l.why, l.rel)
		}
	}
	return "a function the submission calls but none of its files defines"
}

// definedSymbols maps each global symbol the submission's objects define
// to the sources that define it, as nm (in a build box: it parses what
// the submission's flags made) reports them.
func (b *Build) definedSymbols() map[string][]string {
	out := map[string][]string{}
	if len(b.objects) == 0 {
		return out
	}
	nm := strings.TrimSuffix(b.ar(), "ar") + "nm"
	rel := map[string]string{}
	args := []string{"--defined-only", "-g", "-A"}
	for _, o := range b.objects {
		rel[o.path] = o.rel
		args = append(args, o.path)
	}
	dir := filepath.Dir(filepath.Dir(b.objects[0].path))
	res, err := b.step(dir, dir, nil, nm, args...)
	if err != nil {
		return out
	}
	sc := bufio.NewScanner(bytes.NewReader(res))
	for sc.Scan() {
		// -A: "object:value type name".
		f := strings.Fields(sc.Text())
		if len(f) != 3 || f[1] == "W" || f[1] == "V" {
			continue
		}
		i := strings.LastIndexByte(f[0], ':')
		if i < 0 || rel[f[0][:i]] == "" {
			continue
		}
		out[f[2]] = append(out[f[2]], rel[f[0][:i]])
	}
	return out
}
