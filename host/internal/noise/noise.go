// Package noise tells whether the machine disturbed a timed trial: it
// samples what the kernel says about the competition for the CPUs (time
// stolen by the hypervisor, the pressure stall information of
// /proc/pressure/cpu, the tasks on the run queues) before and after the
// trial, and grades a run by how many of its trials were disturbed.
package noise

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// Sample is one reading of the machine's CPU contention counters.
type Sample struct {
	At        time.Time
	StealTick int64 // /proc/stat: jiffies stolen by the hypervisor, all CPUs
	TotalTick int64 // /proc/stat: all jiffies, all CPUs
	// StallUS is /proc/pressure/cpu's "some" total: microseconds in which
	// at least one runnable task waited for a CPU; -1 where the kernel has
	// no pressure stall information.
	StallUS  int64
	Runnable int // /proc/loadavg: tasks running or runnable now
}

// Read samples the counters; a file the kernel does not offer leaves its
// fields at zero (StallUS at -1).
func Read() Sample {
	s := Sample{At: time.Now(), StallUS: -1}
	if b, err := os.ReadFile("/proc/stat"); err == nil {
		s.StealTick, s.TotalTick = parseStat(b)
	}
	if b, err := os.ReadFile("/proc/pressure/cpu"); err == nil {
		s.StallUS = parsePressure(b)
	}
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		s.Runnable = parseLoadavg(b)
	}
	return s
}

// parseStat reads the steal and total jiffies of /proc/stat's "cpu" line
// (user nice system idle iowait irq softirq steal guest guest_nice).
func parseStat(b []byte) (steal, total int64) {
	line, _, _ := bytes.Cut(b, []byte("\n"))
	f := strings.Fields(string(line))
	if len(f) < 9 || f[0] != "cpu" {
		return 0, 0
	}
	for i, v := range f[1:] {
		n, _ := strconv.ParseInt(v, 10, 64)
		if i < 8 { // guest time is already counted in user time
			total += n
		}
		if i == 7 {
			steal = n
		}
	}
	return steal, total
}

// parsePressure reads the "some ... total=N" line of /proc/pressure/cpu.
func parsePressure(b []byte) int64 {
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 || f[0] != "some" {
			continue
		}
		for _, kv := range f[1:] {
			if v, ok := strings.CutPrefix(kv, "total="); ok {
				n, err := strconv.ParseInt(v, 10, 64)
				if err == nil {
					return n
				}
			}
		}
	}
	return -1
}

// parseLoadavg reads the running count of /proc/loadavg's "R/T" field.
func parseLoadavg(b []byte) int {
	f := strings.Fields(string(b))
	if len(f) < 4 {
		return 0
	}
	r, _, _ := strings.Cut(f[3], "/")
	n, _ := strconv.Atoi(r)
	return n
}

// The limits beyond which a trial counts as disturbed. The pressure stall
// information cannot tell the trial's own tasks from others: on a quiet
// 2-CPU machine the plugin's runtime threads and the host alone leave some
// task waiting for part of a trial (measured: 99 trials of X25519 and
// Amoeba at load 1.5, stall share median 0.045, 90th percentile 0.20,
// maximum 0.30). A third is beyond that and far below what one busy
// process per CPU causes (close to 1); a steal share of 2% is the
// hypervisor taking time the guest thought it had.
const (
	MaxStallFrac = 0.33
	MaxStealFrac = 0.02
)

// Window is what the counters say about the interval between two samples.
type Window struct {
	StallFrac float64 `json:"stall_frac"`          // share of the wall time some task waited for a CPU; -1 unknown
	StealFrac float64 `json:"steal_frac"`          // share of CPU time stolen by the hypervisor
	Runnable  int     `json:"runnable"`            // the larger run-queue count of the two samples
	CPUs      int     `json:"cpus"`                // CPUs the host process may use
	Disturbed bool    `json:"disturbed,omitempty"` // beyond MaxStallFrac or MaxStealFrac
	Why       string  `json:"why,omitempty"`
}

// Between judges the interval from a to b.
func Between(a, b Sample) Window {
	w := Window{StallFrac: -1, Runnable: max(a.Runnable, b.Runnable), CPUs: runtime.NumCPU()}
	wall := b.At.Sub(a.At).Microseconds()
	if a.StallUS >= 0 && b.StallUS >= a.StallUS && wall > 0 {
		w.StallFrac = float64(b.StallUS-a.StallUS) / float64(wall)
	}
	if dt := b.TotalTick - a.TotalTick; dt > 0 {
		w.StealFrac = float64(b.StealTick-a.StealTick) / float64(dt)
	}
	var why []string
	if w.StallFrac > MaxStallFrac {
		why = append(why, fmt.Sprintf("runnable tasks waited for a CPU %.0f%% of the time", 100*w.StallFrac))
	}
	if w.StealFrac > MaxStealFrac {
		why = append(why, fmt.Sprintf("the hypervisor stole %.1f%% of the CPU time", 100*w.StealFrac))
	}
	if w.StallFrac < 0 && w.Runnable > w.CPUs+1 {
		// No pressure information: a run queue longer than the CPUs
		// (plus the reader itself) is the sign left.
		why = append(why, fmt.Sprintf("%d runnable tasks on %d CPUs", w.Runnable, w.CPUs))
	}
	w.Disturbed = len(why) > 0
	w.Why = strings.Join(why, "; ")
	return w
}

// Grade is a run's noise grade: how many of its trials were disturbed.
type Grade struct {
	Trials    int    `json:"trials"`
	Disturbed int    `json:"disturbed"` // trials kept with a disturbance after their retries
	Retried   int    `json:"retried"`   // trials run again because they were disturbed
	Grade     string `json:"grade"`     // "quiet", "noisy" or "disturbed"
}

// Of grades a run: quiet when at most 5% of its kept trials were
// disturbed, disturbed when more than a third were, noisy in between.
func Of(trials, disturbed, retried int) Grade {
	g := Grade{Trials: trials, Disturbed: disturbed, Retried: retried, Grade: "quiet"}
	switch {
	case trials == 0:
	case 3*disturbed > trials:
		g.Grade = "disturbed"
	case 20*disturbed > trials:
		g.Grade = "noisy"
	}
	return g
}

// WaitQuiet samples the machine once a second until two seconds in a row
// are undisturbed or limit has passed, and reports whether it settled.
func WaitQuiet(limit time.Duration, log func(Window)) bool {
	deadline := time.Now().Add(limit)
	prev, calm := Read(), 0
	for time.Now().Before(deadline) {
		time.Sleep(time.Second)
		cur := Read()
		w := Between(prev, cur)
		prev = cur
		if w.Disturbed {
			calm = 0
			if log != nil {
				log(w)
			}
			continue
		}
		if calm++; calm >= 2 {
			return true
		}
	}
	return false
}
