package campaign

import (
	"runtime"
	"sync"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/plugin"
	"crucible.dev/host/internal/session"
	"crucible.dev/host/internal/stats"
	"crucible.dev/registry"
)

// profileSeconds is about how long each operation runs under the profiler,
// by its trials' time: some hundred samples at registry.ProfileHz. It is
// 90 samples' worth because a profiled call costs more CPU than the
// fastest trial median the count comes from (the profiled loop does not
// hold the collector off, and a mean lies above a median): at 100 a
// quiet full run's profiles took 113 samples at the median (p10 105)
// and 0.45 s of CPU each.
const profileSeconds = 90.0 / registry.ProfileHz

// profileCalls is the count of calls that lasts about profileSeconds.
func profileCalls(estNS float64) int64 {
	return max(int64(profileSeconds*1e9/max(estNS, 1)), 1)
}

// callNS is how long one call of a record's operation takes, for the
// profile's call count: the fastest of its trials' medians, or without
// trials the calibration's estimate. The trials are the better measure:
// five loops of some 20 ms against one calibration whose first steps are
// single calls, which one preemption on a busy machine makes 50 times too
// slow (a run at load 10 profiled such operations for 2 samples instead
// of a hundred); and the fastest median is the least disturbed.
func callNS(rec *evidence.Record) float64 {
	best := 0.0
	for _, t := range rec.Trials {
		if t.Unbounded() != "" || len(t.NS) == 0 || t.Batch < 1 {
			continue
		}
		if m := stats.Summarize(stats.PerOp(t.NS, t.Batch), t.Batch).Median; m > 0 && (best == 0 || m < best) {
			best = m
		}
	}
	if best > 0 {
		return best
	}
	return rec.Calibration.EstimateNS
}

// profileWorkers is how many plugin processes take an instance's profiles
// side by side: one per CPU, at most two, and one when the plugins are
// pinned to a CPU (two processes on one CPU would only take turns). A
// profile counts the CPU time of its own process (the kernel's CPU-time
// timers deliver its samples), so a profile taken beside another one
// attributes the same time to the same functions; what must run alone is
// a timed trial, and none runs until every profile of the instance is
// taken. On the two-CPU machines the campaign is sized for, this halves
// the profiles' wall time (about half of a whole run's before) and keeps
// each profile's hundred samples.
func profileWorkers(pinned bool, cpus, points int) int {
	n := min(cpus, 2, points)
	if pinned {
		n = min(n, 1)
	}
	return max(n, 1)
}

// profileLength is the message or output length at which a symmetric
// primitive's operations are profiled: the one the summaries headline.
const profileLength = 1024

// profiledPoints are the points of an instance that take a profile: every
// operation of a public-key scheme; one length of each operation of a
// symmetric primitive, the one nearest profileLength (the longer of two
// as near). A primitive's helpers are the primitive itself, so its share
// is near 1 at every length (SHA-256's eight read 0.92 to 1.0 in one
// run), and profiling all eight lengths took 209 of a full run's 450
// profiles.
func profiledPoints(pts []*point) []*point {
	if len(pts) == 0 || !pts[0].in.Kind.Symmetric() {
		return pts
	}
	length := func(p registry.Point) int {
		if p.OutLen > 0 {
			return p.OutLen
		}
		return p.MsgLen
	}
	dist := func(p registry.Point) int { return max(length(p)-profileLength, profileLength-length(p)) }
	best := map[string]*point{}
	for _, pt := range pts {
		b := best[pt.Op]
		if b == nil || dist(pt.Point) < dist(b.Point) || (dist(pt.Point) == dist(b.Point) && length(pt.Point) > length(b.Point)) {
			best[pt.Op] = pt
		}
	}
	var out []*point
	for _, pt := range pts {
		if best[pt.Op] == pt {
			out = append(out, pt)
		}
	}
	return out
}

// profiled is what one point's profile gave.
type profiled struct {
	pprof []byte
	err   error
	taken bool // false when no process was left to take it
}

// profile takes a CPU profile of each operation and computes the share of
// time in the instance's helper functions. The last trial's process, when
// there is one, takes profiles while a second process starts beside it;
// the two take the operations from one queue. Findings and files are
// written after both are done, in the operations' order, so the evidence
// does not depend on which process took which profile.
func (c *Campaign) profile(s *plugin.Source, pts []*point, last *session.Session) {
	id := pts[0].id
	var todo []*point
	for _, pt := range profiledPoints(pts) {
		if pt.rec.Error == "" {
			todo = append(todo, pt)
		}
	}
	if len(todo) == 0 {
		if last != nil {
			last.Stop()
		}
		return
	}
	res := make([]profiled, len(todo))
	next := make(chan int, len(todo))
	for i := range todo {
		next <- i
	}
	close(next)
	n := profileWorkers(c.cfg.CPU >= 0, runtime.NumCPU(), len(todo))
	sessions := make([]*session.Session, n)
	startErrs := make([]error, n)
	sessions[0] = last
	var wg sync.WaitGroup
	for w := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if sessions[w] == nil {
				sess, err := session.Start(s, c.start)
				if err != nil {
					startErrs[w] = err
					return
				}
				sessions[w] = sess
			}
			p := sessions[w].Process()
			for i := range next {
				pt := todo[i]
				c.cfg.Progress.Step(s.Name, id, pt.String(), "profiling")
				res[i].pprof, res[i].err = p.Profile(id, pt.Point, profileCalls(callNS(pt.rec)), pt.rec.Calibration.Warmup)
				res[i].taken = true
				if res[i].err != nil && p.Exited() {
					return // the other process, if any, takes the rest
				}
			}
		}()
	}
	wg.Wait()
	for w := range n {
		if sessions[w] != nil {
			sessions[w].Stop()
		}
		if startErrs[w] != nil {
			c.finding(evidence.Finding{Plugin: s.Name, Instance: id, What: "start", Detail: "profile: " + startErrs[w].Error()})
		}
	}
	for i, pt := range todo {
		if !res[i].taken {
			continue
		}
		if res[i].err != nil {
			c.finding(evidence.Finding{Plugin: s.Name, Instance: id, Op: pt.String(), What: "bench", Detail: "profile: " + res[i].err.Error()})
			continue
		}
		path := evidence.ProfilePath(c.cfg.Out, s.Name, id, pt.String())
		if err := evidence.WriteFile(path, res[i].pprof); err != nil {
			continue
		}
		pt.rec.Profile = evidence.Rel(c.cfg.Out, path)
		if share, err := HashShare(res[i].pprof, pt.in.Profile); err == nil {
			pt.rec.Share = share
		}
	}
}
