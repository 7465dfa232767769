package report

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/registry"
)

// categoryOps are the operations a cross-family table shows per kind; the
// kinds not listed show their headline operations.
var categoryOps = map[registry.Kind][]string{
	registry.KindKEM: {registry.OpKeygen, registry.OpEncaps, registry.OpDecaps},
	registry.KindSig: {registry.OpKeygen, registry.OpSign, registry.OpVerify},
	registry.KindKEX: {registry.OpExchange},
}

// categories compares across families by NIST security category: within
// a category, one table per kind with the sizes on the wire and the times
// of the kind's main operations.
func (m *model) categories(d *doc) {
	byCat := map[int]map[registry.Kind][]*evidence.InstanceSummary{}
	for i := range m.sum.Instances {
		in := &m.sum.Instances[i]
		if len(in.Ops) == 0 {
			continue // not measured in this run: nothing to compare
		}
		k := registry.Kind(in.Kind)
		if byCat[in.Category] == nil {
			byCat[in.Category] = map[registry.Kind][]*evidence.InstanceSummary{}
		}
		byCat[in.Category][k] = append(byCat[in.Category][k], in)
	}
	if len(byCat) == 0 {
		return
	}
	var cats []int
	for c := range byCat {
		cats = append(cats, c)
	}
	// Uncategorised instances (symmetric primitives, mostly) come last.
	sort.Slice(cats, func(i, j int) bool {
		a, b := cats[i], cats[j]
		if (a == 0) != (b == 0) {
			return b == 0
		}
		return a < b
	})
	d.h(2, "summary-categories", "Across families by security category")
	d.p(txt("Instances grouped by the NIST security category of their catalog entry; bandwidth as on the plugin pages (section 6); times are medians per call over the trials' medians."))
	for _, c := range cats {
		title := fmt.Sprintf("Category %d", c)
		if c == 0 {
			title = "No security category"
		}
		for _, k := range registry.Kinds {
			ins := byCat[c][k]
			if len(ins) == 0 {
				continue
			}
			sortInstances(ins)
			d.h(3, fmt.Sprintf("summary-cat%d-%s", c, k), "%s: %s", title, kindName(k))
			ops := categoryOps[k]
			if ops == nil {
				ops = opsUnion(ins)
			}
			// Symmetric primitives have nothing on the wire to compare.
			wireName := map[registry.Kind]string{registry.KindKEM: "ct:", registry.KindSig: "sig:", registry.KindKEX: "messages:"}[k]
			head := []string{"instance", "plugin"}
			if !k.Symmetric() {
				head = append(head, "pk:", wireName, "bandwidth:")
			}
			t := d.newTable(append(head, suffixAll(ops, ":")...)...)
			for _, in := range ins {
				pk, wire, bw := "-", "-", "-"
				if info := m.instance(in.Plugin, in.ID); info != nil {
					s := sizesOf(info)
					pk = countOrDash(s.PublicKey)
					switch k {
					case registry.KindKEM:
						wire = countOrDash(s.Ciphertext)
					case registry.KindSig:
						wire = countOrDash(s.Signature)
					case registry.KindKEX:
						var ms []string
						for _, l := range s.Messages {
							ms = append(ms, strconv.Itoa(l))
						}
						wire = dash(strings.Join(ms, "+"))
					}
					bw = countOrDash(bandwidth(k, s))
				}
				row := []inline{txt(in.ID), m.pluginCell(in.Plugin)}
				if !k.Symmetric() {
					row = append(row, txt(pk), txt(wire), txt(bw))
				}
				for _, op := range ops {
					row = append(row, txt(withInstructions(medianCell(in, op), in, op)))
				}
				t.row(row...)
			}
		}
	}
}

func kindName(k registry.Kind) string {
	switch k {
	case registry.KindKEM:
		return "KEMs"
	case registry.KindSig:
		return "signatures"
	case registry.KindKEX:
		return "key exchanges"
	}
	return strings.ToUpper(string(k))
}
