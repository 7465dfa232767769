package report

import (
	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/format"
)

// constantTime shows the constant-time checks of the run: the host's
// statistic from the plugin's raw measurements, and its verdict.
func (m *model) constantTime(d *doc) {
	if len(m.run.CT) == 0 && len(m.run.Taint) == 0 {
		return
	}
	d.h(2, "summary-ct", "Constant-time check")
	if len(m.run.CT) == 0 {
		m.taintSummary(d)
		return
	}
	d.p(txt("Fixed vs random secret inputs, the class of each call drawn at random; Welch's |t|, the largest over the uncropped timings and a hundred percentile crops, computed by the host from the plugin's raw cycle counts. |t| above 4.5 in a run and in its repeat is a leak; a crossing the repeat does not confirm is noise. Not hostile-proof: the plugin labels the classes and times the calls, so a verdict is evidence about honest code, never a ranking."))
	t := d.newTable("plugin", "instance", "operation", "n:", "|t|:", "repeat |t|:", "verdict", "evidence")
	for _, c := range m.run.CT {
		tv, rep, n := "-", "-", "-"
		if len(c.Runs) > 0 {
			tv, n = format.Float(c.Runs[0].Result.T, 2), format.Count(float64(c.Runs[0].Result.N))
		}
		if len(c.Runs) > 1 {
			rep = format.Float(c.Runs[1].Result.T, 2)
		}
		v := c.Verdict
		if c.Error != "" {
			v += ": " + evidence.FirstLine(c.Error)
		}
		p := m.run.CTPaths[c]
		t.row(txt(c.Plugin), txt(c.Instance), txt(c.Op), txt(n), txt(tv), txt(rep), txt(v), fileLink(p, p))
	}
	m.taintSummary(d)
}
