package taint

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"crucible.dev/registry/eval/catalog"
)

// TestReview checks that a catalog's reviewed taint finding marks the
// fixture's branch leak known (and only it, only for its implementation
// and operation), that the run then counts the rest as new, and that a
// reviewed finding no report matches any more is said to be cleared.
func TestReview(t *testing.T) {
	dir := t.TempDir()
	body := `{"entries": [{"name": "TaintKEM", "family": "Taint", "kind": "kem", "category": 1,
		"sizes": {"pk": 32, "sk": 32, "ct": 32, "ss": 32},
		"known": [
			{"what": "taint", "source": "leak_branch", "cases": "^branch: main\\.leakBranch|^branch: [^;]*leaks\\.go:17", "reason": "test: public by design"},
			{"what": "taint", "source": "leak_table", "impl": "other", "cases": "leaks\\.go", "reason": "test: another implementation's"},
			{"what": "taint", "source": "clean", "cases": "leaks\\.go", "reason": "test: no longer occurs"}
		]}]}`
	if err := os.WriteFile(filepath.Join(dir, "t.json"), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := catalog.LoadDir(dir); err != nil {
		t.Fatal(err)
	}
	l := parseFixture(t)
	f := l.Findings("crucible.dev/host")
	all := len(f)
	cleared := Review(f, []string{"TaintKEM leak_branch", "TaintKEM leak_table", "TaintKEM clean"})
	for _, r := range f {
		if (r.Op == "leak_branch") != (r.Known != nil) {
			t.Errorf("%s %s: known = %+v", r.Op, r.Detail(), r.Known)
		}
	}
	if n := New(f); n != all-1 {
		t.Errorf("%d new findings of %d, want %d", n, all, all-1)
	}
	if len(cleared) != 1 || !contains(cleared[0], "TaintKEM clean") {
		t.Errorf("cleared: %q, want the one of operation clean", cleared)
	}
	if u := Unreviewed(f); u[0].Known != nil || len(u) != all {
		t.Errorf("Unreviewed kept a review")
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }
