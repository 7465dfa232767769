package report

import (
	"crucible.dev/host/internal/evidence"
)

func (m *model) katResults(d *doc, p *evidence.PluginInfo, id string) {
	d.h(2, id+"-3", "3 KAT results by source")
	d.p(txt("A generated source passes when the SHA-256 of the file the implementation wrote equals the published digest; a vectors source replays every case, invalid ones included. Provenance: catalog material is the evaluator's, independent of the submitter; declared material ships inside the plugin."))
	for _, in := range p.Instances {
		d.h(3, id+"-3-"+evidence.Safe(in.ID), "%s", in.ID)
		k, ok := m.run.KATFor(p.Name, in.ID)
		if !ok {
			why := "no KAT record in this run"
			if in.Unavailable != "" {
				why += " (not built: " + in.Unavailable + ")"
			}
			d.p(txt(why + "."))
			continue
		}
		d.p(txtf("Overall: %s.", k.Status))
		t := d.newTable("source", "type", "provenance", "status", "records:", "passed:", "failed:", "digest", "published", "origin")
		var first []inline
		for _, r := range k.Results {
			// Digests in full: the page must change if the evidence does.
			digest, want := dash(r.Digest), dash(r.Expected)
			if r.Digest != "" && r.Digest == r.Expected {
				want = "= digest"
			}
			t.row(txt(r.Source), txt(r.Type), txt(dash(r.Provenance)), txt(string(r.Status)), txt(countOrDash(r.Records)), txt(countOrDash(r.Passed)), txt(countOrDash(r.Failed)), code(digest), code(want), txt(dash(r.Origin)))
			if r.Detail != "" {
				first = append(first, txtf("%s: %s", r.Source, r.Detail))
			}
			for i, f := range r.Failures {
				if i == 5 {
					first = append(first, txtf("%s: %d more failures", r.Source, len(r.Failures)-5))
					break
				}
				first = append(first, txtf("%s: %s", r.Source, f))
			}
		}
		if len(first) > 0 {
			d.p(txt("First failures and details:"))
			d.list(first)
		}
	}
}
