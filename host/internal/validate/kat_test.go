package validate

import (
	"strings"
	"testing"

	"crucible.dev/host/internal/evidence"
)

// TestKATStatusFollowsTheFold: a record's status must be its sources'
// fold; a pass claimed over a skipped or failed source is a problem.
func TestKATStatusFollowsTheFold(t *testing.T) {
	pass := evidence.KATResult{Source: "acvp", Type: "vectors", Status: evidence.KATPass, Passed: 4}
	skipped := evidence.KATResult{Source: "wycheproof", Type: "vectors", Status: evidence.KATSkipped}
	failed := evidence.KATResult{Source: "ngcc", Type: "vectors", Status: evidence.KATFail, Passed: 3, Failed: 1}
	for _, c := range []struct {
		status  evidence.KATStatus
		results []evidence.KATResult
		ok      bool
	}{
		{evidence.KATPass, []evidence.KATResult{pass}, true},
		{evidence.KATSkipped, []evidence.KATResult{pass, skipped}, true},
		{evidence.KATPass, []evidence.KATResult{pass, skipped}, false},
		{evidence.KATPass, []evidence.KATResult{pass, failed}, false},
		{evidence.KATFail, []evidence.KATResult{pass, failed}, true},
		{evidence.KATNone, nil, true},
		{evidence.KATPass, nil, false},
	} {
		d := katConsistent(evidence.KATRecord{Status: c.status, Results: c.results})
		if (d == "") != c.ok {
			t.Errorf("status %s over %d sources: %q, want consistent %v", c.status, len(c.results), d, c.ok)
		}
		if d != "" && !strings.Contains(d, "does not follow from its sources") {
			t.Errorf("problem %q does not say why", d)
		}
	}
}
