package katgate

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"sort"
	"strings"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/plugin"
	"crucible.dev/registry/eval/catalog"
	"crucible.dev/registry/eval/katcheck"
)

// A published KAT file can be replayed by a plugin that does not implement
// the algorithm. So the host also draws a seed of its own for the run, asks
// every implementation of an instance for a short file grown from it, and
// compares the files byte for byte with the designated reference's (the
// catalog's choice) or, where no reference ran, the first implementation's:
// a replayed file differs from the first record on.

// freshFile is the fresh-seed file of an instance and source that later
// implementations are compared with.
type freshFile struct {
	plugin, id string
	reference  bool
	data       []byte
}

// NewFreshSeed draws the run's seed.
func NewFreshSeed() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("fresh seed: %w", err)
	}
	return hex.EncodeToString(b), nil
}

// freshSeedBytes decodes the run's seed.
func freshSeedBytes(s string) ([]byte, error) {
	seed, err := hex.DecodeString(s)
	if err != nil || len(seed) == 0 {
		return nil, fmt.Errorf("no fresh seed for this run")
	}
	return seed, nil
}

// freshCheck generates g's file from the run's seed and compares it with
// the baseline implementation's of the same instance and source.
func (c *Gate) freshCheck(p *plugin.Process, pluginName, id string, in *plugin.Instance, g plugin.KAT, isRef bool) evidence.KATResult {
	// The plugin writes at most the records its generator declares (one,
	// for a published digest of one record): the result counts those.
	n := min(c.Fresh, g.Records)
	r := evidence.KATResult{Source: g.Source + " (fresh seed)", Type: "fresh-seed", Records: n, Provenance: evidence.ProvenanceCrossCheck}
	seed, err := freshSeedBytes(c.FreshSeed)
	if err != nil {
		r.Status, r.Detail = evidence.KATError, err.Error()
		return r
	}
	c.Step(pluginName, id, fmt.Sprintf("kat %s (%d records, fresh seed)", g.Source, n), "")
	var file bytes.Buffer
	if err := p.GenerateKAT(id, g.Source, n, seed, &file); err != nil {
		r.Status, r.Detail = evidence.KATError, err.Error()
		return r
	}
	r.Digest, err = katDigest(g.Format, file.Bytes())
	if err != nil {
		r.Status, r.Detail = evidence.KATError, err.Error()
		return r
	}
	key := in.Name + "\x00" + g.Source + "\x00" + g.Format
	this := freshFile{pluginName, id, isRef, file.Bytes()}
	base, ok := c.fresh[key]
	if !ok || (isRef && !base.reference) {
		c.fresh[key] = this
		r.Status = evidence.KATNone
		r.Detail = fmt.Sprintf("the first implementation of %s in this run to write it: later ones are compared with it", in.Name)
		if !isRef {
			return r
		}
		r.Detail = fmt.Sprintf("the designated reference of %s: the others are compared with it", in.Name)
		if ok {
			// The reference ran after another implementation: that one
			// is judged now, against the reference.
			var diff error
			if m := freshDiff(g.Format, this.data, base.data); m != "" {
				diff = errors.New(strings.TrimPrefix(m, ": "))
			}
			c.judgeLate(base.plugin, base.id, r.Source, fmt.Sprintf("the file the designated reference %s %s writes from the run's seed", pluginName, id), diff)
			r.Status, r.Detail = lateVerdict(r.Detail, base.plugin, base.id, diff)
		}
		return r
	}
	r.Expected, _ = katDigest(g.Format, base.data)
	whom := fmt.Sprintf("%s %s", base.plugin, base.id)
	if base.reference {
		whom = "the designated reference, " + whom + ","
	}
	if r.Digest == r.Expected {
		r.Status = evidence.KATPass
		r.Detail = fmt.Sprintf("byte for byte the file %s writes from the run's seed", whom)
		return r
	}
	r.Status = evidence.KATFail
	r.Detail = fmt.Sprintf("differs from the file %s writes from the run's seed%s", whom, freshDiff(g.Format, base.data, this.data))
	return r
}

// katDigest is the canonical digest of a KAT file in format.
func katDigest(format string, data []byte) (string, error) {
	h, err := katcheck.NewHasher(format)
	if err != nil {
		return "", err
	}
	h.Write(data)
	return h.Sum(), nil
}

// freshDiff is "" when two files have one digest, else ": " and their
// first difference.
func freshDiff(format string, base, got []byte) string {
	a, _ := katDigest(format, base)
	b, _ := katDigest(format, got)
	if a == b {
		return ""
	}
	if m, err := katcheck.FirstDifference(bytes.NewReader(got), bytes.NewReader(base)); err == nil && m != nil {
		return ": " + m.Error()
	}
	return ": the digests differ"
}

// ReferencesFirst orders the sources so that the plugins serving a
// designated reference run before the others: fresh-seed answers are then
// compared with the reference's from the start.
func ReferencesFirst(srcs []plugin.Source) []int {
	refs := catalog.ReferencePlugins()
	order := make([]int, len(srcs))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return refs[srcs[order[a]].Name] && !refs[srcs[order[b]].Name] })
	return order
}

// IsReference reports whether the catalog designates in, served by the
// plugin, as its instance's reference.
func IsReference(pluginName string, in *plugin.Instance) bool {
	e, ok := catalog.Lookup(in.Name)
	return ok && e.IsReference(pluginName, in.Impl)
}
