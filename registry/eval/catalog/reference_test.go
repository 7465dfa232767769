package catalog

import (
	"testing"

	"crucible.dev/registry/eval/katcheck"
	"crucible.dev/registry/eval/katcheck/reference"
)

// Every reference file the catalog names is embedded, and its canonical
// digest is the published one it stands beside.
func TestReferenceFilesMatchDigests(t *testing.T) {
	n := 0
	for _, e := range All() {
		for _, d := range e.Digests {
			if d.Reference == "" {
				continue
			}
			n++
			f, err := reference.Open(d.Reference)
			if err != nil {
				t.Errorf("%s: %v", e.Name, err)
				continue
			}
			got, err := katcheck.Digest("ngcc", f)
			f.Close()
			if err != nil || got != d.SHA256 {
				t.Errorf("%s %s: digest %s (%v), published %s", e.Name, d.Reference, got, err, d.SHA256)
			}
		}
	}
	if n == 0 {
		t.Error("no catalog entry names a reference file")
	}
}
