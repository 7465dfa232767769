package plugin

import (
	"os"
	"strconv"
	"strings"
	"time"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/registry"
)

// hostClock is what the host measured of one timed call from outside the
// plugin: the call's wall-clock time, the CPU time the kernel accounted to
// the plugin's whole box during it (boxCPU), the time the plugin's
// threads, and the host's own, spent runnable but waiting for a CPU, and
// the CPU time of the host's own threads (-1 when unreadable).
type hostClock struct {
	WallNS, CPUNS, WaitNS, SelfNS, MajorFaults, MinorFaults int64
}

// Bench runs the timing loop at a point: cal.Samples samples of cal.Batch
// calls, after cal.Warmup untimed calls (none after Prepare). It measures
// the call from outside as well: the samples the plugin reports must fit
// inside what the host saw (the trial's Host fields).
func (p *Process) Bench(instance string, pt registry.Point, cal evidence.Calibration) (evidence.Trial, error) {
	root := boxRoot(p.Pid)
	// The host's own threads are read innermost, so that its CPU time
	// holds none of these reads of the plugin's.
	_, pw0 := threadsSched(p.Pid)
	u0 := boxCPU(root)
	hs0, hw0 := threadsSched(os.Getpid())
	t0 := time.Now()
	r, err := p.bench(benchRequest(instance, pt, cal))
	hc := hostClock{WallNS: int64(time.Since(t0)), CPUNS: -1, WaitNS: -1, SelfNS: -1}
	hs1, hw1 := threadsSched(os.Getpid())
	u1 := boxCPU(root)
	_, pw1 := threadsSched(p.Pid)
	if u0.CPUNS >= 0 && u1.CPUNS >= u0.CPUNS {
		hc.CPUNS = u1.CPUNS - u0.CPUNS
		hc.MajorFaults = max(u1.MajorFaults-u0.MajorFaults, 0)
		hc.MinorFaults = max(u1.MinorFaults-u0.MinorFaults, 0)
	}
	if pw0 >= 0 && pw1 >= pw0 && hw0 >= 0 && hw1 >= hw0 {
		hc.WaitNS = pw1 - pw0 + hw1 - hw0
	}
	if hs0 >= 0 && hs1 >= hs0 {
		hc.SelfNS = hs1 - hs0
	}
	if err != nil {
		return evidence.Trial{}, err
	}
	return evidence.Trial{
		PID: int32(p.Pid), CPU: r.Cpu, Batch: r.Batch, NS: r.Ns, Cycles: r.Cycles, CycleSource: r.CycleSource,
		CoreCycles: r.CoreCycles, CoreError: r.CoreCyclesError,
		AllocsPerOp: r.AllocsPerOp, BytesPerOp: r.BytesPerOp, RSSBaseKiB: r.RssBaselineKib,
		RSSPeakKiB: r.RssPeakKib, HWMReset: r.HwmReset, CallsPerOp: r.CallsPerOp,
		HostWallNS: hc.WallNS, HostCPUNS: hc.CPUNS, HostWaitNS: hc.WaitNS, HostSelfNS: hc.SelfNS, HostMajorFaults: hc.MajorFaults,
		HostMinorFaults: hc.MinorFaults,
	}, nil
}

// EmptyCPU times the empty loop (registry.OpEmpty) of instance with cal's
// samples and batch, prepared in a call of its own as a trial's loop is,
// and returns the CPU time the box spent in the timed call: what a Bench
// call of that shape costs besides the operation. It takes the larger of
// two calls: on a loaded machine one call's cost varied from 0.4 to 5.8
// ms, and an estimate too low would have an honest trial's samples fall
// short of its CPU time (the estimate lowers the host-timed figure by at
// most evidence.OverheadCapFrac, whatever it is). The first call alone
// does when it already costs twice that cap of a call cal plans at 10 ms
// or more (emptyEnough): the figure then takes off the cap whatever a
// second reads, and a fast operation's empty call is a fifth of its
// trial's time (SHA-256 at 1 KiB: 4 ms beside a 21 ms call). A shorter
// plan, a fed check's of a fast operation, keeps both: its verdict
// allows a few milliseconds beyond the empty loop, the spread of one
// reading. -1 when the plugin has
// no empty loop (a plugin not serving through registry.Serve) or the
// kernel's accounting cannot be read: the trial's figure then keeps it.
//
// For a fed trial, ballast is its inputs' shape (registry.BallastShape):
// the plugin seals zero bytes of those sizes and the timed call opens
// them, as a fed trial's opens its inputs, so that the cost of opening
// them is taken off as well.
func (p *Process) EmptyCPU(instance string, cal evidence.Calibration, ballast []byte) int64 {
	pt := registry.Point{Op: registry.OpEmpty}
	most := int64(-1)
	for range 2 {
		p.feed = &feed{ballast: ballast}
		err := p.Prepare(instance, pt, evidence.Calibration{Batch: cal.Batch})
		p.feed = nil
		var t evidence.Trial
		if err == nil {
			t, err = p.Bench(instance, pt, evidence.Calibration{Samples: cal.Samples, Batch: cal.Batch})
		}
		p.feed = nil
		if err != nil || t.HostCPUNS < 0 {
			return -1
		}
		most = max(most, t.HostCPUNS)
		if emptyEnough(most, cal) {
			break
		}
	}
	return most
}

// emptyEnough reports whether an empty call of cpu nanoseconds costs at
// least twice evidence.OverheadCapFrac of the call cal plans (its
// calibration's estimate over its calls), so that a trial whose CPU time
// is up to twice the plan is left the same host-timed figure by any
// larger reading, and the plan is at least minOneEmptyNS.
func emptyEnough(cpu int64, cal evidence.Calibration) bool {
	planned := cal.EstimateNS * float64(cal.Samples*cal.Batch)
	return planned >= minOneEmptyNS && float64(cpu) >= 2*evidence.OverheadCapFrac*planned
}

// minOneEmptyNS is the shortest planned call whose empty loop one reading
// does (see EmptyCPU).
const minOneEmptyNS = float64(10 * time.Millisecond)

// threadsSched sums, over the threads of process pid alive now, the CPU
// time the kernel has accounted to them and the time they spent waiting on
// a run queue, in nanoseconds (the first two fields of each thread's
// schedstat); -1, -1 when they cannot be read. Only the waits are used:
// the CPU time is the box's (boxCPU), which counts ended threads too.
func threadsSched(pid int) (cpu, wait int64) {
	if pid <= 0 {
		return -1, -1
	}
	tasks := taskFiles(pid, "schedstat")
	if len(tasks) == 0 {
		return -1, -1
	}
	for _, t := range tasks {
		b, err := os.ReadFile(t)
		if err != nil {
			continue // a thread that ended in between
		}
		f := strings.Fields(string(b))
		if len(f) < 2 {
			return -1, -1
		}
		c, err1 := strconv.ParseInt(f[0], 10, 64)
		w, err2 := strconv.ParseInt(f[1], 10, 64)
		if err1 != nil || err2 != nil {
			return -1, -1
		}
		cpu, wait = cpu+c, wait+w
	}
	return cpu, wait
}
