package main

import (
	"os"
	"testing"

	"crucible.dev/registry"
	"crucible.dev/registry/eval/catalog"
	"crucible.dev/registry/eval/katcheck"
)

// katDigest runs an instance's KAT generator of source over n records and
// returns the format's digest.
func katDigest(t *testing.T, in *registry.Instance, source string, n int) string {
	t.Helper()
	for _, g := range in.KATs {
		if g.Source != source {
			continue
		}
		h, err := katcheck.NewHasher(g.Format)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Generate(h, n, nil); err != nil {
			t.Fatalf("%s %s: %v", in.Name, source, err)
		}
		return h.Sum()
	}
	t.Fatalf("%s: no KAT generator for %s", in.Name, source)
	return ""
}

// checkKATs compares every published digest the catalog holds for the
// instances with what this implementation generates: "single" (1 record)
// always, "all" (100 records) for sntrup761 and, with CRUCIBLE_LONG=1, for
// every set.
func checkKATs(t *testing.T) {
	long := os.Getenv("CRUCIBLE_LONG") == "1"
	for _, in := range instances() {
		e, ok := catalog.Lookup(in.Name)
		if !ok {
			t.Fatalf("%s: not in the catalog", in.Name)
		}
		checked := 0
		for _, d := range e.Digests {
			if d.Records > 1 && !long && in.Name != "sntrup761" {
				continue
			}
			t.Run(in.Name+"/"+d.Source+"/"+map[bool]string{true: "all", false: "single"}[d.Records > 1], func(t *testing.T) {
				if got := katDigest(t, in, d.Source, d.Records); got != d.SHA256 {
					t.Errorf("digest %s, want %s (%s)", got, d.SHA256, d.Origin)
				}
			})
			checked++
		}
		if checked == 0 {
			t.Errorf("%s: no digests checked", in.Name)
		}
	}
}

func TestKATs(t *testing.T) { checkKATs(t) }
