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

// Progress shows where a long run is on a terminal (plugin, instance,
// operation, trial, elapsed and remaining time) and stays quiet when the
// output is not a terminal; findings are always printed.
type Progress struct {
	mu          sync.Mutex
	w           io.Writer
	tty         bool
	start       time.Time
	total, done int
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

// Plugin announces the next plugin.
func (p *Progress) Plugin(name string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
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

// Step shows what is running now.
func (p *Progress) Step(plugin, instance, op, what string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.tty || time.Since(p.last) < 100*time.Millisecond {
		return
	}
	p.last = time.Now()
	el := time.Since(p.start).Round(time.Second)
	eta := ""
	if p.done > 0 && p.total > p.done {
		rem := time.Duration(float64(time.Since(p.start)) / float64(p.done) * float64(p.total-p.done))
		eta = fmt.Sprintf(", ~%v left in this plugin's timing", rem.Round(time.Second))
	}
	line := fmt.Sprintf("  %s %s %s %s [%v%s]", plugin, instance, op, what, el, eta)
	if len(line) > 110 {
		line = line[:110]
	}
	fmt.Fprintf(p.w, "\r\033[K%s", line)
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
