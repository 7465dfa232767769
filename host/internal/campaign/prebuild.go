package campaign

import (
	"bytes"
	"fmt"

	"crucible.dev/host/internal/plugin"
)

// A plugin's build runs in the background while the plugin before it goes
// through its untimed steps (describe, audit, the KAT gate, robustness),
// which keep one CPU busy and leave the other idle, and the campaign waits
// for it before anything is timed (calibration, trials): no build ever
// runs beside a timed loop. With warm caches the builds are mostly links
// and vanish behind the KAT gates; from a cold cache they overlap as much
// of the gates as they can.

// buildPlugin builds a source plugin (a test stands in for it).
var buildPlugin = plugin.Build

// build is one plugin's build under way.
type build struct {
	done chan struct{}
	err  error
	log  bytes.Buffer // the build's messages, passed on when it is waited for
}

// startBuild starts building s unless it is built or being built.
func (c *Campaign) startBuild(s *plugin.Source) {
	if s == nil || c.builds[s] != nil {
		return
	}
	b := &build{done: make(chan struct{})}
	if c.builds == nil {
		c.builds = map[*plugin.Source]*build{}
	}
	c.builds[s] = b
	go func() {
		defer close(b.done)
		b.err = buildPlugin(c.cfg.Launcher, c.cfg.Root, c.cfg.Cache, s, &b.log)
	}()
}

// awaitBuild builds s, or waits for its build under way, and returns its
// error.
func (c *Campaign) awaitBuild(s *plugin.Source) error {
	c.startBuild(s)
	b := c.builds[s]
	<-b.done
	if b.log.Len() > 0 {
		fmt.Fprint(c.cfg.Log, b.log.String())
		b.log.Reset()
	}
	return b.err
}

// settle waits for every build under way, before a timed step.
func (c *Campaign) settle() {
	for s := range c.builds {
		c.awaitBuild(s)
	}
}
