package report

import (
	"sort"
	"strings"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/format"
)

// implementations puts the implementations of one parameter set side by
// side, rows the operations, with each time's ratio to the fastest.
func (m *model) implementations(d *doc) {
	groups := map[string][]*evidence.InstanceSummary{}
	for i := range m.sum.Instances {
		in := &m.sum.Instances[i]
		if len(in.Ops) > 0 {
			groups[in.Instance] = append(groups[in.Instance], in)
		}
	}
	var keys []string
	for k, g := range groups {
		if len(g) > 1 {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return
	}
	sort.Slice(keys, func(i, j int) bool { return natLess(keys[i], keys[j]) })
	d.h(2, "summary-impls", "Implementations side by side")
	d.p(txt("Rows are operations, columns implementations: median time per call over the trials' medians and, in brackets, the ratio to the fastest, or \"tie\" where the confidence intervals of the two medians overlap and a ranking would be noise."))
	for _, k := range keys {
		g := groups[k]
		d.h(3, "summary-impls-"+evidence.Safe(k), "%s", k)
		head := []string{"operation"}
		for _, in := range g {
			name := in.Impl
			if name == "" {
				name = in.ID
			}
			if pluginsDiffer(g) {
				name = in.Plugin + " " + name
			}
			head = append(head, name+":")
		}
		t := d.newTable(head...)
		var bars []barItem
		for _, op := range opsUnion(g) {
			os, ok := make([]evidence.OpSummary, len(g)), make([]bool, len(g))
			for i, in := range g {
				os[i], ok[i] = in.Ops[op]
			}
			best := fastest(os, ok)
			row := []string{op}
			for i, in := range g {
				c := medianCell(in, op)
				if r := ratioCell(os, ok, i, best); r != "" {
					c += " (" + r + ")"
					bars = append(bars, barItem{label: op + " " + strings.TrimSuffix(head[len(row)], ":"), value: os[i].MedianNS, color: len(row) - 1})
				}
				row = append(row, withInstructions(c, in, op))
			}
			t.srow(row...)
		}
		d.fig(barChart(bars, format.Duration), k+": median time per call by implementation"+scaleNote(bars))
	}
}

func pluginsDiffer(g []*evidence.InstanceSummary) bool {
	for _, in := range g {
		if in.Plugin != g[0].Plugin {
			return true
		}
	}
	return false
}
