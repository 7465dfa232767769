package report

import (
	"cmp"
	"slices"
	"strconv"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/format"
)

// paramSets puts the parameter sets of one family and implementation side
// by side, rows the sets and columns the operations, as libntruprime's
// speed table does.
func (m *model) paramSets(d *doc) {
	type set struct{ family, impl, plugin string }
	groups := map[set][]*evidence.InstanceSummary{}
	for i := range m.sum.Instances {
		in := &m.sum.Instances[i]
		if in.Family == "" || len(in.Ops) == 0 {
			continue
		}
		k := set{in.Family, in.Impl, in.Plugin}
		groups[k] = append(groups[k], in)
	}
	var keys []set
	for k, g := range groups {
		names := map[string]bool{}
		for _, in := range g {
			names[in.Instance] = true
		}
		if len(names) > 1 {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return
	}
	slices.SortFunc(keys, func(a, b set) int {
		return cmp.Or(cmp.Compare(a.family, b.family), cmp.Compare(a.impl, b.impl), cmp.Compare(a.plugin, b.plugin))
	})
	d.h(2, "summary-sets", "Parameter sets side by side")
	d.p(txt("One table per family and implementation: rows are parameter sets, columns operations (median time per call over the trials' medians)."))
	for _, k := range keys {
		g := groups[k]
		sortInstances(g)
		title := k.family
		if k.impl != "" {
			title += " (" + k.impl + ")"
		}
		d.h(3, "summary-sets-"+evidence.Safe(k.family+"-"+k.impl+"-"+k.plugin), "%s, plugin %s", title, k.plugin)
		ops := opsUnion(g)
		t := d.newTable(append([]string{"parameter set", "category:"}, suffixAll(ops, ":")...)...)
		var bars []barItem
		for _, in := range g {
			row := []string{in.Instance, catString(in.Category)}
			for i, op := range ops {
				row = append(row, withInstructions(medianCell(in, op), in, op))
				if o, ok := in.Ops[op]; ok && o.Error == "" && o.MedianNS > 0 {
					bars = append(bars, barItem{label: in.Instance + " " + op, value: o.MedianNS, color: i})
				}
			}
			t.srow(row...)
		}
		d.fig(barChart(bars, format.Duration), title+": median time per call"+scaleNote(bars))
	}
}

func suffixAll(ss []string, suf string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = s + suf
	}
	return out
}

func catString(c int) string {
	if c == 0 {
		return "-"
	}
	return strconv.Itoa(c)
}
