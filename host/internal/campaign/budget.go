package campaign

import (
	"fmt"
	"sync"
	"time"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/plugin"
)

// budget bounds the wall-clock time of one plugin's whole evaluation
// (--plugin-budget): a plugin whose every call stays within its deadline
// can still stall a campaign by being slow in all of them. When it runs
// out, every process of the plugin is killed, no other is started, and
// one finding says so; the campaign goes on with the next plugin.
type budget struct {
	plugin string
	limit  time.Duration
	timer  *time.Timer

	mu      sync.Mutex
	expired bool
	procs   []*plugin.Process // started for this plugin, killed when the budget runs out
}

// startBudget starts the budget of plugin name; the returned function
// ends it (after the plugin's last step) and records the finding if it
// ran out. No budget when limit is 0.
func (c *Campaign) startBudget(name string) func() {
	limit := c.cfg.Limits.Plugin
	if limit <= 0 {
		return func() {}
	}
	b := &budget{plugin: name, limit: limit}
	b.timer = time.AfterFunc(limit, b.expire)
	c.budget = b
	return func() {
		b.timer.Stop()
		c.budget = nil
		if b.ran() {
			c.finding(evidence.Finding{Plugin: name, What: "budget",
				Detail: fmt.Sprintf("its evaluation took longer than --plugin-budget %v: the host killed it and went on with the next plugin; its results are incomplete", limit)})
			// Its file, written before, names the finding too.
			var info evidence.PluginInfo
			if evidence.ReadJSON(evidence.PluginPath(c.cfg.Out, name), &info) == nil {
				c.writePlugin(&info)
			}
		}
	}
}

// expire kills every process of the plugin.
func (b *budget) expire() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.expired = true
	for _, p := range b.procs {
		p.KillBox()
	}
}

// ran reports whether the budget ran out.
func (b *budget) ran() bool {
	if b == nil {
		return false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.expired
}

// start starts a process of the plugin, unless the budget ran out, and
// adds it to those killed when it does (at once, if it ran out while the
// process started). A nil budget only starts it.
func (b *budget) start(s plugin.Source, o plugin.Options) (*plugin.Process, error) {
	if b.ran() {
		return nil, fmt.Errorf("plugin %s: --plugin-budget %v spent", b.plugin, b.limit)
	}
	p, err := plugin.Start(s, o)
	if err != nil || b == nil {
		return p, err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.procs = append(b.procs, p)
	if b.expired {
		p.KillBox()
	}
	return p, nil
}

// stop kills a process of plugin name and records a finding when the
// kernel enforced one of its box's limits (processes killed for memory,
// forks refused): only its cgroup sees those.
func (c *Campaign) stop(name string, p *plugin.Process) {
	p.Kill()
	if ev := p.LimitsReached(); ev != "" {
		c.finding(evidence.Finding{Plugin: name, What: "limits", Detail: ev})
	}
}

// silenced reports whether f only reports the budget's own kill: what a
// plugin's steps say of its killed processes after the budget ran out.
func (b *budget) silenced(f evidence.Finding) bool {
	return f.Plugin == b.plugin && f.What != "budget" && b.ran()
}
