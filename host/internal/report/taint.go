package report

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/format"
	"crucible.dev/host/internal/taint"
)

// ctOp is one operation's constant-time evidence: the dudect verdict and
// the taint result, either of which may be missing.
type ctOp struct {
	instance, op string
	dudect       *evidence.CTRecord
	taint        string
	taintFile    string
}

// ctOps gathers a plugin's dudect records and taint results by instance
// and operation, sorted.
func (m *model) ctOps(plugin string) []*ctOp {
	by := map[[2]string]*ctOp{}
	get := func(inst, op string) *ctOp {
		k := [2]string{inst, op}
		if by[k] == nil {
			by[k] = &ctOp{instance: inst, op: op}
		}
		return by[k]
	}
	for _, c := range m.run.CT {
		if c.Plugin == plugin {
			get(c.Instance, c.Op).dudect = c
		}
	}
	for _, r := range m.run.Taint {
		if r.Plugin != plugin {
			continue
		}
		file := m.run.TaintPaths[r]
		if r.Error != "" {
			o := get("-", "-")
			o.taint, o.taintFile = "error: "+evidence.FirstLine(r.Error), file
			continue
		}
		for _, ran := range r.Ran {
			inst, op, _ := strings.Cut(ran, " ")
			o := get(inst, op)
			o.taint, o.taintFile = taintResult(r, inst, op), file
		}
		for _, s := range r.Skipped {
			head, why, _ := strings.Cut(s, ": ")
			inst, op, _ := strings.Cut(head, " ")
			o := get(inst, op)
			o.taint, o.taintFile = "not run: "+why, file
		}
	}
	out := make([]*ctOp, 0, len(by))
	for _, o := range by {
		out = append(out, o)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].instance != out[j].instance {
			return out[i].instance < out[j].instance
		}
		return out[i].op < out[j].op
	})
	return out
}

// taintResult says what memcheck found in one operation that ran: clean,
// or the count of new and reviewed findings with the first one's kind and
// innermost frame.
func taintResult(r *taint.Record, inst, op string) string {
	var newN, known int
	var first *taint.Report
	for i := range r.Findings {
		f := &r.Findings[i]
		if f.Instance != inst || f.Op != op {
			continue
		}
		if f.Known != nil {
			known++
		} else {
			newN++
		}
		if first == nil || first.Known != nil && f.Known == nil {
			first = f
		}
	}
	if first == nil {
		return "clean"
	}
	s := fmt.Sprintf("%d new", newN)
	if known > 0 {
		s += fmt.Sprintf(", %d known", known)
	}
	where := "?"
	if len(first.Frames) > 0 {
		f := first.Frames[0]
		where = f.Func
		if f.File != "" {
			where = fmt.Sprintf("%s (%s:%d)", f.Func, path.Base(f.File), f.Line)
		}
	}
	const most = 120 // a frame is the plugin's words: bound what a cell shows
	if len(where) > most {
		where = where[:most] + "…"
	}
	return fmt.Sprintf("%s: %s %s", s, first.Kind, where)
}

// dudectCell is an operation's dudect verdict with its |t|.
func dudectCell(c *evidence.CTRecord) string {
	if c == nil {
		return "-"
	}
	v := c.Verdict
	if len(c.Runs) > 0 {
		v += " (|t| " + format.Float(c.Runs[0].Result.T, 2) + ")"
	}
	if c.Error != "" {
		v += ": " + evidence.FirstLine(c.Error)
	}
	return v
}

// constantTimeOps shows, on a plugin's page, each operation's dudect
// verdict beside its taint result.
func (m *model) constantTimeOps(d *doc, p *evidence.PluginInfo, id string) {
	ops := m.ctOps(p.Name)
	if len(ops) == 0 {
		return
	}
	d.h(2, id+"-ct", "Constant time: dudect and taint")
	d.p(txt("Per operation: the dudect verdict (fixed vs random secret inputs, Welch's |t| of the first run; a leak must cross 4.5 in its repeat too) beside the taint result (memcheck with the secret inputs marked undefined: each report through the plugin's own code, with the innermost frame of the first; \"known\" ones are reviewed in the catalog). Dudect sees leaks this machine shows; taint sees secret-dependent branches and addresses whether or not they show, but not variable-latency arithmetic."))
	t := d.newTable("instance", "operation", "dudect", "taint", "evidence")
	for _, o := range ops {
		var ev inline
		if o.dudect != nil {
			p := m.run.CTPaths[o.dudect]
			ev = fileLink(path.Base(p), p)
		}
		if o.taintFile != "" {
			if len(ev) > 0 {
				ev = ev.plus(txt(" "))
			}
			ev = ev.plus(fileLink(path.Base(o.taintFile), o.taintFile))
		}
		tr := o.taint
		if tr == "" {
			tr = "-"
		}
		t.row(txt(o.instance), txt(o.op), txt(dudectCell(o.dudect)), txt(tr), ev)
	}
}

// taintSummary lists every taint result of the run on the summary: a run
// of `host ct` alone has no plugin pages to show them.
func (m *model) taintSummary(d *doc) {
	if len(m.run.Taint) == 0 {
		return
	}
	d.p(txt("Taint (memcheck with the secret inputs marked undefined), per operation, beside the dudect verdict where the run has one."))
	t := d.newTable("plugin", "instance", "operation", "dudect", "taint")
	for _, r := range m.run.Taint {
		for _, o := range m.ctOps(r.Plugin) {
			if o.taint != "" {
				t.row(txt(r.Plugin), txt(o.instance), txt(o.op), txt(dudectCell(o.dudect)), txt(o.taint))
			}
		}
	}
}
