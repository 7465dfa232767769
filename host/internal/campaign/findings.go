package campaign

import (
	"fmt"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/plugin"
)

// finding records a finding of the run (unless the plugin's spent budget
// silences it) and shows it as it happens.
func (c *Campaign) finding(f evidence.Finding) {
	if c.budget != nil && c.budget.silenced(f) {
		return
	}
	c.findings = append(c.findings, f)
	c.cfg.Progress.Finding(f)
}

func (c *Campaign) writePluginFailure(s *plugin.Source, status evidence.PluginStatus) {
	c.writePlugin(&evidence.PluginInfo{Name: s.Name, Source: s.Dir, Binary: s.Binary, Status: status})
}

// writePlugin writes a plugin's description with every finding about it so
// far; an "ok" plugin with findings becomes "findings".
func (c *Campaign) writePlugin(info *evidence.PluginInfo) {
	info.Findings = nil
	for _, f := range c.findings {
		if f.Plugin == info.Name {
			info.Findings = append(info.Findings, f)
		}
	}
	if len(info.Findings) > 0 && info.Status == evidence.PluginOK {
		info.Status = evidence.PluginFindings
	}
	if err := evidence.WriteJSON(evidence.PluginPath(c.cfg.Out, info.Name), info); err != nil {
		fmt.Fprintln(c.cfg.Log, "host:", err)
	}
}
