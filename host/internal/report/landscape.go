package report

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/registry"
)

// landscapeOps is, per kind, the operations one use of the primitive
// costs, whose medians a landscape point sums: an ephemeral KEM key
// exchange, one signature made and checked, one key exchange.
var landscapeOps = map[registry.Kind][]string{
	registry.KindKEM: {registry.OpKeygen, registry.OpEncaps, registry.OpDecaps},
	registry.KindSig: {registry.OpSign, registry.OpVerify},
	registry.KindKEX: {registry.OpExchange},
}

// wireNote says what the bytes on the wire of a kind are (see bandwidth).
var wireNote = map[registry.Kind]string{
	registry.KindKEM: "public key + ciphertext",
	registry.KindSig: "public key + signature",
	registry.KindKEX: "both public keys + every pass's message",
}

// landscape draws, per kind, every measured instance as a point: time
// against bytes on the wire, both on log scales, coloured by security
// category, as post-quantum comparisons are usually drawn.
func (m *model) landscape(d *doc) {
	type kindPts struct {
		kind registry.Kind
		pts  []scatterPoint
	}
	var charts []kindPts
	for _, k := range []registry.Kind{registry.KindKEM, registry.KindSig, registry.KindKEX} {
		var pts []scatterPoint
		for i := range m.sum.Instances {
			in := &m.sum.Instances[i]
			if registry.Kind(in.Kind) != k {
				continue
			}
			info := m.instance(in.Plugin, in.ID)
			if info == nil {
				continue
			}
			wire := bandwidth(k, sizesOf(info))
			t, ok := protocolTime(in, landscapeOps[k])
			if wire <= 0 || !ok {
				continue
			}
			pts = append(pts, scatterPoint{label: in.ID, x: float64(wire), y: t, group: in.Category})
		}
		if len(pts) > 0 {
			sort.Slice(pts, func(i, j int) bool { return natLess(pts[i].label, pts[j].label) })
			charts = append(charts, kindPts{k, pts})
		}
	}
	if len(charts) == 0 {
		return
	}
	d.h(2, "summary-landscape", "Landscape: time against bytes on the wire")
	d.p(txt("One chart per kind in the HTML report: each measured instance and implementation is a point, its time per use of the primitive (the sum of the medians of the operations named in the caption) against its bytes on the wire, both on log scales, coloured by NIST security category."))
	for _, c := range charts {
		d.fig(scatterChart(c.pts, "bytes on the wire ("+wireNote[c.kind]+")", strings.Join(landscapeOps[c.kind], " + ")+" (median)"),
			fmt.Sprintf("%s: %s against %s (log–log)", kindName(c.kind), strings.Join(landscapeOps[c.kind], " + "), wireNote[c.kind]))
	}
}

// protocolTime sums the medians of ops; false when one is missing or
// failed.
func protocolTime(in *evidence.InstanceSummary, ops []string) (float64, bool) {
	var t float64
	for _, op := range ops {
		o, ok := in.Ops[op]
		if !measured(o, ok) {
			return 0, false
		}
		t += o.MedianNS
	}
	return t, t > 0 && !math.IsInf(t, 0)
}
