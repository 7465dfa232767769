package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func write(t *testing.T, dir, rel, body string) {
	t.Helper()
	p := filepath.Join(dir, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

const katFile = `{"status": "pass", "results": [
 {"source": "s", "type": "generated", "status": "pass", "records": 10, "digest": "%D", "expected": "ab"},
 {"source": "s (fresh seed)", "type": "fresh-seed", "status": "pass", "records": 3, "digest": "%F", "expected": "%F"}]}`

// run writes a small run directory; the arguments vary what a change to
// the host could vary.
func run(t *testing.T, digest, fresh, heading, ns string, extra bool) string {
	dir := t.TempDir()
	write(t, dir, "kat/p/I.json", strings.NewReplacer("%D", digest, "%F", fresh).Replace(katFile))
	write(t, dir, "records/p/I/keygen.json", `{"plugin": "p", "instance": "I", "op": "keygen", "base_op": "keygen", "trials": [{"ns": [`+ns+`]}]}`)
	write(t, dir, "summary.md", "# Run\n\n## "+heading+"\n\ntext "+ns+"\n")
	if extra {
		write(t, dir, "ct/p/I/decaps.json", `{"plugin": "p", "instance": "I", "op": "decaps", "verdict": "no leak detected", "runs": [{"cycles": [`+ns+`]}]}`)
		write(t, dir, "interop/I.json", `{"instance": "I", "kind": "kem", "impls": ["p:I/a", "q:I/b"], "rounds": 3,
			"cells": [{"producer": "p:I/a", "consumer": "p:I/a"}, {"producer": "p:I/a", "consumer": "q:I/b", "error": "`+ns+`"},
			{"producer": "q:I/b", "consumer": "p:I/a"}, {"producer": "q:I/b", "consumer": "q:I/b"}]}`)
	}
	return dir
}

// TestDiff: timings and fresh-seed digests may differ between two runs; a
// KAT digest, a report section or a file may not.
func TestDiff(t *testing.T) {
	base := run(t, "ab", "01", "Results", "5", false)
	for _, c := range []struct {
		name string
		dir  string
		want []string // a substring of each difference
	}{
		{"timings and fresh seed", run(t, "ab", "02", "Results", "7", false), nil},
		{"digest", run(t, "cd", "01", "Results", "5", false), []string{"kat/p/I.json result 0 digest"}},
		{"section", run(t, "ab", "01", "Outcome", "5", false), []string{"summary.md sections"}},
		{"files", run(t, "ab", "01", "Results", "5", true), []string{
			"+ ct/p/I/decaps.json error", "+ ct/p/I/decaps.json instance", "+ ct/p/I/decaps.json op", "+ ct/p/I/decaps.json plugin",
			"+ file ct/p/I/decaps.json", "+ file interop/I.json",
			"+ interop/I.json cells[].consumer", "+ interop/I.json cells[].producer", "+ interop/I.json impls",
			"+ interop/I.json instance", "+ interop/I.json kind", "+ interop/I.json rounds"}},
	} {
		a, err := Shape(base)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Shape(c.dir)
		if err != nil {
			t.Fatal(err)
		}
		d := Diff(a, b)
		if len(d) != len(c.want) {
			t.Errorf("%s: %d differences, want %d:\n%s", c.name, len(d), len(c.want), strings.Join(d, "\n"))
			continue
		}
		for i, w := range c.want {
			if !strings.Contains(d[i], w) {
				t.Errorf("%s: %q, want it to name %q", c.name, d[i], w)
			}
		}
	}
	// Two runs with the same checks compare equal whatever their
	// measurements and the text of a refusal.
	a, _ := Shape(run(t, "ab", "01", "Results", "5", true))
	b, _ := Shape(run(t, "ab", "01", "Results", "7", true))
	if d := Diff(a, b); len(d) != 0 {
		t.Errorf("ct and interop with other measurements: %s", strings.Join(d, "\n"))
	}
}
