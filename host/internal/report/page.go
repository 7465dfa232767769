package report

import (
	"fmt"
	"strconv"

	"crucible.dev/host/internal/evidence"
)

// pluginPage builds report/<plugin>.md: the eight sections a competition
// submission's evaluation shows, for every instance of one plugin.
func (m *model) pluginPage(p *evidence.PluginInfo) *doc {
	d := &doc{plugin: evidence.Safe(p.Name)}
	id := pageID(d.plugin)
	d.h(1, id, "Plugin %s", p.Name)
	d.p(txt("Part of the run ").plus(inline{{text: "summary", summary: true}}, txtf(" (suite %s, started %s).", m.run.Campaign.Suite, m.run.Campaign.Started)))
	m.confinement(d)
	m.basicInfo(d, p, id)
	m.environment(d, p, id)
	m.katResults(d, p, id)
	m.performance(d, p, id)
	m.resources(d, p, id)
	m.transmission(d, p, id)
	m.share(d, p, id)
	m.constantTimeOps(d, p, id)
	m.evidenceIndex(d, p, id)
	return d
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func countOrDash(n int) string {
	if n == 0 {
		return "-"
	}
	return strconv.Itoa(n)
}

func plainFinding(f evidence.Finding) string {
	return fmt.Sprintf("%s (%s): %s", f.Where(), f.What, evidence.FirstLine(f.Detail))
}
