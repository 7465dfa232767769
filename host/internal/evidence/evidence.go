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
package evidence

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// WriteFile writes data to path atomically: a temporary file in the same
// directory, synced, then renamed over path.
func WriteFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
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

// ReadJSON reads a JSON file into v.
func ReadJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// Safe makes an instance or operation name usable as a path element.
func Safe(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.', r == '@':
			return r
		}
		return '_'
	}, s)
}

// Paths of a run directory.
func CampaignPath(dir string) string { return filepath.Join(dir, "campaign.json") }

// SummaryPath is the machine-readable result.
func SummaryPath(dir string) string { return filepath.Join(dir, "summary.json") }

// PluginPath holds a plugin's description and findings.
func PluginPath(dir, plugin string) string {
	return filepath.Join(dir, "plugins", Safe(plugin)+".json")
}

// RecordPath is the benchmark record of one operation of one instance.
func RecordPath(dir, plugin, instance, op string) string {
	return filepath.Join(dir, "records", Safe(plugin), Safe(instance), Safe(op)+".json")
}

// KATPath holds an instance's KAT results.
func KATPath(dir, plugin, instance string) string {
	return filepath.Join(dir, "kat", Safe(plugin), Safe(instance)+".json")
}

// RobustPath holds an instance's robustness counts.
func RobustPath(dir, plugin, instance string) string {
	return filepath.Join(dir, "robust", Safe(plugin), Safe(instance)+".json")
}

// ProfilePath is a CPU profile of one operation.
func ProfilePath(dir, plugin, instance, op string) string {
	return filepath.Join(dir, "profiles", Safe(plugin), Safe(instance), Safe(op)+".pprof")
}

// LogPath collects a plugin's stderr.
func LogPath(dir, plugin string) string { return filepath.Join(dir, "logs", Safe(plugin)+".log") }
