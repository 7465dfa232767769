// Package evidence is the run directory: what a campaign measured, written
// atomically, so an interrupted run leaves a consistent directory and every
// report can be recomputed from it alone.
//
// Layout:
//
//	campaign.json                       the command, settings and environment
//	plugins/<plugin>.json               what each plugin described, and its findings
//	records/<plugin>/<instance>/<op>.json  one benchmark record: raw trials and statistics
//	kat/<plugin>/<instance>.json        KAT results by source
//	robust/<plugin>/<instance>.json     how it answered malformed inputs
//	profiles/<plugin>/<instance>/<op>.pprof  CPU profiles
//	logs/<plugin>.log                   the plugin processes' stderr
//	summary.json, summary.md            the machine- and human-readable results
//	manifest.json, manifest.sig         SHA-256 of every file as the host wrote it; its signature
package evidence

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"
)

// WriteFile writes data to path atomically (a temporary file in the same
// directory, synced, then renamed over path) and records it in the
// manifest of the run directory it lies in, if that directory is tracked.
func WriteFile(path string, data []byte) error {
	if err := writeAtomic(path, data, true); err != nil {
		return err
	}
	return record(path, data)
}

func writeAtomic(path string, data []byte, sync bool) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil && sync {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// WriteJSON writes v as indented JSON, atomically.
func WriteJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("encode %s: %w", path, err)
	}
	return WriteFile(path, append(b, '\n'))
}

// Safe makes a name usable as one path element: characters outside
// [A-Za-z0-9._@-] become '_', and a name that is empty or only dots (".",
// "..") is prefixed with '_', so no element can name a parent, a separator
// or nothing. The host also refuses such names where plugins describe
// themselves; this is the guarantee that holds whatever a name is.
func Safe(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.', r == '@':
			return r
		}
		return '_'
	}, s)
	if strings.Trim(s, ".") == "" {
		s = "_" + s
	}
	return s
}

// Printable replaces control characters (terminal escape sequences among
// them) and invalid UTF-8 in text a plugin supplied, so that printing it
// moves no cursor, colours nothing and hides no line.
func Printable(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) && r != '\n' && r != '\t' || r == utf8.RuneError {
			return '?'
		}
		return r
	}, strings.ToValidUTF8(s, "?"))
}

// FirstLine is s up to its first newline: an error's message without the
// stack or log lines that may follow it.
func FirstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// Path is the one way a path inside a run directory is made: each element
// is made Safe, so the result always lies inside dir (filepath.IsLocal
// holds for it relative to dir).
func Path(dir string, elems ...string) string {
	for i, e := range elems {
		elems[i] = Safe(e)
	}
	rel := filepath.Join(elems...)
	if !filepath.IsLocal(rel) {
		panic("evidence: path outside the run directory: " + rel) // unreachable: Safe elements are local
	}
	return filepath.Join(dir, rel)
}

// Rel is p relative to the run directory dir, slash-separated, as records
// and reports name a file of the run (p itself when it is not under dir).
func Rel(dir, p string) string {
	r, err := filepath.Rel(dir, p)
	if err != nil {
		return filepath.ToSlash(p)
	}
	return filepath.ToSlash(r)
}

// Paths of a run directory.

// CampaignPath is the campaign's description.
func CampaignPath(dir string) string { return Path(dir, "campaign.json") }

// SummaryPath is the machine-readable result.
func SummaryPath(dir string) string { return Path(dir, "summary.json") }

// PluginPath holds a plugin's description and findings.
func PluginPath(dir, plugin string) string { return Path(dir, "plugins", plugin+".json") }

// RecordPath is the benchmark record of one operation of one instance.
func RecordPath(dir, plugin, instance, op string) string {
	return Path(dir, "records", plugin, instance, op+".json")
}

// KATPath holds an instance's KAT results.
func KATPath(dir, plugin, instance string) string { return Path(dir, "kat", plugin, instance+".json") }

// KATFilePath keeps a generated KAT file that did not match.
func KATFilePath(dir, plugin, instance, source string) string {
	return Path(dir, "kat", plugin, instance+"."+Safe(source)+".txt")
}

// RobustPath holds an instance's robustness counts.
func RobustPath(dir, plugin, instance string) string {
	return Path(dir, "robust", plugin, instance+".json")
}

// ProfilePath is a CPU profile of one operation.
func ProfilePath(dir, plugin, instance, op string) string {
	return Path(dir, "profiles", plugin, instance, op+".pprof")
}

// LogPath collects a plugin's stderr.
func LogPath(dir, plugin string) string { return Path(dir, "logs", plugin+".log") }
