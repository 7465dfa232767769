package campaign

import (
	"crucible.dev/host/internal/plugin"
	"crucible.dev/host/internal/session"
)

// planAhead describes ahead every plugin of the run whose executable needs no
// build (on a warm cache, every one), and tells the progress display its
// work: the operation trials of its instances, counted as the campaign
// will count them. The estimate of the time left then rests on the work
// the run has, not on plugins reached so far standing for those to come
// (in a full run here those differed by sixty times, and two plugins had
// nothing to measure). A plugin still to build is described when reached.
func (c *Campaign) planAhead(order []*plugin.Source) {
	done := &build{done: make(chan struct{})}
	close(done.done)
	if c.builds == nil {
		c.builds = map[*plugin.Source]*build{}
	}
	for _, s := range order {
		if c.builds[s] != nil || !plugin.Built(c.cfg.Root, c.cfg.Cache, s) {
			continue
		}
		c.builds[s] = done // Built has set its executable
		sess, err := session.Start(s, c.start)
		if err != nil {
			continue // said when the plugin is reached
		}
		if _, err := sess.Describe(); err != nil {
			continue // Describe has stopped it
		}
		insts := sess.Select(c.cfg.Suite, c.cfg.Shard)
		sess.Stop()
		units := 0
		for _, in := range insts {
			if in.Unavailable == "" && c.cfg.Bench {
				units += len(c.points(in)) * c.cfg.Trials
			}
		}
		c.cfg.Progress.Plan(s.Name, units, len(insts))
	}
}
