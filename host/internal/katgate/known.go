package katgate

import (
	"fmt"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/registry/eval/catalog"
)

// knownKAT returns the catalog's reviewed finding that covers every
// failure of a KAT result, or nil. A result with more failures than it
// keeps cannot be shown to be only the known ones, so it stays new.
func knownKAT(e *catalog.Entry, impl string, r evidence.KATResult) *catalog.Known {
	if e == nil || r.Status != evidence.KATFail || r.Failed == 0 || r.Failed != len(r.Failures) {
		return nil
	}
	for i := range e.Known {
		k := &e.Known[i]
		all := true
		for _, f := range r.Failures {
			if !k.Matches(impl, "kat", r.Source, f) {
				all = false
				break
			}
		}
		if all {
			return k
		}
	}
	return nil
}

// markKnown folds the catalog's known KAT findings into an instance's
// results: a failure they cover becomes "known", and a known finding
// whose source ran and passed is returned as resolved.
func markKnown(e *catalog.Entry, impl string, rs []evidence.KATResult) (resolved []string) {
	if e == nil {
		return nil
	}
	seen := map[*catalog.Known]bool{}
	for i := range rs {
		if k := knownKAT(e, impl, rs[i]); k != nil {
			rs[i].Status = evidence.KATKnown
			seen[k] = true
		}
	}
	for i := range e.Known {
		k := &e.Known[i]
		if seen[k] || k.What != "kat" || k.Impl != "" && k.Impl != impl {
			continue
		}
		if src, ok := cleared(k, rs); ok {
			resolved = append(resolved, fmt.Sprintf("known finding no longer occurs (%s passes): %s", src, k.Reason))
		}
	}
	return resolved
}

// knownOf returns the reviewed finding a KAT result's status "known" stands
// for, so the finding it raises carries the reason and link.
func knownOf(e *catalog.Entry, impl string, r evidence.KATResult) (reason, link string) {
	r.Status = evidence.KATFail
	if k := knownKAT(e, impl, r); k != nil {
		return k.Reason, k.Link
	}
	return "", ""
}

// cleared reports whether the sources a known finding concerns all ran and
// passed: its own source, or, when it names none, every source.
func cleared(k *catalog.Known, rs []evidence.KATResult) (string, bool) {
	src, ran := k.Source, false
	for _, r := range rs {
		if k.Source != "" && r.Source != k.Source {
			continue
		}
		if r.Status != evidence.KATPass {
			return "", false
		}
		ran = true
	}
	if src == "" {
		src = "every source"
	}
	return src, ran
}
