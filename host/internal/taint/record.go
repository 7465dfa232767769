package taint

import (
	"fmt"
	"os"
	"path/filepath"
)

// Record is what `host ct --method taint` keeps of one plugin, in
// ct/<plugin>/taint.json beside memcheck's log, from which validate
// recomputes its findings and declassifications.
type Record struct {
	Plugin   string             `json:"plugin"`
	Module   string             `json:"module"` // the filter's "own code": the executable's main module
	Log      string             `json:"log"`    // memcheck's log, relative to the run directory
	Ran      []string           `json:"ran"`
	Skipped  []string           `json:"skipped,omitempty"`
	Findings []Report           `json:"findings"`
	Declared []Declassification `json:"declassified,omitempty"`
	// Cleared lists the catalog's reviewed findings of operations that
	// ran which no finding matched (Review): the entry can go.
	Cleared []string `json:"cleared,omitempty"`
	Error   string   `json:"error,omitempty"`
}

// RecordGlob matches the records in a run directory.
const RecordGlob = "ct/*/taint.json"

// Unreviewed is findings without the catalog's reviews, as the log alone
// gives them: what validate compares with a recomputation.
func Unreviewed(findings []Report) []Report {
	out := make([]Report, len(findings))
	for i, f := range findings {
		f.Known = nil
		out[i] = f
	}
	return out
}

// Recompute parses the record's log (dir is the run directory) and returns
// the findings and declassifications it gives.
func (r *Record) Recompute(dir string) ([]Report, []Declassification, error) {
	if r.Log == "" || filepath.IsAbs(r.Log) || !filepath.IsLocal(r.Log) {
		return nil, nil, fmt.Errorf("log %q is not a path inside the run directory", r.Log)
	}
	f, err := os.Open(filepath.Join(dir, r.Log))
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	l, err := Parse(f)
	if err != nil {
		return nil, nil, err
	}
	return l.Findings(r.Module), l.Declassified, nil
}
