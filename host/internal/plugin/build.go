package plugin

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"

	"crucible.dev/host/internal/sandbox"
)

// SourceHash hashes what a plugin binary is built from: the plugin module,
// the registry module it imports, the workspace files, the Go version, and
// every file `go list` says is compiled in (compiled.go), wherever it lies.
// A module nested in either (registry/eval, the evaluator's side) is part
// of it only where the plugin links it, so editing the catalog or the
// vectors rebuilds no plugin that does not.
func SourceHash(root, dir string) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "go %s %s/%s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
	var files []string
	for _, top := range []string{dir, filepath.Join(root, "registry")} {
		err := filepath.WalkDir(top, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if p != top && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
					return filepath.SkipDir
				}
				if _, err := os.Stat(filepath.Join(p, "go.mod")); p != top && err == nil {
					return filepath.SkipDir // another module
				}
				return nil
			}
			if isBuildInput(d.Name()) {
				files = append(files, p)
			}
			return nil
		})
		if err != nil {
			return "", err
		}
	}
	files = append(files, filepath.Join(root, "go.work"), filepath.Join(root, "go.work.sum"))
	compiled, modules, err := compiledInputs(root, dir)
	if err != nil {
		return "", err
	}
	files = append(files, compiled...)
	sort.Strings(files)
	files = slices.Compact(files)
	sort.Strings(modules)
	for _, m := range modules {
		fmt.Fprintf(h, "module %s\n", m)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return "", err
		}
		rel, _ := filepath.Rel(root, f)
		fmt.Fprintf(h, "%s %d\n", rel, len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func isBuildInput(name string) bool {
	if strings.HasSuffix(name, "_test.go") {
		return false
	}
	switch filepath.Ext(name) {
	case ".go", ".s", ".c", ".h", ".syso":
		return true
	}
	return name == "go.mod" || name == "go.sum"
}

// Build makes the executable of a source plugin in cache, keyed by its
// source hash, and reuses it while the sources are unchanged. The build
// runs in a build box of lc's (boxbuild.go). The build is
// written under a temporary name and renamed, and its SHA-256 is recorded
// beside it: a cached executable that no longer hashes to what was built
// (replaced after the fact) is rebuilt, never run.
func Build(lc *sandbox.Launcher, root, cache string, s *Source, log io.Writer) error {
	return build(lc, root, cache, s, log, "")
}

// BuildValgrind is Build with the valgrind build tag, for the taint check:
// Go's runtime then describes its allocator and stacks to valgrind, and
// the contract's secret marks (registry.MarkSecret) reach memcheck. The
// executable is cached under a name of its own (<name>.valgrind-<hash>),
// beside the plain one.
func BuildValgrind(lc *sandbox.Launcher, root, cache string, s *Source, log io.Writer) error {
	return build(lc, root, cache, s, log, "valgrind")
}

// Built reports whether s needs no build: an executable given as such, or
// one in the cache that is current and that the host vouches for, which it
// then sets as s's, as Build would. It builds nothing, so that a campaign
// can look ahead at what it will run.
func Built(root, cache string, s *Source) bool {
	if s.Dir == "" {
		return s.Binary != ""
	}
	_, hit, err := cached(root, cache, s, "", io.Discard)
	return err == nil && hit
}

// cached checks s's name and module, hashes its sources and reports
// whether the cache holds a current executable of them (tagged tag) that
// the host vouches for, which it then sets as s's; bin is where that
// executable is or is to be.
func cached(root, cache string, s *Source, tag string, log io.Writer) (bin string, hit bool, err error) {
	if err := CheckName("plugin", s.Name); err != nil {
		return "", false, err
	}
	if s.Dir == "" {
		return "", true, nil
	}
	if err := checkReplaces(root, s.Dir); err != nil {
		return "", false, fmt.Errorf("plugin %s: %w", s.Name, err)
	}
	hash, err := SourceHash(root, s.Dir)
	if err != nil {
		return "", false, fmt.Errorf("plugin %s: hashing sources: %w", s.Name, err)
	}
	bin = filepath.Join(cache, cacheName(s, tag)+"-"+hash[:16])
	s.Hash = hash
	// Only the hash the host kept apart (trust.go) vouches for a cached
	// executable: one written beside it could be replaced with it.
	if want := trustedSum(bin); want != "" {
		got, err := FileHash(bin)
		if err == nil && got == want {
			s.Binary, s.SHA256 = bin, got
			return bin, true, nil
		}
		if err == nil {
			fmt.Fprintf(log, "plugin %s: cached executable %s changed since it was built (SHA-256 %s, built %s): rebuilding\n",
				s.Name, bin, got, want)
		}
	}
	return bin, false, nil
}

// cacheName is the name s's executables built with tag are cached under,
// before the hash.
func cacheName(s *Source, tag string) string {
	if tag == "" {
		return s.Name
	}
	return s.Name + "." + tag
}

func build(lc *sandbox.Launcher, root, cache string, s *Source, log io.Writer, tag string) error {
	bin, hit, err := cached(root, cache, s, tag, log)
	if err != nil || hit {
		return err
	}
	name := cacheName(s, tag)
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return err
	}
	fmt.Fprintf(log, "building plugin %s\n", name)
	built, err := goBuild(lc, root, cache, s.Dir, name, tag, log)
	if err != nil {
		return fmt.Errorf("plugin %s: %w", s.Name, err)
	}
	tmpDir, err := os.MkdirTemp(cache, ".build-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmpDir)
	tmp := filepath.Join(tmpDir, s.Name)
	sum, err := TakeOutput(built, tmp)
	os.RemoveAll(filepath.Dir(built))
	if err != nil {
		return fmt.Errorf("plugin %s: %w", s.Name, err)
	}
	// The executable first, then its sum: a sum never vouches for a file
	// that is not yet in place.
	untrust(bin)
	if err := os.Rename(tmp, bin); err != nil {
		return err
	}
	if err := trust(bin, sum); err != nil {
		return fmt.Errorf("plugin %s: %w", s.Name, err)
	}
	// Older builds of the same plugin are dead weight, and so are the
	// sums older hosts kept beside them.
	olds, _ := filepath.Glob(filepath.Join(cache, name+"-*"))
	for _, o := range olds {
		if base := strings.TrimSuffix(o, legacySumSuffix); (base != bin || o != base) && len(filepath.Base(base)) == len(name)+17 {
			if o == base {
				untrust(o)
			}
			os.Remove(o)
		}
	}
	s.Binary, s.SHA256 = bin, sum
	return nil
}

// legacySumSuffix names the file older hosts wrote beside a cached
// executable to record its SHA-256; no longer read, removed when seen.
const legacySumSuffix = ".sha256"

// FileHash is the SHA-256 of an executable, as a launcher seals it.
func FileHash(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
