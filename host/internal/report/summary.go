package report

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/registry"
)

// SummaryMarkdown renders summary.md from the summary alone (without the
// run's sizes, which the full report adds; see Render).
func SummaryMarkdown(s *evidence.Summary) []byte {
	return newModel(&evidence.Run{}, s).summaryDoc().markdown()
}

// summaryDoc builds summary.md: every instance's headline figures, then
// the comparison tables a reader looks for first.
func (m *model) summaryDoc() *doc {
	s := m.sum
	d := &doc{}
	d.h(1, "summary", "Crucible run: %s", s.Suite)
	d.p(txtf("Started %s; %d trials per operation, each in a fresh plugin process; trial target %.3g s. %s The plugin pages add the spread over every per-call sample (mean, interquartile mean, 10th–90th percentiles).",
		s.Started, s.Settings.Trials, s.Settings.TrialTargetSec, headlineNote))
	m.confinement(d)
	m.constantTime(d)

	if len(m.plugins) > 0 {
		d.h(2, "summary-pages", "Plugin pages")
		var items []inline
		for _, p := range m.plugins {
			items = append(items, pageLink(p.Name, evidence.Safe(p.Name)).plus(txtf(" (%s, %s, version %s)", p.Status, plural(len(p.Instances), "instance"), p.Version)))
		}
		d.list(items)
	}

	d.h(2, "summary-results", "Results")
	t := d.newTable("plugin", "instance", "KAT", "operation", "median:", "CI of the median:", "median cycles:", "ops/s:", "trials:")
	for _, in := range s.Instances {
		if in.KAT == "not built" {
			continue // listed once by reason below
		}
		pl := m.pluginCell(in.Plugin)
		measured := false
		for _, op := range sortedOps(in.Ops) {
			if !headline(in.Kind, op) {
				continue
			}
			o := in.Ops[op]
			med := txt(Duration(o.MedianNS))
			if o.Error != "" {
				med = txt("error")
			}
			t.row(pl, txt(in.ID), txt(katCell(in)), txt(op), med, txt(ciCell(o)), txt(Count(o.MedianCycles)), txt(Count(o.OpsPerSec)), txt(strconv.Itoa(o.Trials)))
			measured = true
		}
		if !measured {
			t.row(pl, txt(in.ID), txt(katCell(in)), txt("(not measured)"), nil, nil, nil, nil, nil)
		}
	}
	m.paramSets(d)
	m.implementations(d)
	m.categories(d)
	m.landscape(d)
	m.symmetricLadder(d)
	outcomeSections(d, s)
	return d
}

func (m *model) pluginCell(plugin string) inline {
	for _, p := range m.plugins {
		if p.Name == plugin {
			return pageLink(plugin, evidence.Safe(plugin))
		}
	}
	return txt(plugin)
}

// opsUnion lists the operations any of ins measured (headline ones only),
// in protocol order.
func opsUnion(ins []*evidence.InstanceSummary) []string {
	seen := map[string]evidence.OpSummary{}
	for _, in := range ins {
		for op, o := range in.Ops {
			if headline(in.Kind, op) {
				seen[op] = o
			}
		}
	}
	return sortedOps(seen)
}

func medianCell(in *evidence.InstanceSummary, op string) string {
	o, ok := in.Ops[op]
	switch {
	case !ok:
		return "-"
	case o.Error != "":
		return "error"
	}
	return Duration(o.MedianNS)
}

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
				row = append(row, medianCell(in, op))
				if o, ok := in.Ops[op]; ok && o.Error == "" && o.MedianNS > 0 {
					bars = append(bars, barItem{label: in.Instance + " " + op, value: o.MedianNS, color: i})
				}
			}
			t.srow(row...)
		}
		d.fig(barChart(bars, Duration), title+": median time per call"+scaleNote(bars))
	}
}

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
				row = append(row, c)
			}
			t.srow(row...)
		}
		d.fig(barChart(bars, Duration), k+": median time per call by implementation"+scaleNote(bars))
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

// categoryOps are the operations a cross-family table shows per kind; the
// kinds not listed show their headline operations.
var categoryOps = map[registry.Kind][]string{
	registry.KindKEM: {"keygen", "encaps", "decaps"},
	registry.KindSig: {"keygen", "sign", "verify"},
	registry.KindKEX: {"exchange"},
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
					row = append(row, txt(medianCell(in, op)))
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
				b, msg, out := splitOp(op)
				if b != base || msg == 0 || (out != 0 && out != 32) || o.Error != "" {
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
				cells = append(cells, Float(v, 2))
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
		b, _, _ := splitOp(op)
		seen[b] = true
	}
	return sortedKeys(seen)
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

// natLess orders names with their digit runs compared as numbers, so
// ML-KEM-512 comes before ML-KEM-1024.
func natLess(a, b string) bool {
	for a != "" && b != "" {
		da, db := digitRun(a), digitRun(b)
		if da > 0 && db > 0 {
			na, _ := strconv.Atoi(a[:da])
			nb, _ := strconv.Atoi(b[:db])
			if na != nb {
				return na < nb
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		a, b = a[1:], b[1:]
	}
	return len(a) < len(b)
}

func digitRun(s string) int {
	n := 0
	for n < len(s) && n < 18 && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// sortInstances orders instances by category, then by name naturally.
func sortInstances(ins []*evidence.InstanceSummary) {
	sort.SliceStable(ins, func(i, j int) bool {
		a, b := ins[i], ins[j]
		if a.Category != b.Category {
			return a.Category < b.Category
		}
		if a.ID != b.ID {
			return natLess(a.ID, b.ID)
		}
		return a.Plugin < b.Plugin
	})
}
