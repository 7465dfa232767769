package report

import (
	"path"
	"strings"

	"crucible.dev/host/internal/evidence"
)

func (m *model) evidenceIndex(d *doc, p *evidence.PluginInfo, id string) {
	d.h(2, id+"-8", "8 Raw evidence index")
	d.p(txt("Every file of the run directory about this plugin: what this page was computed from, and the other steps' evidence."))
	safe := evidence.Safe(p.Name)
	items := []inline{fileLink("campaign.json", "campaign.json").plus(txt(" (command, settings, environment)")),
		fileLink("plugins/"+safe+".json", "plugins/"+safe+".json").plus(txt(" (description, size audit, findings)"))}
	if log := evidence.Rel(m.run.Dir, evidence.LogPath(m.run.Dir, p.Name)); m.run.HasFile(log) {
		items = append(items, fileLink(log, log).plus(txt(" (plugin stderr)")))
	}
	items = append(items, m.otherEvidence(safe)...)
	d.list(items)
	t := d.newTable("instance", "KAT", "records", "profiles")
	for _, in := range p.Instances {
		var kat inline
		rel := evidence.Rel(m.run.Dir, evidence.KATPath(m.run.Dir, p.Name, in.ID))
		if _, ok := m.run.KATFor(p.Name, in.ID); ok {
			kat = fileLink(rel, rel)
		}
		// Files a failed generated KAT left behind, beside the record
		// (evidence.KATFilePath).
		stem := strings.TrimSuffix(rel, ".json") + "."
		for _, f := range m.run.Files {
			if rest, ok := strings.CutPrefix(f, stem); ok && strings.HasSuffix(rest, ".txt") && !strings.Contains(rest, "/") {
				kat = kat.plus(txt(" "), fileLink(f, f))
			}
		}
		var recs, profs inline
		for _, r := range m.records(p.Name, in.ID) {
			if len(recs) > 0 {
				recs = append(recs, span{text: " "})
			}
			recs = recs.plus(fileLink(r.Op, m.run.Paths[r]))
			if r.Profile != "" {
				if len(profs) > 0 {
					profs = append(profs, span{text: " "})
				}
				profs = profs.plus(fileLink(r.Op, r.Profile))
			}
		}
		t.row(txt(in.ID), kat, recs, profs)
	}
}

// otherEvidence lists the plugin's files in the evidence directories this
// page does not index by instance (robustness counts, and whatever later
// steps add as <step>/<plugin>/... or <step>/<plugin>.json): an index that
// omitted them would not be the index of every file.
func (m *model) otherEvidence(safe string) []inline {
	known := map[string]bool{"records": true, "kat": true, "profiles": true, "plugins": true, "logs": true, "report": true}
	var out []inline
	for _, f := range m.run.Files {
		top, rest, ok := strings.Cut(f, "/")
		if !ok || known[top] {
			continue
		}
		name, _, deeper := strings.Cut(rest, "/")
		if (deeper && name == safe) || (!deeper && strings.TrimSuffix(name, path.Ext(name)) == safe) {
			out = append(out, fileLink(f, f))
		}
	}
	return out
}
