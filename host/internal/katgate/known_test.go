package katgate

import (
	"strings"
	"testing"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/registry/eval/catalog"
)

func TestMarkKnown(t *testing.T) {
	e := &catalog.Entry{Name: "X", Known: []catalog.Known{{
		Impl: "lib", What: "kat", Source: "wycheproof", Cases: `tc (3|4) .*refusal`, Reason: "reviewed",
	}}}
	known := "file tc 3 (bad key): signing succeeded, want a refusal"
	other := "file tc 9: field sig differs"
	fail := func(fs ...string) evidence.KATResult {
		return evidence.KATResult{Source: "wycheproof", Status: "fail", Passed: 10, Failed: len(fs), Failures: fs}
	}
	cases := []struct {
		name     string
		impl     string
		r        evidence.KATResult
		want     evidence.KATStatus
		resolved bool
	}{
		{"only known failures", "lib", fail(known), "known", false},
		{"a new failure beside a known one", "lib", fail(known, other), "fail", false},
		{"another implementation", "other", fail(known), "fail", false},
		{"more failures than kept", "lib", evidence.KATResult{Source: "wycheproof", Status: "fail", Failed: 11, Failures: []string{known}}, "fail", false},
		{"source passes: resolved", "lib", evidence.KATResult{Source: "wycheproof", Status: "pass", Passed: 12}, "pass", true},
		{"another source fails", "lib", evidence.KATResult{Source: "acvp", Status: "fail", Failed: 1, Failures: []string{known}}, "fail", false},
	}
	for _, c := range cases {
		rs := []evidence.KATResult{c.r}
		res := markKnown(e, c.impl, rs)
		if rs[0].Status != c.want {
			t.Errorf("%s: status %q, want %q", c.name, rs[0].Status, c.want)
		}
		if (len(res) > 0) != c.resolved {
			t.Errorf("%s: resolved %q, want %v", c.name, res, c.resolved)
		}
		if c.want == "known" {
			if reason, _ := knownOf(e, c.impl, rs[0]); reason != "reviewed" {
				t.Errorf("%s: reason %q", c.name, reason)
			}
		}
	}
	if got := evidence.FoldKAT([]evidence.KATResult{{Status: "pass"}, {Status: "known"}}); got != "known" {
		t.Errorf("pass and known fold to %q, want known", got)
	}
	if got := evidence.FoldKAT([]evidence.KATResult{{Status: "known"}, {Status: "fail"}}); got != "fail" {
		t.Errorf("known and fail fold to %q, want fail", got)
	}
	// A source whose vectors could not be had must not leave a pass.
	if got := evidence.FoldKAT([]evidence.KATResult{{Status: "pass"}, {Status: "skipped"}}); got != "skipped" {
		t.Errorf("pass and skipped fold to %q, want skipped", got)
	}
	if got := evidence.FoldKAT([]evidence.KATResult{{Status: "skipped"}, {Status: "error"}}); got != "error" {
		t.Errorf("skipped and error fold to %q, want error", got)
	}
	if !strings.Contains(strings.Join(markKnown(e, "lib", []evidence.KATResult{{Source: "wycheproof", Status: "pass"}}), ""), "reviewed") {
		t.Error("a resolved finding does not name its reason")
	}
	// A known finding naming no source is resolved only when every source
	// passes.
	anySource := &catalog.Entry{Known: []catalog.Known{{What: "kat", Cases: "x", Reason: "r"}}}
	if res := markKnown(anySource, "lib", []evidence.KATResult{{Source: "a", Status: "pass"}, {Source: "b", Status: "error"}}); len(res) != 0 {
		t.Errorf("resolved while a source errs: %q", res)
	}
	if res := markKnown(anySource, "lib", []evidence.KATResult{{Source: "a", Status: "pass"}, {Source: "b", Status: "pass"}}); len(res) != 1 {
		t.Errorf("not resolved when every source passes: %q", res)
	}
}
