package taint

import (
	"fmt"
	"strings"

	"crucible.dev/registry/eval/catalog"
)

// WhatTaint is the kind of a catalog's reviewed finding that covers a
// taint report ("what": "taint"); its source is the operation, its cases
// a pattern of the report's Detail.
const WhatTaint = "taint"

// Reviewed is the catalog's review of a finding: it is known, and why it
// is accepted.
type Reviewed struct {
	Reason string `json:"reason"`
	Link   string `json:"link,omitempty"`
}

// Detail is what a reviewed finding's pattern is matched against: the kind,
// then every frame from the innermost out, "; " between them, so that a
// review can name the function where the secret is used
// ("branch: crypto/internal/fips140/mlkem.sampleNTT (…field.go:532); …")
// or a caller that makes the use public by design.
func (r Report) Detail() string {
	parts := make([]string, len(r.Frames))
	for i, f := range r.Frames {
		parts[i] = f.String()
	}
	return r.Kind + ": " + strings.Join(parts, "; ")
}

// Review marks each finding that a reviewed finding of its instance's
// catalog entry covers (catalog.Lookup), and returns one line for each
// reviewed finding of an operation that ran (ran holds "instance op")
// which no finding matched any more, so that the catalog is kept honest.
// An instance is "name/impl" or "name".
func Review(findings []Report, ran []string) (resolved []string) {
	matched := map[*catalog.Known]bool{}
	for i := range findings {
		f := &findings[i]
		f.Known = nil
		e, impl := entryOf(f.Instance)
		if e == nil {
			continue
		}
		for j := range e.Known {
			k := &e.Known[j]
			if k.Matches(impl, WhatTaint, f.Op, f.Detail()) {
				f.Known = &Reviewed{Reason: k.Reason, Link: k.Link}
				matched[k] = true
				break
			}
		}
	}
	told := map[*catalog.Known]bool{}
	for _, r := range ran {
		inst, op, ok := strings.Cut(r, " ")
		if !ok {
			continue
		}
		e, impl := entryOf(inst)
		if e == nil {
			continue
		}
		for j := range e.Known {
			k := &e.Known[j]
			if k.What != WhatTaint || matched[k] || told[k] || k.Impl != "" && k.Impl != impl || k.Source != "" && k.Source != op {
				continue
			}
			told[k] = true
			resolved = append(resolved, fmt.Sprintf("%s %s: known taint finding no longer occurs (%s): %s", inst, op, k.Cases, k.Reason))
		}
	}
	return resolved
}

// New counts the findings no review covers.
func New(findings []Report) int {
	n := 0
	for _, f := range findings {
		if f.Known == nil {
			n++
		}
	}
	return n
}

func entryOf(instance string) (*catalog.Entry, string) {
	name, impl, _ := strings.Cut(instance, "/")
	e, ok := catalog.Lookup(name)
	if !ok {
		return nil, ""
	}
	return e, impl
}
