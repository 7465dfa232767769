package evidence

import "testing"

// TestKATFrom: an instance says its KATs come from the catalog only when a
// result that passed names the catalog. A second instance under a name the
// catalog does not know, which passes only by agreeing with the first
// (fresh seed), is a cross-check, in new evidence and in old evidence that
// left the provenance of such results unnamed.
func TestKATFrom(t *testing.T) {
	pass := func(typ, prov string) KATResult {
		return KATResult{Source: "s-" + typ + "-" + prov, Type: typ, Status: KATPass, Provenance: prov}
	}
	cases := map[string]struct {
		results []KATResult
		want    string
	}{
		"first of an unknown name": {[]KATResult{{Source: "kat (fresh seed)", Type: "fresh-seed", Status: KATNone, Provenance: ProvenanceCrossCheck}}, ""},
		"second, agreeing":         {[]KATResult{pass("fresh-seed", ProvenanceCrossCheck), pass("fresh-ops", ProvenanceCrossCheck)}, ProvenanceCrossCheck},
		"second, older evidence":   {[]KATResult{pass("fresh-seed", "")}, ProvenanceCrossCheck},
		"declared":                 {[]KATResult{pass("generated", ProvenanceDeclared), pass("fresh-seed", ProvenanceCrossCheck)}, ProvenanceDeclared},
		"catalog":                  {[]KATResult{pass("fresh-seed", ProvenanceCrossCheck), pass("generated", ProvenanceCatalog), pass("vectors", ProvenanceDeclared)}, ProvenanceCatalog},
		"catalog failed":           {[]KATResult{pass("fresh-seed", ProvenanceCrossCheck), {Source: "kat", Type: "generated", Status: KATFail, Provenance: ProvenanceCatalog}}, ProvenanceCrossCheck},
	}
	for name, c := range cases {
		r := &Run{
			Plugins: []PluginInfo{{Name: "p", Instances: []InstanceInfo{{ID: "X/i", Name: "X", Impl: "i"}}}},
			KATs:    map[string]KATRecord{"p\x00X/i": {Plugin: "p", Instance: "X/i", Results: c.results}},
		}
		s := Summarize(r)
		if len(s.Instances) != 1 {
			t.Fatalf("%s: %d instances", name, len(s.Instances))
		}
		if got := s.Instances[0].KATFrom; got != c.want {
			t.Errorf("%s: kat_from %q, want %q", name, got, c.want)
		}
	}
}
