package report

import (
	"strings"
	"testing"

	"crucible.dev/host/internal/evidence"
)

// Outcome counts only new findings and problems, lists known ones and
// resolved ones apart, and names each not-built reason once.
func TestOutcome(t *testing.T) {
	s := &evidence.Summary{
		Instances: []evidence.InstanceSummary{
			{Plugin: "p", ID: "A/lib", KAT: "not built", Note: "not built: lib not found (install it)"},
			{Plugin: "p", ID: "B/lib", KAT: "not built", Note: "not built: lib not found (install it)"},
		},
		Findings: []evidence.Finding{
			{Plugin: "p", Instance: "C/x", What: "kat", Detail: "d1", Known: "reviewed", Link: "https://example.org/1"},
			{Plugin: "p", Instance: "D/x", What: "kat", Detail: "d2"},
		},
		Resolved: []string{"p E/x: known finding no longer occurs"},
	}
	var b strings.Builder
	n := Outcome(&b, s, []string{"p F/x: KAT none"})
	out := b.String()
	if n != 2 {
		t.Errorf("counted %d new findings, want 2:\n%s", n, out)
	}
	for _, want := range []string{
		"not built: p (A/lib, B/lib): lib not found (install it)\n",
		"1 known finding (", "known: reviewed (https://example.org/1)",
		"no longer occur", "2 new findings:\n", "D/x", "F/x: KAT none",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Count(out, "lib not found") != 1 {
		t.Errorf("a not-built reason is listed more than once:\n%s", out)
	}
	var tb strings.Builder
	Table(&tb, s)
	if strings.Contains(tb.String(), "A/lib") {
		t.Errorf("a not-built instance is a table row:\n%s", tb.String())
	}
	if n := Outcome(&strings.Builder{}, &evidence.Summary{Findings: s.Findings[:1]}, nil); n != 0 {
		t.Errorf("known findings alone count %d", n)
	}
}
