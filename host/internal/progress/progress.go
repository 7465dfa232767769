// Package progress shows where a long run is and how long it has left.
//
// The estimate of the time left comes from the work left, measured as the
// run goes. The unit of work is one operation's trial: trials are timed to
// a common target, so each takes about as long as the others whatever the
// operation. The time per unit is the time spent in trials so far over the
// trials done (not the whole elapsed time, which also holds builds, KAT
// gates and calibrations: dividing that by the trials overestimated). The
// time left is that per-unit time times the units left (the current
// plugin's, known once its instances are calibrated), plus, for each plugin
// not reached yet, its untimed time and its units. A plugin the campaign
// could describe ahead (Plan: its executable was already built) has known
// units, and its untimed time is taken as its instances times the untimed
// time per instance of the plugins reached so far; for one it could not,
// both are the mean of the plugins reached so far.
package progress

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"golang.org/x/sys/unix"

	"crucible.dev/host/internal/evidence"
)

// Progress shows where a long run is. On a terminal it keeps one live line
// (plugin, instance, operation, trial, elapsed and remaining time);
// otherwise it prints a plain line as each instance's calibration and each
// of its trials begins, with the same estimate. Findings are always
// printed.
type Progress struct {
	mu    sync.Mutex
	w     io.Writer
	tty   bool
	now   func() time.Time // the clock; a test's fake one
	start time.Time
	last  time.Time // of the last live line

	plugins int // plugins the run covers; 0 when unknown
	seen    int // plugins reached so far

	total, done int           // units of work added so far, and finished
	expected    int           // units the current plugin announced but has not added yet
	unitTime    time.Duration // time spent in units so far
	mark        time.Time     // when the unit under way began (while done < total)

	cur      pluginWork      // the plugin under way
	finished []pluginWork    // the plugins before it
	planned  map[string]plan // the work of plugins described ahead, until reached
}

// plan is a plugin's work, known before it is reached: its units and its
// instances.
type plan struct{ units, instances int }

// pluginWork is what one plugin took: its wall time, the part of it spent
// in units of work, and its units.
type pluginWork struct {
	start     time.Time
	wall      time.Duration
	unitTime  time.Duration
	units     int
	instances int  // its instances, once known
	known     bool // its units are known (announced or added)
}

// overhead is the plugin's time outside its units: build wait, KAT gate,
// robustness, calibration, profiles.
func (w pluginWork) overhead() time.Duration { return w.wall - w.unitTime }

// New writes to w, live only when w is a terminal.
func New(w io.Writer) *Progress {
	p := &Progress{w: w, now: time.Now}
	p.start = p.now()
	if f, ok := w.(*os.File); ok {
		_, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS)
		p.tty = err == nil
	}
	return p
}

// Plugins sets how many plugins the run covers, for the estimate of the
// time left.
func (p *Progress) Plugins(n int) {
	p.mu.Lock()
	p.plugins = n
	p.mu.Unlock()
}

// Plan tells the work of a plugin not reached yet: units operation trials
// over instances instances.
func (p *Progress) Plan(name string, units, instances int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.planned == nil {
		p.planned = map[string]plan{}
	}
	p.planned[name] = plan{units, instances}
}

// Plugin announces the next plugin.
func (p *Progress) Plugin(name string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	if p.seen > 0 {
		p.cur.wall = now.Sub(p.cur.start)
		p.finished = append(p.finished, p.cur)
	}
	p.cur = pluginWork{start: now}
	p.expected = 0 // what the last plugin announced and never ran is not left
	if pl, ok := p.planned[name]; ok {
		p.expected, p.cur.instances, p.cur.known = pl.units, pl.instances, true
		delete(p.planned, name)
	}
	p.seen++
	p.clear()
	if p.plugins > 0 {
		fmt.Fprintf(p.w, "plugin %s (%d/%d)\n", name, p.seen, p.plugins)
		return
	}
	fmt.Fprintf(p.w, "plugin %s\n", name)
}

// Expect announces the units of work the current plugin will add (its
// operations times the trials) over its instances, once it knows which it
// measures, so the estimate counts them before their trials begin.
func (p *Progress) Expect(units, instances int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.expected, p.cur.instances = units, instances
	p.cur.known = true
}

// AddWork adds units of work (operation trials) about to run; they take
// the place of as many announced ones.
func (p *Progress) AddWork(n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.done >= p.total {
		p.mark = p.now() // no unit was under way: the time since was not a unit's
	}
	p.total += n
	p.expected = max(p.expected-n, 0)
	p.cur.units += n
	p.cur.known = true
}

// Done counts one unit finished.
func (p *Progress) Done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	if p.done < p.total {
		d := now.Sub(p.mark)
		p.unitTime += d
		p.cur.unitTime += d
	}
	p.mark = now
	p.done++
}

// left estimates the run's remaining time from the work left; zero when
// no unit is done yet, so there is nothing to go on.
func (p *Progress) left() time.Duration {
	if p.done == 0 {
		return 0
	}
	perUnit := float64(p.unitTime) / float64(p.done)
	left := perUnit * float64(max(p.total-p.done, 0)+p.expected)
	// The plugins before it, and the current one as far as it has gone,
	// are what the plugins not reached are taken to be like.
	ref := p.finished
	if p.cur.known || len(ref) == 0 {
		c := p.cur
		c.wall = p.now().Sub(c.start)
		c.units += p.expected
		ref = append(ref[:len(ref):len(ref)], c)
	}
	var over, overKnown time.Duration
	units, instances := 0, 0
	for _, w := range ref {
		over += w.overhead()
		units += w.units
		if w.instances > 0 {
			overKnown += w.overhead()
			instances += w.instances
		}
	}
	n := float64(len(ref))
	// A plugin described ahead: its units, and its instances' untimed
	// steps at the pace of those reached.
	for _, pl := range p.planned {
		left += perUnit * float64(pl.units)
		if instances > 0 {
			left += float64(overKnown) / float64(instances) * float64(pl.instances)
		} else {
			left += float64(over) / n
		}
	}
	unreached := max(p.plugins-p.seen-len(p.planned), 0)
	if !p.cur.known && p.seen > 0 {
		unreached++ // the current plugin's work is not known yet either
	}
	// One not described: the mean of those reached.
	left += float64(unreached) * (float64(over)/n + perUnit*float64(units)/n)
	return time.Duration(left)
}

// clock is the elapsed time and the estimate left, for a line.
func (p *Progress) clock() string {
	s := p.now().Sub(p.start).Round(time.Second).String()
	if l := p.left(); l > 0 {
		s += ", ~" + l.Round(time.Second).String() + " left"
	}
	return s
}

// Step shows what is running now, on the live line.
func (p *Progress) Step(plugin, instance, op, what string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.tty || p.now().Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.last = p.now()
	line := fmt.Sprintf("  %s %s %s %s [%s]", plugin, instance, op, what, p.clock())
	if len(line) > 110 {
		line = line[:110]
	}
	fmt.Fprintf(p.w, "\r\033[K%s", line)
}

// Stage logs the start of a stage of an instance's measurement (its
// calibration, a trial) as a line of its own when the output is not a
// terminal; on a terminal the live line shows it.
func (p *Progress) Stage(plugin, instance, what string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.tty {
		return
	}
	fmt.Fprintf(p.w, "  %s %s %s [%s]\n", plugin, instance, what, p.clock())
}

func (p *Progress) clear() {
	if p.tty {
		fmt.Fprint(p.w, "\r\033[K")
	}
}

// Finding prints a finding as it happens.
func (p *Progress) Finding(f evidence.Finding) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
	if f.Known != "" {
		fmt.Fprintf(p.w, "  known finding: %s\n", FormatFinding(f))
		return
	}
	fmt.Fprintf(p.w, "  finding: %s\n", FormatFinding(f))
}

// Finish ends the live line.
func (p *Progress) Finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
}

// FormatFinding is a finding on one line: where, then what happened.
func FormatFinding(f evidence.Finding) string {
	return evidence.Printable(fmt.Sprintf("%s: %s: %s", f.Where(), f.What, evidence.FirstLine(f.Detail)))
}
