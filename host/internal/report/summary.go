package report

import (
	"strconv"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/format"
	"crucible.dev/host/internal/opkey"
)

// SummaryMarkdown renders summary.md from the summary alone (without the
// run's sizes, which the full report adds; see Render).
func SummaryMarkdown(s *evidence.Summary) []byte {
	return newModel(&evidence.Run{}, s).summaryDoc().markdown()
}

// summaryDoc builds summary.md (and the summary that opens index.html):
// the comparisons and charts an evaluator reads first, then the findings
// and plugin pages, and every instance's headline figures last.
func (m *model) summaryDoc() *doc {
	s := m.sum
	d := &doc{}
	d.h(1, "summary", "Crucible run: %s", s.Suite)
	d.p(txtf("Started %s; %d trials per operation, each in a fresh plugin process; trial target %.3g s. %s The plugin pages add the spread over every per-call sample (mean, interquartile mean, 10th–90th percentiles).",
		s.Started, s.Settings.Trials, s.Settings.TrialTargetSec, headlineNote))
	if note := keptOverheadNote(s); note != "" {
		d.p(txt(note))
	}
	// What an evaluator compares comes first: the side-by-side tables and
	// the charts; the table of every operation of every instance (hundreds
	// of rows in a full run) comes last.
	m.paramSets(d)
	m.implementations(d)
	m.categories(d)
	m.landscape(d)
	m.symmetricLadder(d)
	m.confinement(d)
	m.constantTime(d)
	m.interop(d)
	outcomeSections(d, s)
	if len(m.plugins) > 0 {
		d.h(2, "summary-pages", "Plugin pages")
		var items []inline
		for _, p := range m.plugins {
			items = append(items, pageLink(p.Name, evidence.Safe(p.Name)).plus(txtf(" (%s, %s, version %s)", p.Status, plural(len(p.Instances), "instance"), p.Version)))
		}
		d.list(items)
	}

	d.h(2, "summary-results", "All results")
	d.p(txt("Every headline operation of every instance, by plugin."))
	t := d.newTable("plugin", "instance", "KAT", "operation", "median:", "CI of the median:", "median cycles:", "ops/s:", "trials:")
	for _, in := range s.Instances {
		if in.KAT == evidence.KATNotBuilt {
			continue // listed once by reason under "Not built"
		}
		pl := m.pluginCell(in.Plugin)
		measured := false
		for _, op := range opkey.Sorted(in.Ops) {
			if !headline(in.Kind, op) {
				continue
			}
			o := in.Ops[op]
			med := txt(format.Duration(o.MedianNS))
			if o.Error != "" {
				med = txt("error")
			}
			t.row(pl, txt(in.ID), txt(katCell(in)), txt(op), med, txt(ciCell(o)), txt(format.Count(o.MedianCycles)), txt(format.Count(o.OpsPerSec)), txt(strconv.Itoa(o.Trials)))
			measured = true
		}
		if !measured {
			t.row(pl, txt(in.ID), txt(katCell(in)), txt("(not measured)"), nil, nil, nil, nil, nil)
		}
	}
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
	return opkey.Sorted(seen)
}

func medianCell(in *evidence.InstanceSummary, op string) string {
	o, ok := in.Ops[op]
	switch {
	case !ok:
		return "-"
	case o.Error != "":
		return "error"
	}
	return format.Duration(o.MedianNS)
}

// withInstructions adds an operation's exact instruction count to a
// cell, where the run counted it (host run --counter instructions).
func withInstructions(cell string, in *evidence.InstanceSummary, op string) string {
	if o, ok := in.Ops[op]; ok && o.Error == "" && o.InstructionsPerOp > 0 {
		return cell + " · " + instrCell(o) + " instr"
	}
	return cell
}
