// Package catalog lists every instance Crucible knows, with the sizes and
// security category its specification fixes and the reference KAT digests
// published for it. The host audits what a plugin declares against it.
//
// Each family has its own file that registers a table of entries.
package catalog

import (
	"fmt"
	"sort"

	"crucible.dev/registry"
)

// Digest is a published SHA-256 of a KAT file of one source.
type Digest struct {
	Source  string `json:"source"`  // KAT source, as a plugin's KATGenerator names it
	Records int    `json:"records"` // how many records the digest covers
	SHA256  string `json:"sha256"`  // hex, of the file in its format's canonical form
	Origin  string `json:"origin"`  // where the digest is published
	// Reference is the reference KAT file, relative to the shared folder
	// (kat.SharedDir), when one is at hand: on a mismatch the host names
	// the first differing record and field.
	Reference string `json:"reference,omitempty"`
}

// Entry is one known instance.
type Entry struct {
	Name     string         `json:"name"`
	Family   string         `json:"family"` // e.g. "ML-KEM"; parameter sets of one family are compared side by side
	Kind     registry.Kind  `json:"kind"`
	Category int            `json:"category"` // NIST security category 1-5; 0 where none applies
	Sizes    registry.Sizes `json:"sizes"`
	// SeedSize is the length of the seed form of the secret key where the
	// standard defines one (ML-KEM d‖z, ML-DSA ξ); an implementation may
	// declare either form.
	SeedSize int      `json:"seed_size,omitempty"`
	Digests  []Digest `json:"digests,omitempty"`
	Spec     string   `json:"spec,omitempty"` // the document that fixes it
	// MaxSig marks a variable-length signature encoding (DER): Sizes.Signature
	// is then its maximum, and shorter signatures pass the size audit.
	MaxSig bool `json:"max_sig,omitempty"`
}

var entries = map[string]*Entry{}

// register adds a family's table; a name registered twice is a programming
// error caught at start-up.
func register(es ...Entry) {
	for i := range es {
		e := es[i]
		if _, dup := entries[e.Name]; dup {
			panic(fmt.Sprintf("catalog: %s registered twice", e.Name))
		}
		entries[e.Name] = &e
	}
}

// Lookup returns the entry named name.
func Lookup(name string) (*Entry, bool) {
	e, ok := entries[name]
	return e, ok
}

// All returns every entry, sorted by family then name.
func All() []*Entry {
	out := make([]*Entry, 0, len(entries))
	for _, e := range entries {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Family != out[j].Family {
			return out[i].Family < out[j].Family
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// DigestFor returns the published digest of source over n records.
func (e *Entry) DigestFor(source string, n int) (Digest, bool) {
	for _, d := range e.Digests {
		if d.Source == source && d.Records == n {
			return d, true
		}
	}
	return Digest{}, false
}
