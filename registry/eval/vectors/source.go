// Package vectors replays published test vectors (Wycheproof, ACVP, RFCs,
// BIP-340) against an instance through a registry.Runner, so the host checks
// a plugin across the process boundary and a plugin's own tests run the very
// same checks in-process.
//
// Which vectors apply to an instance is the catalog's data (its "vectors"
// field); standard formats map onto the kinds' standard operations by their
// schema (Wycheproof), algorithm and mode (ACVP) or a column mapping (CSV).
// Only checks that need code of their own (iterated and accumulated tests,
// check values printed in a specification) are named checks here.
package vectors

import (
	"errors"
	"fmt"
	"sort"

	"crucible.dev/registry"
	"crucible.dev/registry/eval/catalog"
)

// ErrNoVectors marks a source whose vectors cannot be had here (the
// pinned module could not be fetched). A check that returns it is
// reported as skipped with its reason, never as a pass.
var ErrNoVectors = errors.New("vectors unavailable")

// ErrMissing marks a vector file a catalog entry or a plugin names that is
// not there: not in the pinned module, whose content its checksum fixes,
// nor among the shipped files. That is a mistake in the declaration, not
// in the machine, so it is an error wherever it is found.
var ErrMissing = errors.New("vector file missing")

// ErrUnsupported marks a check none of whose cases the implementation's
// API can express (a library that refuses the empty message, that cannot
// take explicit signing randomness): reported with its reason, neither a
// pass nor a failure.
var ErrUnsupported = errors.New("unsupported by the implementation")

// Result is the outcome of one source's check of one instance.
type Result struct {
	Passed   int      `json:"passed"`
	Failed   int      `json:"failed"`
	Failures []string `json:"failures,omitempty"` // the first maxFailures, each naming the record and field
}

// maxFailures bounds how many failures a Result keeps in full. A run marks
// a source's failures as a reviewed (known) finding only when it holds
// every one of them, so the bound is well above a vector file's invalid
// cases of one kind: Wycheproof's ML-KEM-768 file alone has 12 ek modulus
// cases that an implementation without FIPS 203's input check accepts.
const maxFailures = 256

// Fail records one failed case.
func (r *Result) Fail(format string, args ...any) {
	r.Failed++
	if len(r.Failures) < maxFailures {
		r.Failures = append(r.Failures, fmt.Sprintf(format, args...))
	}
}

// Check records a case that passed when ok, and failed otherwise.
func (r *Result) Check(ok bool, format string, args ...any) {
	if ok {
		r.Passed++
		return
	}
	r.Fail(format, args...)
}

// Source is one body of test vectors, ready to replay.
type Source struct {
	// Name identifies the source in reports ("wycheproof", "acvp", "rfc7748").
	Name string
	// Check replays the vectors for instance through r. An error means the
	// check could not run (ErrNoVectors for missing vectors).
	Check func(instance string, r registry.Runner) (Result, error)
	// Long is set for sources too slow for the default run (behind --long).
	Long bool
}

// For returns the sources the catalog lists for the instance, sorted by
// name; the long ones only when long is set.
func For(instance string, long bool) []Source {
	e, ok := catalog.Lookup(instance)
	if !ok {
		return nil
	}
	var out []Source
	for _, v := range e.Vectors {
		if long || !v.Long {
			out = append(out, source(e, v))
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Named returns the catalog's source named name for instance.
func Named(instance, name string) (Source, bool) {
	e, ok := catalog.Lookup(instance)
	if !ok {
		return Source{}, false
	}
	for _, v := range e.Vectors {
		if v.Source == name {
			return source(e, v), true
		}
	}
	return Source{}, false
}

// source binds a catalog vector source of entry e to the engine.
func source(e *catalog.Entry, v catalog.VectorSource) Source {
	t := Target{Name: e.Name, Sizes: e.Sizes}
	return Source{Name: v.Source, Long: v.Long, Check: func(_ string, r registry.Runner) (Result, error) {
		return Replay(v, t, r)
	}}
}
