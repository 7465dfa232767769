package catalog

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The shipped catalog loads and holds every family.
func TestShipped(t *testing.T) {
	for _, name := range []string{"ML-KEM-768", "ML-DSA-65", "sntrup761", "Amoeba128", "AFS_KEX_C128", "X25519", "BIP340-Schnorr", "SHA-256"} {
		e, ok := Lookup(name)
		if !ok {
			t.Errorf("%s: not in the shipped catalog", name)
			continue
		}
		if !strings.HasPrefix(e.File, "catalog/data/") {
			t.Errorf("%s: file %q", name, e.File)
		}
	}
}

// Each malformed file is refused with an error naming the file, the entry
// and the field.
func TestParseErrors(t *testing.T) {
	const sha = "1ae8995c621577c22fd0ee2bfeeee15b9219f37d52ec4b4078857373c1f955eb"
	entry := func(body string) string {
		return `{"entries": [{"name": "T-1", "family": "T", "kind": "kem", "category": 1` + body + `}]}`
	}
	cases := []struct{ name, file, want string }{
		{"not json", `{"entries": [`, "f.json"},
		{"unknown field", entry(`, "size": {}`), `unknown field "size"`},
		{"no entries", `{"entries": []}`, "field entries: empty"},
		{"bad kind", `{"entries": [{"name": "T-1", "family": "T", "kind": "cipher"}]}`, `entries[0] ("T-1"): field kind`},
		{"no name", `{"entries": [{"family": "T", "kind": "kem"}]}`, "field name: empty"},
		{"category", entry(`, "category": 9`), "field category"},
		{"negative size", entry(`, "sizes": {"pk": -1}`), "field sizes"},
		{"short digest", entry(`, "digests": [{"source": "s", "records": 1, "sha256": "abcd", "origin": "o"}]`), "field digests[0].sha256"},
		{"upper-case digest", entry(`, "digests": [{"source": "s", "records": 1, "sha256": "` + strings.ToUpper(sha) + `", "origin": "o"}]`), "field digests[0].sha256"},
		{"no records", entry(`, "digests": [{"source": "s", "sha256": "` + sha + `", "origin": "o"}]`), "field digests[0].records"},
		{"no origin", entry(`, "digests": [{"source": "s", "records": 1, "sha256": "` + sha + `"}]`), "field digests[0].origin"},
		{"two digests", entry(`, "digests": [{"source": "s", "records": 1, "sha256": "` + sha + `", "origin": "o"}, {"source": "s", "records": 1, "sha256": "` + sha + `", "origin": "p"}]`), "field digests[1]"},
		{"known without reason", entry(`, "known": [{"what": "kat", "cases": "x"}]`), "field known[0].reason"},
		{"known matching all", entry(`, "known": [{"what": "kat", "reason": "r"}]`), "field known[0].cases"},
		{"known bad pattern", entry(`, "known": [{"what": "kat", "reason": "r", "cases": "("}]`), "field known[0].cases"},
		{"twice", `{"entries": [{"name": "T", "family": "T", "kind": "kem"}, {"name": "T", "family": "T", "kind": "kem"}]}`, "appears twice"},
		{"trailing data", entry(``) + `{}`, "after the top-level object"},
	}
	for _, c := range cases {
		_, err := Parse("f.json", []byte(c.file))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "f.json") {
			t.Errorf("%s: error %v, want one naming f.json and %q", c.name, err, c.want)
		}
	}
	if _, err := Parse("f.json", []byte(entry(``))); err != nil {
		t.Errorf("a well-formed file: %v", err)
	}
}

// An evaluator's directory adds instances and replaces shipped ones; a
// name given by two of its files is refused and adds nothing.
func TestLoadDir(t *testing.T) {
	saved := entries
	t.Cleanup(func() { entries = saved })
	entries = map[string]*Entry{}
	for k, v := range saved {
		entries[k] = v
	}
	dir := t.TempDir()
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("new.json", `{"entries": [{"name": "Newcomer-1", "family": "Newcomer", "kind": "sig", "category": 1, "sizes": {"pk": 32, "sk": 64, "sig": 64}}]}`)
	write("x.json", `{"entries": [{"name": "X25519", "family": "X25519", "kind": "kex", "category": 1, "spec": "evaluator's"}]}`)
	if err := LoadDir(dir); err != nil {
		t.Fatal(err)
	}
	if e, ok := Lookup("Newcomer-1"); !ok || e.Sizes.Signature != 64 {
		t.Errorf("Newcomer-1: %+v %v", e, ok)
	}
	if e, _ := Lookup("X25519"); e.Spec != "evaluator's" {
		t.Errorf("X25519 not replaced: %+v", e)
	}
	write("y.json", `{"entries": [{"name": "Other-1", "family": "O", "kind": "kem"}, {"name": "Z", "family": "Z", "kind": "kem"}]}`)
	write("z.json", `{"entries": [{"name": "Z", "family": "Z", "kind": "kem"}]}`)
	if err := LoadDir(dir); err == nil || !strings.Contains(err.Error(), "also in") {
		t.Errorf("a name in two files: %v", err)
	}
	if _, ok := Lookup("Other-1"); ok {
		t.Error("a refused directory added entries")
	}
	if err := LoadDir(filepath.Join(dir, "absent")); err == nil {
		t.Error("a missing directory was accepted")
	}
}
