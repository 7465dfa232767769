package plugin

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// The CPU time of a plugin is that of its whole box: the plugin's process
// and every process it started. Summing the schedstat of the threads alive
// at the time misses a thread that did its work and ended during the call
// (a goroutine's thread the runtime retired, or a hostile plugin's helper),
// and a child process is not a thread of the plugin at all. The kernel
// keeps, per process, a CPU clock that includes its threads that have
// already exited (CPUCLOCK_SCHED of the process, read with clock_gettime
// on the clock id of another PID, to the nanosecond), and per process the
// CPU time of its children it has reaped (cutime and cstime in
// /proc/<pid>/stat, in clock ticks). The box is the tree under its init:
// in the sandbox the plugin is the child of bubblewrap's init, which
// inherits every orphan of the PID namespace and reaps it, so the tree
// under the init, each process's own clock plus what it reaped, is every
// CPU second spent in the box. A child that ended during the call but is
// not yet reaped (a zombie) is read from its stat like any process. No
// cgroup is used (see docs/threat-model.md): this machine kind offers none
// to an evaluator's account.

// clockTicks is USER_HZ, the unit of cutime and cstime: 100 on every
// Linux architecture Go supports.
const clockTicks = 100

// processCPU returns the CPU time in nanoseconds the kernel has accounted
// to process pid, every thread of it including those that have exited;
// -1 when it cannot be read (the process is gone).
func processCPU(pid int) int64 {
	var ts unix.Timespec
	// The clock id of another process's CPU clock: the PID complemented,
	// shifted past the clock type, with type 2 (CPUCLOCK_SCHED, the
	// scheduler's nanosecond runtime) and the per-thread bit clear.
	if err := unix.ClockGettime(int32((^pid)<<3|2), &ts); err != nil {
		return -1
	}
	return ts.Nano()
}

// procCounts is what /proc/<pid>/stat says of a process: its parent, the
// CPU time in nanoseconds of the children it has reaped, its own CPU time
// (in ticks, for a process whose clock cannot be read), and the page
// faults of the process and its reaped children, those that waited for
// the disk (major) and those that did not (minor).
type procCounts struct {
	ppid           int
	reaped, own    int64
	majflt, minflt int64
}

// procStat reads the procCounts of pid; ok is false when the process is
// gone.
func procStat(pid int) (c procCounts, ok bool) {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return c, false
	}
	// The command name, field 2, is in parentheses and may hold spaces.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return c, false
	}
	f := strings.Fields(s[i+1:]) // f[0] is field 3 (state)
	if len(f) < 15 {
		return c, false
	}
	num := func(k int) int64 { // field k of stat, 1-based
		n, _ := strconv.ParseInt(f[k-3], 10, 64)
		return n
	}
	const tick = int64(1e9 / clockTicks)
	return procCounts{
		ppid:   int(num(4)),
		reaped: (num(16) + num(17)) * tick,
		own:    (num(14) + num(15)) * tick,
		minflt: num(10) + num(11),
		majflt: num(12) + num(13),
	}, true
}

// taskFiles returns the path of file name in the /proc directory of each
// thread of pid alive now. filepath.Glob would list every thread's
// directory (some fifty entries) to match name: 0.4 to 0.6 ms against
// 0.11 to 0.14 ms for a process of ten threads, read four times around
// every timed call, twice on the host's own threads, whose CPU time is
// part of the call's.
func taskFiles(pid int, name string) []string {
	dir := filepath.Join("/proc", strconv.Itoa(pid), "task")
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	files := make([]string, len(ents))
	for i, e := range ents {
		files[i] = filepath.Join(dir, e.Name(), name)
	}
	return files
}

// children returns the PIDs of the children of every thread of pid.
func children(pid int) []int {
	var out []int
	for _, f := range taskFiles(pid, "children") {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for _, w := range strings.Fields(string(b)) {
			if c, err := strconv.Atoi(w); err == nil {
				out = append(out, c)
			}
		}
	}
	return out
}

// boxRoot is the process whose tree is the plugin's box: the plugin's
// parent when that is the sandbox's init (not the host itself, as it is
// when the plugin runs unsandboxed), else the plugin.
func boxRoot(plugin int) int {
	c, ok := procStat(plugin)
	if !ok || c.ppid <= 1 || c.ppid == os.Getpid() {
		return plugin
	}
	return c.ppid
}

// boxUsage is what the tree of processes under a box's root has spent so
// far: CPU time in nanoseconds, and page faults major and minor.
type boxUsage struct {
	CPUNS, MajorFaults, MinorFaults int64
}

// boxCPU returns the boxUsage of the tree of processes under root, root
// included: each process's own CPU clock plus the CPU time of the children
// it reaped, and their page faults. CPUNS is -1 when root cannot be read.
func boxCPU(root int) (u boxUsage) {
	if root <= 0 {
		return boxUsage{CPUNS: -1}
	}
	seen := map[int]bool{}
	queue := []int{root}
	for len(queue) > 0 {
		pid := queue[0]
		queue = queue[1:]
		if seen[pid] || len(seen) > maxBoxProcesses {
			continue
		}
		seen[pid] = true
		c, ok := procStat(pid)
		if !ok {
			if pid == root {
				return boxUsage{CPUNS: -1}
			}
			continue // ended in between: its parent's reaped time has it
		}
		if ns := processCPU(pid); ns >= 0 {
			c.own = ns
		}
		u.CPUNS += c.own + c.reaped
		u.MajorFaults += c.majflt
		u.MinorFaults += c.minflt
		queue = append(queue, children(pid)...)
	}
	return u
}

// maxBoxProcesses bounds the walk: the sandbox allows 256 processes and
// threads (RLIMIT_NPROC).
const maxBoxProcesses = 1024
