package campaign

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
	mu          sync.Mutex
	w           io.Writer
	tty         bool
	start       time.Time
	total, done int // timed units (operation trials) known so far, and finished
	plugins     int // plugins the run covers; 0 when unknown
	seen        int // plugins reached so far
	last        time.Time
}

// NewProgress writes to w, live only when w is a terminal.
func NewProgress(w io.Writer) *Progress {
	p := &Progress{w: w, start: time.Now()}
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

// Plugin announces the next plugin.
func (p *Progress) Plugin(name string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.seen++
	p.clear()
	if p.plugins > 0 {
		fmt.Fprintf(p.w, "plugin %s (%d/%d)\n", name, p.seen, p.plugins)
		return
	}
	fmt.Fprintf(p.w, "plugin %s\n", name)
}

// AddWork adds timed units (operation trials) to the remaining estimate.
func (p *Progress) AddWork(n int) {
	p.mu.Lock()
	p.total += n
	p.mu.Unlock()
}

// Done counts one unit finished.
func (p *Progress) Done() {
	p.mu.Lock()
	p.done++
	p.mu.Unlock()
}

// left estimates the run's remaining time from its pace so far: the units
// of the plugins not reached yet are taken to be as many as those of the
// average plugin reached. Zero when there is nothing to go on yet.
func (p *Progress) left() time.Duration {
	if p.done == 0 {
		return 0
	}
	total := float64(p.total)
	if p.seen > 0 && p.plugins > p.seen {
		total += float64(p.total) / float64(p.seen) * float64(p.plugins-p.seen)
	}
	if total <= float64(p.done) {
		return 0
	}
	return time.Duration(float64(time.Since(p.start)) / float64(p.done) * (total - float64(p.done)))
}

// clock is the elapsed time and the estimate left, for a line.
func (p *Progress) clock() string {
	s := time.Since(p.start).Round(time.Second).String()
	if l := p.left(); l > 0 {
		s += ", ~" + l.Round(time.Second).String() + " left"
	}
	return s
}

// Step shows what is running now, on the live line.
func (p *Progress) Step(plugin, instance, op, what string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.tty || time.Since(p.last) < 100*time.Millisecond {
		return
	}
	p.last = time.Now()
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
