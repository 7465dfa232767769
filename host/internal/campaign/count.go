package campaign

import (
	"crucible.dev/host/internal/instcount"
	"crucible.dev/host/internal/plugin"
	"crucible.dev/host/internal/sandbox"
)

// count counts the instructions of each point's loop (instcount), in one
// more process for the instance.
func (c *Campaign) count(s *plugin.Source, pts []*point) {
	id := pts[0].id
	run := instcount.Run{
		Out: c.cfg.Out, Plugin: s.Name, Instance: id, Calls: instcount.Calls(c.cfg.Counter, c.cfg.CountCalls),
		Launcher: c.cfg.Launcher,
		Start:    func(cnt *sandbox.Counter) (*plugin.Process, func(), error) { return c.startCounted(s, cnt) },
		Step:     func(op, what string) { c.cfg.Progress.Step(s.Name, id, op, what) },
		Finding:  c.finding,
	}
	ips := make([]instcount.Point, len(pts))
	for i, pt := range pts {
		ips[i] = instcount.Point{Name: pt.String(), Point: pt.Point, Rec: pt.rec}
	}
	run.Count(ips)
}
