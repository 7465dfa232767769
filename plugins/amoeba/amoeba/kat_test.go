package amoeba

import (
	"bytes"
	"testing"

	"crucible.dev/registry/eval/catalog"
	"crucible.dev/registry/eval/katcheck"
	"crucible.dev/registry/kat"
)

// The NGCC KAT files come out right on the portable Go path too (the
// plugin's own test covers the path this CPU selects).
func TestPortableKATs(t *testing.T) {
	withPortable(func() {
		for _, p := range All {
			e, ok := catalog.Lookup(p.Name)
			if !ok {
				t.Fatalf("%s: not in the catalog", p.Name)
			}
			want, ok := e.DigestFor("ngcc", 10)
			if !ok {
				t.Fatalf("%s: no ngcc digest", p.Name)
			}
			var b bytes.Buffer
			if err := kat.WriteNGCCKEM(&b, New(p), 10, nil); err != nil {
				t.Fatalf("%s: %v", p.Name, err)
			}
			got, err := katcheck.Digest(kat.FormatNGCC, &b)
			if err != nil {
				t.Fatal(err)
			}
			if got != want.SHA256 {
				t.Errorf("%s: portable KAT digest %s, want %s", p.Name, got, want.SHA256)
			}
		}
	})
}
