package catalog

import (
	"strings"
	"testing"
)

// Every field of a vector source is checked at load, and the error names
// the file, the entry and the field.
func TestParseVectorErrors(t *testing.T) {
	entry := func(vectors string) string {
		return `{"entries": [{"name": "T-1", "family": "T", "kind": "sig", "vectors": [` + vectors + `]}]}`
	}
	cases := []struct{ name, vectors, want string }{
		{"no source", `{"format": "wycheproof", "files": ["a.json"]}`, "field vectors[0].source: empty"},
		{"unknown format", `{"source": "s", "format": "nist-json", "files": ["a"]}`, `field vectors[0].format: "nist-json"`},
		{"no files", `{"source": "s", "format": "wycheproof"}`, "field vectors[0].files: empty"},
		{"unknown check", `{"source": "s", "format": "check", "check": "rfc9999"}`, `field vectors[0].check: "rfc9999"`},
		{"check with files", `{"source": "s", "format": "check", "check": "rfc7748", "files": ["a"]}`, "field vectors[0].files"},
		{"check outside format check", `{"source": "s", "format": "acvp", "files": ["ML-KEM"], "check": "rfc7748"}`, "field vectors[0].check"},
		{"path leaves the module", `{"source": "s", "format": "wycheproof", "files": ["../../etc/passwd"]}`, "field vectors[0].files[0]"},
		{"absolute path", `{"source": "s", "format": "wycheproof", "files": ["/etc/passwd"]}`, "field vectors[0].files[0]"},
		{"csv without columns", `{"source": "s", "format": "csv", "files": ["t/x.csv"]}`, "field vectors[0].columns"},
		{"columns outside csv", `{"source": "s", "format": "wycheproof", "files": ["a.json"], "columns": {"a": "pk"}}`, "field vectors[0].columns"},
		{"unknown role", `{"source": "s", "format": "wycheproof", "files": ["a.json"], "ops": {"teleport": "t"}}`, `field vectors[0].ops: role "teleport"`},
		{"empty op", `{"source": "s", "format": "wycheproof", "files": ["a.json"], "ops": {"dh": ""}}`, "field vectors[0].ops.dh"},
		{"unknown option", `{"source": "s", "format": "acvp", "files": ["KDA"], "options": {"speed": "fast"}}`, `field vectors[0].options: "speed"`},
		{"bad option value", `{"source": "s", "format": "acvp", "files": ["KDA"], "options": {"hmacAlg": "MD5"}}`, `field vectors[0].options.hmacAlg: "MD5"`},
		{"source twice", `{"source": "s", "format": "check", "check": "rfc7748"}, {"source": "s", "format": "check", "check": "iccs-spec"}`, `field vectors[1].source: "s" appears twice`},
	}
	for _, c := range cases {
		_, err := Parse("f.json", []byte(entry(c.vectors)))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), `f.json: entries[0] ("T-1")`) {
			t.Errorf("%s: error %v, want one naming f.json, the entry and %q", c.name, err, c.want)
		}
	}
	if _, err := Parse("f.json", []byte(entry(`{"source": "wycheproof", "format": "wycheproof", "files": ["x25519_test.json"], "ops": {"dh": "scalarmult"}}`))); err != nil {
		t.Errorf("a well-formed source: %v", err)
	}
}
