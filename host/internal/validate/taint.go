package validate

import (
	"encoding/json"
	"os"
	"path/filepath"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/taint"
)

// checkTaint recomputes each taint record's findings and declassifications
// from the memcheck log kept beside it.
func checkTaint(dir string) []Problem {
	paths, _ := filepath.Glob(filepath.Join(dir, taint.RecordGlob))
	var probs []Problem
	for _, p := range paths {
		rel := evidence.Rel(dir, p)
		var r taint.Record
		b, err := os.ReadFile(p)
		if err == nil {
			err = json.Unmarshal(b, &r)
		}
		if err != nil {
			probs = append(probs, Problem{rel, "taint record: " + err.Error()})
			continue
		}
		if r.Error != "" {
			continue // no log to recompute from
		}
		f, d, err := r.Recompute(dir)
		if err != nil {
			probs = append(probs, Problem{rel, "taint: " + err.Error()})
			continue
		}
		if diff := jsonDiff(taint.Unreviewed(r.Findings), f); diff != "" {
			probs = append(probs, Problem{rel, "findings do not follow from memcheck's log: " + diff})
		}
		if diff := jsonDiff(r.Declared, d); diff != "" {
			probs = append(probs, Problem{rel, "declassifications do not follow from memcheck's log: " + diff})
		}
	}
	return probs
}
