package report

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/format"
)

func (m *model) share(d *doc, p *evidence.PluginInfo, id string) {
	d.h(2, id+"-7", "7 Symmetric-primitive share")
	d.p(txt("Share of each operation's CPU time spent in the symmetric helper functions the instance names (from a CPU profile; a sample counts for the outermost helper on its stack), and helper calls per operation."))
	st := d.newTable("instance", "operation", "share:", "profile samples:", "by helper")
	for _, in := range p.Instances {
		for _, r := range m.records(p.Name, in.ID) {
			if r.Share == nil {
				continue
			}
			var by []string
			for _, f := range slices.Sorted(maps.Keys(r.Share.ByFunc)) {
				by = append(by, f+" "+format.Percent(r.Share.ByFunc[f]))
			}
			st.srow(in.ID, r.Op, format.Percent(r.Share.Total), strconv.FormatInt(r.Share.Samples, 10), dash(strings.Join(by, "; ")))
		}
	}

	ct := d.newTable("instance", "operation", "helper", "calls/op:")
	for _, in := range p.Instances {
		for _, r := range m.records(p.Name, in.ID) {
			for _, f := range slices.Sorted(maps.Keys(r.Stats.CallsPerOp)) {
				ct.srow(in.ID, r.Op, f, format.Float(r.Stats.CallsPerOp[f], 2))
			}
		}
	}

}
