package evidence

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Run is everything a run directory holds, loaded.
type Run struct {
	Dir      string
	Campaign Campaign
	Plugins  []PluginInfo         // sorted by name
	KATs     map[string]KATRecord // by plugin + "\x00" + instance ID
	Records  []*Record            // sorted by plugin, instance, op
	Paths    map[*Record]string   // record -> path relative to Dir
}

// KATFor returns an instance's KAT record.
func (r *Run) KATFor(plugin, instance string) (KATRecord, bool) {
	k, ok := r.KATs[plugin+"\x00"+instance]
	return k, ok
}

// Load reads a run directory.
func Load(dir string) (*Run, error) {
	r := &Run{Dir: dir, KATs: map[string]KATRecord{}, Paths: map[*Record]string{}}
	if err := ReadJSON(CampaignPath(dir), &r.Campaign); err != nil {
		return nil, fmt.Errorf("%s is not a run directory: %w", dir, err)
	}
	ps, _ := filepath.Glob(filepath.Join(dir, "plugins", "*.json"))
	sort.Strings(ps)
	for _, p := range ps {
		var pi PluginInfo
		if err := ReadJSON(p, &pi); err != nil {
			return nil, err
		}
		r.Plugins = append(r.Plugins, pi)
	}
	ks, _ := filepath.Glob(filepath.Join(dir, "kat", "*", "*.json"))
	for _, k := range ks {
		var kr KATRecord
		if err := ReadJSON(k, &kr); err != nil {
			return nil, err
		}
		r.KATs[kr.Plugin+"\x00"+kr.Instance] = kr
	}
	root := filepath.Join(dir, "records")
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) && p == root {
				return nil
			}
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".json") || strings.HasPrefix(d.Name(), ".") {
			return nil
		}
		rec := &Record{}
		if err := ReadJSON(p, rec); err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		r.Records = append(r.Records, rec)
		r.Paths[rec] = filepath.ToSlash(rel)
		return nil
	})
	if err != nil {
		return nil, err
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
