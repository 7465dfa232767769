package evidence

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// An operation's trials are kept one by one while they run, so that a run
// killed at any moment loses at most the trial under way: partial/ holds
// the record of every operation whose trials are not all done yet
// (calibration and the trials so far, no statistics). A finished
// operation's record goes to records/ and its partial record is removed;
// a finished run holds no partial/ at all. Partial records are not in the
// manifest: they are the host's working state, read back only by
// `host run --resume`, and never part of the evidence.

// PartialDir holds the records of operations whose trials are under way.
func PartialDir(dir string) string { return Path(dir, "partial") }

// PartialPath is the partial record of one operation.
func PartialPath(dir, plugin, instance, op string) string {
	return Path(dir, "partial", plugin, instance, op+".json")
}

// WritePartial writes an operation's record so far, atomically: a kill at
// any moment leaves the previous version or this one, never a torn file.
// It is not synced (the page cache outlives a killed process; a partial
// record lost to a power cut only costs its trials again).
func WritePartial(path string, rec *Record) error {
	b, err := json.Marshal(rec)
	if err != nil {
		return fmt.Errorf("encode %s: %w", path, err)
	}
	return writeAtomic(path, b, false)
}

// RemovePartial removes an operation's partial record, and the directories
// that it leaves empty up to partial/.
func RemovePartial(dir, path string) error {
	if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
		return err
	}
	top := PartialDir(dir)
	for d := filepath.Dir(path); strings.HasPrefix(d, top); d = filepath.Dir(d) {
		if os.Remove(d) != nil { // not empty
			break
		}
	}
	return nil
}

// isTemp reports whether a file's name is one writeAtomic's temporary
// files have (".<name>.tmp<digits>").
func isTemp(name string) bool {
	return strings.HasPrefix(name, ".") && strings.Contains(name, ".tmp")
}

// Reconcile brings the manifest of an interrupted run directory up to what
// the host left in it, before `--resume` continues it. A kill can leave
// three traces: temporary files of a write that had not been renamed
// (removed), the one file whose write completed but whose manifest entry
// had not been written yet (the host writes one file at a time, then the
// manifest: that file, no older than the manifest, is recorded as it is),
// and plugin logs appended since the host last noted them (recorded).
// Anything else that differs from the manifest was not the host's doing,
// and Reconcile refuses to continue over it. It returns what it changed.
func Reconcile(dir string) ([]string, error) {
	m, err := ReadManifest(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil // a directory of a host that kept no manifest: Track starts one
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ManifestName, err)
	}
	mi, err := os.Stat(filepath.Join(dir, ManifestName))
	if err != nil {
		return nil, err
	}
	type file struct {
		rel string
		sum string
		fi  fs.FileInfo
	}
	var changed []file
	var did []string
	seen := map[string]bool{}
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == "partial" {
				return filepath.SkipDir // working state, not evidence
			}
			return nil
		}
		if isTemp(d.Name()) {
			if err := os.Remove(p); err != nil {
				return err
			}
			did = append(did, rel+": an unfinished write, removed")
			return nil
		}
		if rel == ManifestName || rel == SignatureName {
			return nil
		}
		seen[rel] = true
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		if s := hex.EncodeToString(sum[:]); s != m.Files[rel] {
			fi, err := d.Info()
			if err != nil {
				return err
			}
			changed = append(changed, file{rel, s, fi})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var missing, foreign []string
	for rel := range m.Files {
		if !seen[rel] {
			missing = append(missing, rel)
		}
	}
	var last []file
	for _, f := range changed {
		if path.Dir(f.rel) == "logs" {
			m.Files[f.rel] = f.sum
			did = append(did, f.rel+": plugin output since it was last noted, recorded")
			continue
		}
		last = append(last, f)
	}
	if len(last) == 1 && !last[0].fi.ModTime().Before(mi.ModTime()) {
		m.Files[last[0].rel] = last[0].sum
		did = append(did, last[0].rel+": written just before the interruption, recorded")
		last = nil
	}
	for _, f := range last {
		foreign = append(foreign, f.rel+": changed or added since the host wrote it")
	}
	for _, rel := range missing {
		foreign = append(foreign, rel+": removed since the host wrote it")
	}
	if len(foreign) > 0 {
		sort.Strings(foreign)
		return nil, fmt.Errorf("%s was changed by other means than the host, so it cannot be continued:\n  %s", dir, strings.Join(foreign, "\n  "))
	}
	sort.Strings(did)
	if len(did) == 0 {
		return nil, nil
	}
	return did, writeManifest(dir, m)
}
