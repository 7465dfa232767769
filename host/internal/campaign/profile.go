package campaign

import (
	"runtime"
	"sync"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/plugin"
	"crucible.dev/host/internal/profile"
	"crucible.dev/host/internal/session"
	"crucible.dev/registry"
)

// profiledPoints are the points of an instance that take a profile: every
// operation of a public-key scheme; one length of each operation of a
// symmetric primitive, the one nearest profile.Length (the longer of two
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
	dist := func(p registry.Point) int { return max(length(p)-profile.Length, profile.Length-length(p)) }
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
	n := profile.Workers(c.cfg.CPU >= 0, runtime.NumCPU(), len(todo))
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
				res[i].pprof, res[i].err = p.Profile(id, pt.Point, profile.Calls(profile.CallNS(pt.rec)), pt.rec.Calibration.Warmup)
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
		if share, err := profile.HashShare(res[i].pprof, pt.in.Profile); err == nil {
			pt.rec.Share = share
		}
	}
}
