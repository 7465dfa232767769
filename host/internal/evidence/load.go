package evidence

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"crucible.dev/host/internal/taint"
)

// Run is everything a run directory holds, loaded.
type Run struct {
	Dir      string
	Campaign Campaign
	Plugins  []PluginInfo         // sorted by name
	KATs     map[string]KATRecord // by plugin + "\x00" + instance ID
	Records  []*Record            // sorted by plugin, instance, op
	Paths    map[*Record]string   // record -> path relative to Dir
	CT       []*CTRecord          // constant-time checks, sorted by path
	CTPaths  map[*CTRecord]string // check -> path relative to Dir
	// Taint holds the taint checks (ct/<plugin>/taint.json), sorted by path.
	Taint      []*taint.Record
	TaintPaths map[*taint.Record]string // check -> path relative to Dir
	// Interop holds the interoperability matrices, sorted by path.
	Interop      []*InteropRecord
	InteropPaths map[*InteropRecord]string // matrix -> path relative to Dir
	// Files is the directory's file index: every regular file's path
	// relative to Dir, slash-separated and sorted, hidden ones (a
	// component starting with ".") left out. Reports name evidence from
	// it and never read the disk themselves.
	Files []string
}

// HasFile reports whether the run directory holds rel (slash-separated).
func (r *Run) HasFile(rel string) bool {
	_, ok := slices.BinarySearch(r.Files, rel)
	return ok
}

// KATFor returns an instance's KAT record.
func (r *Run) KATFor(plugin, instance string) (KATRecord, bool) {
	k, ok := r.KATs[plugin+"\x00"+instance]
	return k, ok
}

// Load reads a run directory. Every file is read through os.Root under
// ReadIn's rules, and every name a report would print is bounded, so a
// hostile directory gives a clear error rather than a hang, an exhausted
// memory or a report of hundreds of megabytes.
func Load(dir string) (*Run, error) {
	r := &Run{Dir: dir, KATs: map[string]KATRecord{}, Paths: map[*Record]string{}, CTPaths: map[*CTRecord]string{}, TaintPaths: map[*taint.Record]string{}, InteropPaths: map[*InteropRecord]string{}}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("%s is not a run directory: %w", dir, err)
	}
	defer root.Close()
	read := func(rel string, v any) error {
		b, err := readRoot(root, rel)
		if err != nil {
			return err
		}
		return decode(filepath.Join(dir, rel), b, v)
	}
	if err := read("campaign.json", &r.Campaign); err != nil {
		return nil, fmt.Errorf("%s is not a run directory: %w", dir, err)
	}
	ps, _ := fs.Glob(root.FS(), "plugins/*.json")
	sort.Strings(ps)
	for _, p := range ps {
		var pi PluginInfo
		if err := read(p, &pi); err != nil {
			return nil, err
		}
		if err := checkNames(p, pi.Name); err != nil {
			return nil, err
		}
		r.Plugins = append(r.Plugins, pi)
	}
	ks, _ := fs.Glob(root.FS(), "kat/*/*.json")
	for _, k := range ks {
		var kr KATRecord
		if err := read(k, &kr); err != nil {
			return nil, err
		}
		if err := checkNames(k, kr.Plugin, kr.Instance); err != nil {
			return nil, err
		}
		r.KATs[kr.Plugin+"\x00"+kr.Instance] = kr
	}
	err = fs.WalkDir(root.FS(), "records", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && p == "records" {
				return nil
			}
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".json") || strings.HasPrefix(d.Name(), ".") {
			return nil
		}
		rec := &Record{}
		if err := read(p, rec); err != nil {
			return err
		}
		if err := checkNames(p, rec.Plugin, rec.Instance, rec.Op, rec.BaseOp, rec.Name, rec.Impl, rec.Kind, rec.Profile); err != nil {
			return err
		}
		r.Records = append(r.Records, rec)
		r.Paths[rec] = p
		return nil
	})
	if err != nil {
		return nil, err
	}
	cts, _ := fs.Glob(root.FS(), "ct/*/*/*.json")
	sort.Strings(cts)
	for _, p := range cts {
		c := &CTRecord{}
		if err := read(p, c); err != nil {
			return nil, err
		}
		if err := checkNames(p, c.Plugin, c.Instance, c.Op, c.Verdict); err != nil {
			return nil, err
		}
		r.CT = append(r.CT, c)
		r.CTPaths[c] = p
	}
	tps, _ := fs.Glob(root.FS(), taint.RecordGlob)
	sort.Strings(tps)
	for _, p := range tps {
		t := &taint.Record{}
		if err := read(p, t); err != nil {
			return nil, err
		}
		if err := checkNames(p, t.Plugin); err != nil {
			return nil, err
		}
		r.Taint = append(r.Taint, t)
		r.TaintPaths[t] = p
	}
	ios, _ := fs.Glob(root.FS(), "interop/*.json")
	sort.Strings(ios)
	for _, p := range ios {
		m := &InteropRecord{}
		if err := read(p, m); err != nil {
			return nil, err
		}
		names := append([]string{m.Instance, m.Kind}, m.Impls...)
		for _, c := range m.Cells {
			names = append(names, c.Producer, c.Consumer)
		}
		if err := checkNames(p, names...); err != nil {
			return nil, err
		}
		r.Interop = append(r.Interop, m)
		r.InteropPaths[m] = p
	}
	if r.Files, err = fileIndex(root); err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	sort.SliceStable(r.Records, func(i, j int) bool {
		a, b := r.Records[i], r.Records[j]
		if a.Plugin != b.Plugin {
			return a.Plugin < b.Plugin
		}
		if a.Instance != b.Instance {
			return a.Instance < b.Instance
		}
		if a.BaseOp != b.BaseOp {
			return a.BaseOp < b.BaseOp
		}
		if a.MsgLen != b.MsgLen {
			return a.MsgLen < b.MsgLen
		}
		return a.OutLen < b.OutLen
	})
	return r, nil
}

// maxFiles bounds the file index of a run directory: a campaign over
// every plugin writes a few thousand.
const maxFiles = 1 << 18

func fileIndex(root *os.Root) ([]string, error) {
	var out []string
	err := fs.WalkDir(root.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case p != "." && strings.HasPrefix(d.Name(), "."):
			if d.IsDir() {
				return fs.SkipDir
			}
		case d.Type().IsRegular():
			if len(out) == maxFiles {
				return fmt.Errorf("more than %d files", maxFiles)
			}
			out = append(out, p)
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

// maxNameBytes bounds a name read back from evidence; the host writes
// names of at most 64 characters, and instance IDs and labels of a few
// more.
const maxNameBytes = 256

func checkNames(file string, names ...string) error {
	for _, n := range names {
		if len(n) > maxNameBytes {
			return fmt.Errorf("%s: a name of %d bytes (at most %d)", file, len(n), maxNameBytes)
		}
	}
	return nil
}
