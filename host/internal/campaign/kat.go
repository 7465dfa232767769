package campaign

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/plugin"
	"crucible.dev/registry/catalog"
	"crucible.dev/registry/kat"
	"crucible.dev/registry/pluginv1"
	"crucible.dev/registry/vectors"
)

// katGate checks an instance against every KAT source that applies: the
// files it generates, hashed and compared with the catalog's published
// digests, and the vector sources replayed through the plugin. It writes
// the results and returns the instance's KAT status.
func (c *Campaign) katGate(p *plugin.Process, pluginName string, in *pluginv1.Instance) string {
	id := InstID(in)
	path := evidence.KATPath(c.cfg.Out, pluginName, id)
	if c.cfg.Resume {
		var old evidence.KATRecord
		if evidence.ReadJSON(path, &old) == nil {
			for _, r := range old.Results {
				c.katFinding(pluginName, id, r)
			}
			return old.Status
		}
	}
	rec := evidence.KATRecord{Plugin: pluginName, Instance: id}
	entry, _ := catalog.Lookup(in.Name)
	for _, g := range in.Kats {
		rec.Results = append(rec.Results, c.generated(p, pluginName, id, entry, g)...)
	}
	for _, src := range vectors.For(in.Name, c.cfg.Long) {
		c.cfg.Progress.Step(pluginName, id, "kat "+src.Name, "")
		res, err := src.Check(in.Name, p.Runner(id))
		r := evidence.KATResult{Source: src.Name, Type: "vectors", Passed: res.Passed, Failed: res.Failed, Failures: res.Failures}
		switch {
		case errors.Is(err, vectors.ErrUnavailable):
			r.Status, r.Detail = "skipped", err.Error()
		case errors.Is(err, vectors.ErrUnsupported):
			// The implementation declares it cannot express any case of
			// this source (e.g. an API that refuses the empty message):
			// reported with its reason, neither pass nor failure.
			r.Status, r.Detail = "unsupported", err.Error()
		case err != nil:
			r.Status, r.Detail = "error", err.Error()
		case p.Exited():
			r.Status, r.Detail = "error", "the plugin process died during the check"
		case res.Failed > 0:
			r.Status = "fail"
		case res.Passed == 0:
			r.Status, r.Detail = "error", "no case was checked"
		default:
			r.Status = "pass"
		}
		rec.Results = append(rec.Results, r)
	}
	for _, r := range rec.Results {
		c.katFinding(pluginName, id, r)
	}
	rec.Status = katStatus(rec.Results)
	if err := evidence.WriteJSON(path, rec); err != nil {
		fmt.Fprintln(c.cfg.Log, "host:", err)
	}
	return rec.Status
}

func (c *Campaign) katFinding(pluginName, id string, r evidence.KATResult) {
	switch r.Status {
	case "fail":
		d := r.Detail
		if d == "" && len(r.Failures) > 0 {
			d = fmt.Sprintf("%d of %d cases failed; first: %s", r.Failed, r.Failed+r.Passed, r.Failures[0])
		}
		c.finding(evidence.Finding{Plugin: pluginName, Instance: id, Op: "kat " + r.Source, What: "kat", Detail: d})
	case "error":
		c.finding(evidence.Finding{Plugin: pluginName, Instance: id, Op: "kat " + r.Source, What: "kat", Detail: "could not run: " + r.Detail})
	}
}

// katStatus folds the sources: any failure fails, an error without a
// failure is an error, and with no source that ran the status is "none".
func katStatus(rs []evidence.KATResult) string {
	st := "none"
	for _, r := range rs {
		switch r.Status {
		case "fail":
			return "fail"
		case "error":
			st = "error"
		case "pass":
			if st == "none" {
				st = "pass"
			}
		}
	}
	return st
}

// generated checks one KAT generator against every digest the catalog
// publishes for its source.
func (c *Campaign) generated(p *plugin.Process, pluginName, id string, e *catalog.Entry, g *pluginv1.KAT) []evidence.KATResult {
	var ds []catalog.Digest
	if e != nil {
		for _, d := range e.Digests {
			if d.Source == g.Source && (c.cfg.Long || d.Records <= 100) {
				ds = append(ds, d)
			}
		}
	}
	if len(ds) == 0 {
		return []evidence.KATResult{{Source: g.Source, Type: "generated", Status: "none",
			Detail: "no published digest in the catalog for this source"}}
	}
	var out []evidence.KATResult
	for _, d := range ds {
		c.cfg.Progress.Step(pluginName, id, fmt.Sprintf("kat %s (%d records)", g.Source, d.Records), "")
		r := evidence.KATResult{Source: g.Source, Type: "generated", Records: d.Records, Expected: d.SHA256, Origin: d.Origin}
		h, err := kat.NewHasher(g.Format)
		if err != nil {
			r.Status, r.Detail = "error", err.Error()
			out = append(out, r)
			continue
		}
		var file strings.Builder
		w := &tee{h, &file}
		if err := p.GenerateKAT(id, g.Source, d.Records, w); err != nil {
			r.Status, r.Detail = "error", err.Error()
			out = append(out, r)
			continue
		}
		r.Digest = h.Sum()
		if r.Digest == d.SHA256 {
			r.Status = "pass"
			out = append(out, r)
			continue
		}
		r.Status = "fail"
		r.Detail = fmt.Sprintf("digest %s, published %s", r.Digest, d.SHA256)
		// Keep the file as evidence, and locate the first difference
		// against the reference file where one is at hand.
		kp := evidence.KATFilePath(c.cfg.Out, pluginName, id, g.Source)
		if err := evidence.WriteFile(kp, []byte(file.String())); err == nil {
			r.Detail += "; file kept as " + rel(c.cfg.Out, kp)
		}
		if d.Reference != "" {
			if shared, ok := kat.SharedDir(); ok {
				if ref, err := os.Open(filepath.Join(shared, d.Reference)); err == nil {
					m, err := kat.FirstDifference(strings.NewReader(file.String()), ref)
					ref.Close()
					if err == nil && m != nil {
						r.Detail += "; first difference: " + m.Error()
					}
				}
			}
		}
		out = append(out, r)
	}
	return out
}

type tee struct {
	a, b interface{ Write([]byte) (int, error) }
}

func (t *tee) Write(p []byte) (int, error) {
	t.a.Write(p)
	return t.b.Write(p)
}

func rel(base, p string) string {
	r, err := filepath.Rel(base, p)
	if err != nil {
		return p
	}
	return r
}
