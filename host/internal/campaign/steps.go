package campaign

import (
	"fmt"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/katgate"
)

// newGate is the run's KAT gate, with the settings as they stand once a
// resumed run has taken back its own.
func (c *Campaign) newGate() *katgate.Gate {
	return &katgate.Gate{Out: c.cfg.Out, Long: c.cfg.Long, Resume: c.cfg.Resume, Fresh: c.cfg.Fresh, FreshSeed: c.cfg.FreshSeed,
		Log: c.cfg.Log, Step: c.cfg.Progress.Step, Finding: c.finding}
}

// rewriteJudged brings up to date the KAT records of implementations a
// designated reference judged after they ran, and their plugins' files, so
// the findings stand beside their other ones.
func (c *Campaign) rewriteJudged() {
	for _, name := range c.kat.RewriteJudged() {
		var info evidence.PluginInfo
		if err := evidence.ReadJSON(evidence.PluginPath(c.cfg.Out, name), &info); err != nil {
			fmt.Fprintln(c.cfg.Log, "host:", err)
			continue
		}
		c.writePlugin(&info)
	}
}

// raise raises each finding a step returned.
func (c *Campaign) raise(fs []evidence.Finding) {
	for _, f := range fs {
		c.finding(f)
	}
}
