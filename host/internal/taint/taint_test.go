package taint

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// testdata/fixture.log is memcheck's log of the taint fixture
// (internal/taintplugin) as TestTaintFixture runs it, with two runtime
// reports appended by hand: one outside any operation, one inside an
// operation ("noise") whose stack has no plugin frame.

func parseFixture(t *testing.T) *Log {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "fixture.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	l, err := Parse(f)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestFindings checks the filter: each leak of the fixture is a finding at
// its line, among them the one in a deferred function the runtime's panic
// calls (its stack has runtime frames between plugin frames), and the
// runtime's own reports are not.
func TestFindings(t *testing.T) {
	l := parseFixture(t)
	got := map[string]string{}
	for _, r := range l.Findings("crucible.dev/host") {
		top := r.Frames[0]
		got[r.Op] = fmt.Sprintf("%s %s:%d", r.Kind, filepath.Base(top.File), top.Line)
	}
	want := map[string]string{
		"leak_branch":   "branch leaks.go:17",
		"leak_table":    "address leaks.go:25",
		"leak_loop":     "branch leaks.go:31",
		"leak_callback": "branch leaks.go:43",
		"c_leak_branch": "branch leaks.c:12",
		"c_leak_table":  "address leaks.c:19",
		"c_leak_loop":   "branch leaks.c:23",
	}
	for op, w := range want {
		if got[op] != w {
			t.Errorf("%s: finding %q, want %q", op, got[op], w)
		}
	}
	for op, g := range got {
		if _, ok := want[op]; !ok {
			t.Errorf("%s: unexpected finding %s", op, g)
		}
	}
	if n := len(l.Reports); n < len(want)+2 {
		t.Errorf("%d reports parsed, want the %d findings and the 2 runtime ones", n, len(want))
	}
}

// TestDeclassified checks that the log's declassification is listed with
// its operation and site, and that its stack is not taken for a report.
func TestDeclassified(t *testing.T) {
	l := parseFixture(t)
	if len(l.Declassified) != 1 {
		t.Fatalf("declassifications: %+v", l.Declassified)
	}
	d := l.Declassified[0]
	if d.Op != "declassify" || d.Site != "crucible.dev/host/internal/taintplugin/leaks.go:65" || d.Bytes != 1 {
		t.Errorf("declassification: %+v", d)
	}
	for _, r := range l.Reports {
		if r.Op == "declassify" {
			t.Errorf("declassification's stack parsed as a report: %+v", r)
		}
	}
}

// TestInModule checks the module boundary: a module path that is a prefix
// of another's is not the other.
func TestInModule(t *testing.T) {
	for _, c := range []struct {
		name string
		want bool
	}{
		{"crucible.dev/host/internal/x.f", true},
		{"crucible.dev/host.f", true},
		{"crucible.dev/hostile/x.f", false},
		{"/_/crucible.dev/host/internal/x/a.c", true},
		{"/_/evil.crucible.dev/host/a.c", false},
	} {
		if got := inModule(c.name, "crucible.dev/host"); got != c.want {
			t.Errorf("inModule(%q) = %v, want %v", c.name, got, c.want)
		}
	}
}
