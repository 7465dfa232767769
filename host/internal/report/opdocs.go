package report

import (
	"maps"
	"slices"

	"crucible.dev/host/internal/evidence"
)

// opDocs lists what the plugin says its operations beyond their kind's own
// compute: the plugin declares their meaning, the core does not.
func opDocs(d *doc, p *evidence.PluginInfo) {
	var docs []inline
	for _, in := range p.Instances {
		for _, op := range slices.Sorted(maps.Keys(in.OpDocs)) {
			docs = append(docs, txtf("%s %s: %s", in.ID, op, in.OpDocs[op]))
		}
	}
	if len(docs) > 0 {
		d.p(txt("What operations compute, where the plugin says (the kind's own wrong-input cases included):"))
		d.list(docs)
	}
}
