// Package vectors replays published test vectors (Wycheproof, ACVP, RFCs,
// BIP-340) against an instance through a registry.Runner, so the host checks
// a plugin across the process boundary and a plugin's own tests run the very
// same checks in-process.
package vectors

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"crucible.dev/registry"
)

// ErrUnavailable marks a source whose vectors cannot be had here (the
// pinned module could not be fetched, a file is absent). A check that
// returns it is reported as skipped with its reason, never as a pass.
var ErrUnavailable = errors.New("vectors unavailable")

// ErrUnsupported marks a check none of whose cases the implementation's
// API can express (a library that refuses the empty message, that cannot
// take explicit signing randomness): reported with its reason, neither a
// pass nor a failure.
var ErrUnsupported = errors.New("unsupported by the implementation")

// Result is the outcome of one source's check of one instance.
type Result struct {
	Passed   int      `json:"passed"`
	Failed   int      `json:"failed"`
	Failures []string `json:"failures,omitempty"` // the first few, each naming the record and field
}

// maxFailures bounds how many failures a Result keeps in full.
const maxFailures = 10

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

// Source is one body of test vectors.
type Source struct {
	// Name identifies the source in reports ("wycheproof", "acvp", "rfc7748").
	Name string
	// Applies reports whether the source covers the catalog instance name.
	Applies func(instance string) bool
	// Check replays the vectors for instance through r. An error means the
	// check could not run (ErrUnavailable for missing vectors).
	Check func(instance string, r registry.Runner) (Result, error)
	// Long is set for sources too slow for the default run (behind --long).
	Long bool
}

var sources []Source

// Register adds a source; each family's file registers its own.
func Register(s Source) { sources = append(sources, s) }

// For returns the sources that apply to the instance, sorted by name.
func For(instance string, long bool) []Source {
	var out []Source
	for _, s := range sources {
		if s.Applies(instance) && (long || !s.Long) {
			out = append(out, s)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Named returns the source named name that applies to instance.
func Named(instance, name string) (Source, bool) {
	for _, s := range sources {
		if s.Name == name && s.Applies(instance) {
			return s, true
		}
	}
	return Source{}, false
}

// is returns an Applies function matching the listed instance names.
func is(names ...string) func(string) bool {
	return func(n string) bool {
		for _, x := range names {
			if strings.EqualFold(n, x) {
				return true
			}
		}
		return false
	}
}
