package catalog

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// Parse reads one catalog file and checks every entry; errors name the
// file, the entry and the field.
func Parse(file string, b []byte) ([]Entry, error) {
	var f File
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("catalog %s: %w", file, err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("catalog %s: data after the top-level object", file)
	}
	if len(f.Entries) == 0 {
		return nil, fmt.Errorf("catalog %s: field entries: empty", file)
	}
	seen := map[string]bool{}
	for i := range f.Entries {
		e := &f.Entries[i]
		e.File = file
		if err := e.validate(); err != nil {
			return nil, fmt.Errorf("catalog %s: entries[%d] (%q): %w", file, i, e.Name, err)
		}
		if seen[e.Name] {
			return nil, fmt.Errorf("catalog %s: entries[%d]: %q appears twice", file, i, e.Name)
		}
		seen[e.Name] = true
	}
	return f.Entries, nil
}

// validate checks an entry's fields.
func (e *Entry) validate() error {
	switch {
	case e.Name == "":
		return fmt.Errorf("field name: empty")
	case e.Family == "":
		return fmt.Errorf("field family: empty")
	case !e.Kind.Valid():
		return fmt.Errorf("field kind: %q is not a kind", e.Kind)
	case e.Category < 0 || e.Category > 5:
		return fmt.Errorf("field category: %d is not 0 to 5", e.Category)
	case e.SeedSize < 0:
		return fmt.Errorf("field seed_size: negative")
	}
	s := e.Sizes
	for _, n := range append([]int{s.PublicKey, s.SecretKey, s.Ciphertext, s.Signature, s.SharedSecret, s.Digest, s.Key, s.Nonce, s.Overhead}, s.Messages...) {
		if n < 0 {
			return fmt.Errorf("field sizes: negative size %d", n)
		}
	}
	for i, d := range e.Digests {
		if err := d.validate(); err != nil {
			return fmt.Errorf("field digests[%d].%w", i, err)
		}
		for _, d2 := range e.Digests[:i] {
			if d2.Source == d.Source && d2.Records == d.Records {
				return fmt.Errorf("field digests[%d]: a second digest of %s over %d records", i, d.Source, d.Records)
			}
		}
	}
	for i := range e.Known {
		if err := e.Known[i].validate(); err != nil {
			return fmt.Errorf("field known[%d].%w", i, err)
		}
	}
	if e.Reference != nil {
		if err := e.Reference.validate(); err != nil {
			return fmt.Errorf("field reference.%w", err)
		}
	}
	return e.validateVectors()
}

// validate checks a digest's fields; errors start with the field name.
func (d *Digest) validate() error {
	switch {
	case d.Source == "":
		return fmt.Errorf("source: empty")
	case d.Records <= 0:
		return fmt.Errorf("records: %d, want at least 1", d.Records)
	case d.Origin == "":
		return fmt.Errorf("origin: empty (say where the digest is published)")
	}
	if b, err := hex.DecodeString(d.SHA256); err != nil || len(b) != 32 || hex.EncodeToString(b) != d.SHA256 {
		return fmt.Errorf("sha256: %q is not 64 lower-case hex digits", d.SHA256)
	}
	return nil
}
