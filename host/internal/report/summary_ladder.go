package report

import (
	"maps"
	"slices"
	"sort"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/format"
	"crucible.dev/host/internal/opkey"
	"crucible.dev/registry"
)

// symmetricLadder tabulates cycles per byte against message length.
func (m *model) symmetricLadder(d *doc) {
	type row struct {
		id  string
		cpb map[int]float64
	}
	var rows []row
	lens := map[int]bool{}
	for _, in := range m.sum.Instances {
		if !registry.Kind(in.Kind).Symmetric() {
			continue
		}
		for _, base := range baseOps(in.Ops) {
			r := row{id: in.ID + " " + base, cpb: map[int]float64{}}
			for op, o := range in.Ops {
				pt := opkey.Point(op)
				msg := pt.MsgLen
				if pt.Op != base || msg == 0 || (pt.OutLen != 0 && pt.OutLen != 32) || o.Error != "" {
					continue
				}
				// The headline median, robust to the preempted
				// samples that inflate a mean.
				r.cpb[msg] = o.MedianCycles / float64(msg)
				lens[msg] = true
			}
			if len(r.cpb) > 0 {
				rows = append(rows, r)
			}
		}
	}
	if len(rows) == 0 {
		return
	}
	var ls []int
	for l := range lens {
		ls = append(ls, l)
	}
	sort.Ints(ls)
	d.h(2, "summary-ladder", "Symmetric primitives: cycles per byte against message length")
	d.p(txt("Median cycles per call over the trials' medians, divided by the message length."))
	head := []string{"instance and operation"}
	for _, l := range ls {
		head = append(head, byteLen(float64(l))+":")
	}
	t := d.newTable(head...)
	for _, r := range rows {
		cells := []string{r.id}
		for _, l := range ls {
			if v, ok := r.cpb[l]; ok {
				cells = append(cells, format.Float(v, 2))
			} else {
				cells = append(cells, "")
			}
		}
		t.srow(cells...)
	}
}

// baseOps are the distinct operations of a ladder, without lengths.
func baseOps(ops map[string]evidence.OpSummary) []string {
	seen := map[string]bool{}
	for op := range ops {
		seen[opkey.Point(op).Op] = true
	}
	return slices.Sorted(maps.Keys(seen))
}
