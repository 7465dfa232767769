// Package katgate is the KAT gate an instance passes before it is
// benchmarked: the files it generates hashed against published digests,
// vector sources replayed through it, files and operations grown from the
// run's own seed compared across the implementations of an instance, and
// the catalog's reviewed (known) failures folded in.
package katgate

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/plugin"
	"crucible.dev/registry/eval/catalog"
	"crucible.dev/registry/eval/katcheck"
	"crucible.dev/registry/eval/katcheck/reference"
	"crucible.dev/registry/eval/vectors"
)

// Gate is the KAT gate of one run. It keeps, across plugins, what later
// implementations of an instance are compared with and the verdicts on
// earlier ones that a designated reference gave after them.
type Gate struct {
	Out       string // run directory
	Long      bool   // long KAT variants
	Resume    bool   // keep the KAT records the directory already holds
	Fresh     int    // records of each fresh-seed KAT file; 0 for none
	FreshSeed string // the run's seed for them, hex
	Log       io.Writer
	Step      func(plugin, instance, op, what string) // progress
	Finding   func(evidence.Finding)                  // raises a finding

	fresh        map[string]freshFile      // by instance name, KAT source and format
	freshOpsBase map[string]*opsTranscript // by instance name
	late         []lateJudgement           // verdicts on implementations that ran before their reference
}

// Check checks an instance against every KAT source that applies: the
// files it generates, hashed and compared with the catalog's published
// digests, and the vector sources replayed through the plugin. It writes
// the results and returns the instance's KAT status.
func (c *Gate) Check(p *plugin.Process, pluginName string, in *plugin.Instance) evidence.KATStatus {
	id := in.ID()
	path := evidence.KATPath(c.Out, pluginName, id)
	entry, _ := catalog.Lookup(in.Name)
	if c.Resume {
		var old evidence.KATRecord
		if evidence.ReadJSON(path, &old) == nil {
			for _, r := range old.Results {
				c.katFinding(pluginName, id, entry, in.Impl, r)
			}
			return old.Status
		}
	}
	rec := evidence.KATRecord{Plugin: pluginName, Instance: id}
	if c.fresh == nil {
		c.fresh, c.freshOpsBase = map[string]freshFile{}, map[string]*opsTranscript{}
	}
	isRef := IsReference(pluginName, in)
	for _, g := range in.KATs {
		rec.Results = append(rec.Results, c.generated(p, pluginName, id, entry, in, g)...)
		if c.Fresh > 0 {
			rec.Results = append(rec.Results, c.freshCheck(p, pluginName, id, in, g, isRef))
		}
	}
	if c.Fresh > 0 {
		if r, ok := c.freshOps(p.Runner(id), pluginName, id, in, isRef); ok {
			rec.Results = append(rec.Results, r)
		}
	}
	for _, src := range vectors.For(in.Name, c.Long) {
		c.Step(pluginName, id, "kat "+src.Name, "")
		res, err := src.Check(in.Name, p.Runner(id))
		rec.Results = append(rec.Results, vectorResult(src.Name, provCatalog, res, err, died(p)))
	}
	for _, v := range in.VectorFiles {
		c.Step(pluginName, id, "kat "+v.Name+" (declared)", "")
		res, err := checkDeclared(v, p.Runner(id))
		rec.Results = append(rec.Results, vectorResult(v.Name, provDeclared, res, err, died(p)))
	}
	rec.Resolved = markKnown(entry, in.Impl, rec.Results)
	for _, r := range rec.Results {
		c.katFinding(pluginName, id, entry, in.Impl, r)
	}
	rec.Status = evidence.FoldKAT(rec.Results)
	if err := evidence.WriteJSON(path, rec); err != nil {
		fmt.Fprintln(c.Log, "host:", err)
	}
	return rec.Status
}

// katFinding raises the finding a KAT result stands for: a failure, a
// known (reviewed) failure with the catalog's reason, or a check that
// could not run.
func (c *Gate) katFinding(pluginName, id string, e *catalog.Entry, impl string, r evidence.KATResult) {
	switch r.Status {
	case "fail", "known":
		d := r.Detail
		if d == "" && len(r.Failures) > 0 {
			d = fmt.Sprintf("%d of %d cases failed; first: %s", r.Failed, r.Failed+r.Passed, r.Failures[0])
		}
		f := evidence.Finding{Plugin: pluginName, Instance: id, Op: "kat " + r.Source, What: "kat", Detail: d}
		if r.Status == evidence.KATKnown {
			f.Known, f.Link = knownOf(e, impl, r)
		}
		c.Finding(f)
	case "error":
		c.Finding(evidence.Finding{Plugin: pluginName, Instance: id, Op: "kat " + r.Source, What: "kat", Detail: "could not run: " + r.Detail})
	}
}

// generated checks one KAT generator against every digest the catalog
// publishes for its source or, where it publishes none, every digest the
// plugin declares. A declared digest that contradicts the catalog's is a
// finding of its own.
func (c *Gate) generated(p *plugin.Process, pluginName, id string, e *catalog.Entry, in *plugin.Instance, g plugin.KAT) []evidence.KATResult {
	declared := in.DeclaredDigests
	var ds []catalog.Digest
	if e != nil {
		for _, d := range e.Digests {
			if d.Source == g.Source && (c.Long || d.Records <= 100) {
				ds = append(ds, d)
			}
		}
	}
	var out []evidence.KATResult
	prov := provCatalog
	for _, d := range declared {
		if len(ds) == 0 || d.Source != g.Source {
			continue
		}
		if cd, ok := e.DigestFor(d.Source, int(d.Records)); ok && cd.SHA256 != d.SHA256 {
			out = append(out, evidence.KATResult{Source: g.Source, Type: "generated", Records: int(d.Records), Provenance: provDeclared,
				Status: evidence.KATFail, Expected: d.SHA256, Origin: d.Origin,
				Detail: fmt.Sprintf("the plugin declares digest %s, the catalog publishes %s (%s); the catalog's is the one checked", d.SHA256, cd.SHA256, cd.Origin)})
		}
	}
	if len(ds) == 0 {
		prov = provDeclared
		for _, d := range declared {
			if d.Source == g.Source && (c.Long || d.Records <= 100) {
				ds = append(ds, catalog.Digest{Source: d.Source, Records: int(d.Records), SHA256: d.SHA256, Origin: d.Origin})
			}
		}
	}
	if len(ds) == 0 {
		return []evidence.KATResult{{Source: g.Source, Type: "generated", Status: evidence.KATNone,
			Detail: "no published digest in the catalog, and none declared, for this source"}}
	}
	for _, d := range ds {
		c.Step(pluginName, id, fmt.Sprintf("kat %s (%d records)", g.Source, d.Records), "")
		r := evidence.KATResult{Source: g.Source, Type: "generated", Records: d.Records, Expected: d.SHA256, Origin: d.Origin, Provenance: prov}
		h, err := katcheck.NewHasher(g.Format)
		if err != nil {
			r.Status, r.Detail = evidence.KATError, err.Error()
			out = append(out, r)
			continue
		}
		var file strings.Builder
		w := io.MultiWriter(h, &file)
		if err := p.GenerateKAT(id, g.Source, d.Records, nil, w); err != nil {
			r.Status, r.Detail = evidence.KATError, err.Error()
			out = append(out, r)
			continue
		}
		r.Digest = h.Sum()
		if r.Digest == d.SHA256 {
			r.Status = evidence.KATPass
			out = append(out, r)
			continue
		}
		r.Status = evidence.KATFail
		r.Detail = fmt.Sprintf("digest %s, published %s", r.Digest, d.SHA256)
		// Keep the file as evidence, and locate the first difference
		// against the reference file where one is at hand.
		kp := evidence.KATFilePath(c.Out, pluginName, id, g.Source)
		if err := evidence.WriteFile(kp, []byte(file.String())); err == nil {
			r.Detail += "; file kept as " + evidence.Rel(c.Out, kp)
		}
		if d.Reference != "" {
			if ref, err := reference.Open(d.Reference); err == nil {
				m, err := katcheck.FirstDifference(strings.NewReader(file.String()), ref)
				ref.Close()
				if err == nil && m != nil {
					r.Detail += "; first difference: " + m.Error()
				}
			}
		} else if ref, name := declaredFile(in.VectorFiles, g.Format, d.SHA256); ref != nil && prov == provDeclared {
			if m, err := katcheck.FirstDifference(strings.NewReader(file.String()), bytes.NewReader(ref)); err == nil && m != nil {
				r.Detail += "; first difference from the declared file " + name + ": " + m.Error()
			}
		}
		out = append(out, r)
	}
	return out
}
