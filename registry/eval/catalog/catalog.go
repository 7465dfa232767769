// Package catalog lists every instance Crucible knows, with the sizes and
// security category its specification fixes, the reference KAT digests
// published for it and the reviewed findings of its implementations. The
// host audits what a plugin declares against it.
//
// The catalog is data: one JSON file per family in data/ (embedded), whose
// schema docs/catalog.md describes, and any directory an evaluator adds
// with LoadDir (host --catalog DIR). Adding an instance recompiles nothing.
package catalog

import (
	"embed"
	"fmt"
	"io/fs"
	"os"
	"sort"

	"crucible.dev/registry"
)

// Digest is a published SHA-256 of a KAT file of one source.
type Digest struct {
	Source  string `json:"source"`  // KAT source, as a plugin's KATGenerator names it
	Records int    `json:"records"` // how many records the digest covers
	SHA256  string `json:"sha256"`  // hex, of the file in its format's canonical form
	Origin  string `json:"origin"`  // where the digest is published
	// Reference names the reference KAT file in package kat/reference,
	// when the project has one: on a mismatch the host names the first
	// differing record and field.
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
	// Known lists the reviewed findings of the instance's implementations.
	Known []Known `json:"known,omitempty"`
	// Reference is the implementation fresh-seed comparisons are made
	// against; nil when the evaluator designates none.
	Reference *Reference `json:"reference,omitempty"`
	// Vectors are the standard test vectors that apply to the instance.
	Vectors []VectorSource `json:"vectors,omitempty"`
	// File is the catalog file the entry was read from.
	File string `json:"-"`
}

// File is one catalog file: a family's entries, with the reasoning behind
// them in About.
type File struct {
	About   []string `json:"about,omitempty"`
	Entries []Entry  `json:"entries"`
}

//go:embed data/*.json
var shipped embed.FS

var entries = map[string]*Entry{}

func init() {
	if err := load(shipped, "data", "catalog/"); err != nil {
		panic(err) // the shipped catalog is checked by the package's tests
	}
}

// LoadDir adds the catalog files (*.json) of an evaluator's directory. An
// entry named as a shipped one replaces it; two files of the directory
// naming the same instance are an error.
func LoadDir(dir string) error {
	fi, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("catalog: %w", err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("catalog: %s is not a directory", dir)
	}
	return load(os.DirFS(dir), ".", dir+"/")
}

// load reads every *.json file under root of fsys; prefix names the files
// in errors. The whole directory is checked before any entry is added.
func load(fsys fs.FS, root, prefix string) error {
	names, err := fs.Glob(fsys, root+"/*.json")
	if err != nil {
		return fmt.Errorf("catalog %s: %w", prefix, err)
	}
	if len(names) == 0 {
		return fmt.Errorf("catalog %s: no *.json file", prefix)
	}
	sort.Strings(names)
	add := map[string]*Entry{}
	for _, n := range names {
		b, err := fs.ReadFile(fsys, n)
		if err != nil {
			return fmt.Errorf("catalog %s: %w", prefix+n, err)
		}
		es, err := Parse(prefix+n, b)
		if err != nil {
			return err
		}
		for i := range es {
			e := &es[i]
			if prev, dup := add[e.Name]; dup {
				return fmt.Errorf("catalog %s: entry %q: also in %s", e.File, e.Name, prev.File)
			}
			add[e.Name] = e
		}
	}
	for n, e := range add {
		entries[n] = e
	}
	return nil
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
