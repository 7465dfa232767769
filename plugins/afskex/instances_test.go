package main

import (
	"bytes"
	"slices"
	"testing"

	"crucible.dev/registry"
	"crucible.dev/registry/eval/catalog"
	"crucible.dev/registry/eval/katcheck"
)

// TestCatalogDigests generates every instance's NGCC KAT file and checks
// its canonical digest against the published one in the catalog.
func TestCatalogDigests(t *testing.T) {
	for _, in := range instances() {
		t.Run(in.Name, func(t *testing.T) {
			e, ok := catalog.Lookup(in.Name)
			if !ok {
				t.Fatalf("%s is not in the catalog", in.Name)
			}
			if len(in.KATs) != 1 {
				t.Fatalf("%d KAT generators, want 1", len(in.KATs))
			}
			g := in.KATs[0]
			want, ok := e.DigestFor(g.Source, g.Records)
			if !ok {
				t.Fatalf("no catalog digest for %s over %d records", g.Source, g.Records)
			}
			h, err := katcheck.NewHasher(g.Format)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Generate(h, g.Records, nil); err != nil {
				t.Fatal(err)
			}
			if got := h.Sum(); got != want.SHA256 {
				t.Errorf("digest %s, catalog %s", got, want.SHA256)
			}
		})
	}
}

// TestSizes checks the declared sizes against the catalog and against what
// a complete exchange returns.
func TestSizes(t *testing.T) {
	for _, in := range instances() {
		t.Run(in.Name, func(t *testing.T) {
			e, ok := catalog.Lookup(in.Name)
			if !ok {
				t.Fatalf("%s is not in the catalog", in.Name)
			}
			d, c := in.Sizes, e.Sizes
			if d.PublicKey != c.PublicKey || d.SecretKey != c.SecretKey ||
				d.SharedSecret != c.SharedSecret || !slices.Equal(d.Messages, c.Messages) {
				t.Fatalf("declared %+v, catalog %+v", d, c)
			}
			tr, err := registry.RunExchange(in.KEX, bytes.NewReader(make([]byte, 1<<12)))
			if err != nil {
				t.Fatal(err)
			}
			for p := 0; p < 2; p++ {
				if len(tr.PK[p]) != d.PublicKey || len(tr.SK[p]) != d.SecretKey || len(tr.SS[p]) != d.SharedSecret {
					t.Errorf("party %d: pk %d sk %d ss %d bytes", p, len(tr.PK[p]), len(tr.SK[p]), len(tr.SS[p]))
				}
			}
			for i, m := range tr.Msg {
				if len(m) != d.Messages[i] {
					t.Errorf("message %d: %d bytes, declared %d", i+1, len(m), d.Messages[i])
				}
			}
		})
	}
}
