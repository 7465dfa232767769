package report

import (
	"sort"
	"strconv"
	"strings"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/format"
)

// paramSets puts the parameter sets of one family and implementation side
// by side, rows the sets and columns the operations, as libntruprime's
// speed table does.
func (m *model) paramSets(d *doc) {
	groups := map[string][]*evidence.InstanceSummary{}
	for i := range m.sum.Instances {
		in := &m.sum.Instances[i]
		if in.Family == "" || len(in.Ops) == 0 {
			continue
		}
		k := in.Family + "\x00" + in.Impl + "\x00" + in.Plugin
		groups[k] = append(groups[k], in)
	}
	var keys []string
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
	sort.Strings(keys)
	d.h(2, "summary-sets", "Parameter sets side by side")
	d.p(txt("One table per family and implementation: rows are parameter sets, columns operations (median time per call over the trials' medians)."))
	for _, k := range keys {
		g := groups[k]
		sortInstances(g)
		f := strings.Split(k, "\x00")
		title := f[0]
		if f[1] != "" {
			title += " (" + f[1] + ")"
		}
		d.h(3, "summary-sets-"+evidence.Safe(f[0]+"-"+f[1]+"-"+f[2]), "%s, plugin %s", title, f[2])
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
