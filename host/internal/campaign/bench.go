package campaign

import (
	"fmt"
	"math"
	mathrand "math/rand/v2"
	"os"
	"strconv"
	"time"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/hoststate"
	"crucible.dev/host/internal/instcount"
	"crucible.dev/host/internal/plugin"
	"crucible.dev/host/internal/session"
	"crucible.dev/registry"
)

// point is one benchmarked (instance, operation, length).
type point struct {
	registry.Point
	in    *plugin.Instance
	id    string
	rec   *evidence.Record
	check int     // the trial a fed check runs in; 0 until drawn
	fed   *fedSet // the inputs of the point's fed trials, made once
}

// checkTrial is the trial, of trials, in which the point's fed check runs:
// drawn once, at random, so no process knows it is the one checked.
func (pt *point) checkTrial(trials int) int {
	if pt.check == 0 {
		pt.check = 1 + mathrand.IntN(max(trials, 1))
	}
	return pt.check
}

// points lists what an instance is timed on: every operation, and for
// symmetric primitives each operation at every length of the ladder.
func (c *Campaign) points(in *plugin.Instance) []*point {
	id := in.ID()
	kind := registry.Kind(in.Kind)
	var ps []*point
	add := func(op string, msg, out int) {
		pt := registry.Point{Op: op, MsgLen: msg, OutLen: out}
		ps = append(ps, &point{Point: pt, in: in, id: id})
	}
	for _, op := range in.Ops {
		if !op.Timed {
			continue
		}
		switch kind {
		case registry.KindHash, registry.KindMAC, registry.KindAEAD:
			for _, n := range c.cfg.MsgLens {
				add(op.Name, n, 0)
			}
			if len(c.cfg.MsgLens) > 0 {
				add(op.Name, BulkLen, 0)
			}
		case registry.KindXOF:
			for _, n := range c.cfg.MsgLens {
				add(op.Name, n, 32)
			}
			for _, n := range []int{256, 1024, 4096} {
				add(op.Name, 32, n)
			}
		case registry.KindKDF:
			for _, n := range []int{32, 64, 128} {
				add(op.Name, 32, n)
			}
		case registry.KindDRBG:
			for _, n := range c.cfg.MsgLens {
				add(op.Name, 0, n)
			}
		default:
			add(op.Name, 0, 0)
		}
	}
	return ps
}

// Iteration counts: a sample must last long enough that reading the clock
// is noise, and no trial keeps more samples than a record can carry.
const (
	minSampleNS = 20_000
	maxSamples  = 200
	minSlowCall = 5 // calls per trial of operations too slow for MinCalls
)

// plan chooses batch, samples and warm-up from the calibrated estimate.
func (c *Campaign) plan(estNS float64) evidence.Calibration {
	cal := evidence.Calibration{EstimateNS: estNS}
	var calls int64
	if c.cfg.Iterations > 0 {
		calls = c.cfg.Iterations
		cal.Fixed = true
	} else {
		calls = int64(math.Ceil(float64(c.cfg.TrialTarget.Nanoseconds()) / estNS))
		if estNS < float64(time.Millisecond) {
			calls = max(calls, c.cfg.MinCalls)
		}
		calls = max(calls, minSlowCall)
	}
	batch := max(int64(math.Ceil(minSampleNS/estNS)), 1)
	batch = max(batch, (calls+maxSamples-1)/maxSamples)
	samples := max((calls+batch-1)/batch, 1)
	cal.Batch, cal.Samples = batch, samples
	cal.Warmup = min(max(int64(math.Ceil(5e6/estNS)), 1), 10_000)
	return cal
}

// bencher is what calibration needs of a plugin process.
type bencher interface {
	Prepare(instance string, pt registry.Point, cal evidence.Calibration) error
	Bench(instance string, pt registry.Point, cal evidence.Calibration) (evidence.Trial, error)
}

// calibrate estimates one call's time with a short run, doubling the batch
// until it lasts a millisecond, on one loop prepared (inputs made, one
// call to warm up) before the first. The batch that reached a millisecond
// runs once more and the faster of the two counts: a preemption on a busy
// machine makes one batch, often the first single call, last a
// millisecond on its own, which ended the doubling there with an
// estimate 50 times the call's time (and trials of a handful of calls);
// it does not strike twice in a row.
func calibrate(p bencher, pt *point) (float64, error) {
	if err := p.Prepare(pt.id, pt.Point, evidence.Calibration{Warmup: 1}); err != nil {
		return 0, err
	}
	run := func(batch int64) (float64, error) {
		r, err := p.Bench(pt.id, pt.Point, evidence.Calibration{Samples: 1, Batch: batch})
		if err != nil {
			return 0, err
		}
		return float64(r.NS[0]), nil
	}
	for batch := int64(1); ; batch *= 2 {
		ns, err := run(batch)
		if err != nil {
			return 0, err
		}
		if ns >= 1e6 || batch >= 1<<24 {
			again, err := run(batch)
			if err != nil {
				return 0, err
			}
			return min(ns, again) / float64(batch), nil
		}
	}
}

// bench calibrates and then measures the instances' operations over the
// trials, each trial in a fresh process, and writes one record per point.
func (c *Campaign) bench(s *plugin.Source, insts []*plugin.Instance, static int64) {
	for _, in := range insts {
		var todo []*point
		for _, pt := range c.points(in) {
			if c.cfg.Resume {
				var done evidence.Record
				if err := evidence.ReadJSON(evidence.RecordPath(c.cfg.Out, s.Name, pt.id, pt.String()), &done); err == nil {
					c.replay(&done)
					continue
				}
			}
			todo = append(todo, pt)
		}
		if len(todo) > 0 {
			c.benchInstance(s, todo, static)
		}
	}
}

func (c *Campaign) benchInstance(s *plugin.Source, pts []*point, static int64) {
	id := pts[0].id
	state := hoststate.Capture()
	var uncal []*point // the points without a calibration kept from an interrupted run
	for _, pt := range pts {
		if rec, ok := c.early[pointKey(s.Name, pt)]; ok {
			pt.rec = rec
			delete(c.early, pointKey(s.Name, pt))
			continue
		}
		if pt.rec = c.resumePartial(s.Name, pt); pt.rec != nil {
			continue
		}
		pt.rec = c.newRecord(s.Name, pt, static, state)
		uncal = append(uncal, pt)
	}
	if len(uncal) > 0 && !c.calibrateAll(s, uncal) {
		return
	}
	profile := c.cfg.Profile && len(pts[0].in.Profile) > 0
	last, ok := c.trials(s, pts, profile)
	if !ok {
		return
	}
	if profile {
		c.profile(s, pts, last)
	}
	if c.cfg.Counter == instcount.Instructions {
		c.count(s, pts)
	}
	for _, pt := range pts {
		pt.rec.Stats = pt.rec.Recompute()
		if err := evidence.WriteJSON(evidence.RecordPath(c.cfg.Out, s.Name, id, pt.String()), pt.rec); err != nil {
			c.finding(evidence.Finding{Plugin: s.Name, Instance: id, Op: pt.String(), What: "evidence", Detail: "record not written: " + err.Error()})
			continue
		}
		c.dropPartial(s.Name, pt)
	}
}

// calibrateAll calibrates the points in a process of their own.
func (c *Campaign) calibrateAll(s *plugin.Source, pts []*point) bool {
	sess, err := session.Start(s, c.start)
	if err != nil {
		c.finding(evidence.Finding{Plugin: s.Name, Instance: pts[0].id, What: "start", Detail: err.Error()})
		return false
	}
	defer sess.Stop()
	c.calibrateIn(s.Name, sess, pts)
	return true
}

// calibrateEarly calibrates the points of an instance that will be
// measured in the plugin's first process, after the KAT gates and
// robustness steps of all its instances (and the next plugin's build),
// so that no process starts for calibration alone;
// the estimates only choose the iteration counts of the trials, which
// each run in a fresh process.
func (c *Campaign) calibrateEarly(s *plugin.Source, sess *session.Session, in *plugin.Instance, static int64) {
	var pts []*point
	for _, pt := range c.points(in) {
		if c.cfg.Resume && (exists(evidence.RecordPath(c.cfg.Out, s.Name, pt.id, pt.String())) ||
			exists(evidence.PartialPath(c.cfg.Out, s.Name, pt.id, pt.String()))) {
			continue // bench() takes it from there
		}
		pt.rec = c.newRecord(s.Name, pt, static, hoststate.Capture())
		pts = append(pts, pt)
	}
	if len(pts) == 0 {
		return
	}
	c.calibrateIn(s.Name, sess, pts)
	if c.early == nil {
		c.early = map[string]*evidence.Record{}
	}
	for _, pt := range pts {
		c.early[pointKey(s.Name, pt)] = pt.rec
	}
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// pointKey names a point across the run.
func pointKey(pluginName string, pt *point) string {
	return pluginName + "\x00" + pt.id + "\x00" + pt.String()
}

// newRecord starts a point's record.
func (c *Campaign) newRecord(pluginName string, pt *point, static int64, state evidence.Environment) *evidence.Record {
	return &evidence.Record{
		Plugin: pluginName, Instance: pt.id, Name: pt.in.Name, Impl: pt.in.Impl, Kind: string(pt.in.Kind), StaticBytes: static,
		Op: pt.String(), BaseOp: pt.Op, MsgLen: pt.MsgLen, OutLen: pt.OutLen, State: state,
	}
}

// calibrateIn calibrates the points in the session's process and keeps
// each plan in the point's partial record.
func (c *Campaign) calibrateIn(pluginName string, sess *session.Session, pts []*point) {
	id := pts[0].id
	c.cfg.Progress.Stage(pluginName, id, fmt.Sprintf("calibrating %d operations", len(pts)))
	for _, pt := range pts {
		c.cfg.Progress.Step(pluginName, id, pt.String(), "calibrating")
		p, err := sess.Alive()
		if err != nil {
			c.benchError(pluginName, pt, err.Error())
			continue
		}
		est := 1e3
		if c.cfg.Iterations == 0 {
			est, err = calibrate(p, pt)
			if err != nil {
				c.benchError(pluginName, pt, "calibration: "+err.Error())
				continue
			}
		}
		pt.rec.Calibration = c.plan(est)
		c.keepPartial(pluginName, pt)
	}
}

// trials measures the points over the trials, each trial in a fresh
// process for all the points that still lack it, and keeps every trial in
// the point's partial record as soon as it is taken. With keep, the last
// trial's process is returned running instead of stopped (nil when this
// run took no trial), for the profiles: its timed work is over.
func (c *Campaign) trials(s *plugin.Source, pts []*point, keep bool) (*session.Session, bool) {
	id := pts[0].id
	due := func(t int) []*point {
		var d []*point
		for _, pt := range pts {
			if pt.rec.Error == "" && len(pt.rec.Trials) < t {
				d = append(d, pt)
			}
		}
		return d
	}
	work := 0
	for t := 1; t <= c.cfg.Trials; t++ {
		work += len(due(t))
	}
	c.cfg.Progress.AddWork(work)
	prod := &producer{src: s, start: c.start}
	defer prod.stop()
	var last *session.Session
	for t := 1; t <= c.cfg.Trials; t++ {
		todo := due(t)
		if len(todo) == 0 {
			continue
		}
		c.cfg.Progress.Stage(s.Name, id, fmt.Sprintf("trial %d/%d of %d operations", t, c.cfg.Trials, len(todo)))
		sess, err := session.Start(s, c.startTrial)
		if err != nil {
			c.finding(evidence.Finding{Plugin: s.Name, Instance: id, What: "start", Detail: fmt.Sprintf("trial %d: %v", t, err)})
			return nil, false
		}
		for _, pt := range todo {
			c.cfg.Progress.Step(s.Name, id, pt.String(), "trial "+strconv.Itoa(t)+"/"+strconv.Itoa(c.cfg.Trials))
			c.trial(s.Name, sess, prod, pt, t)
			c.cfg.Progress.Done()
			c.keepPartial(s.Name, pt)
		}
		if keep && t == c.cfg.Trials {
			last = sess // the caller stops it; no trial is left to run beside it
		} else {
			sess.Stop()
		}
	}
	return last, true
}

// trial takes a point's trial t in the session's process.
func (c *Campaign) trial(pluginName string, sess *session.Session, prod *producer, pt *point, t int) {
	p, err := sess.Alive()
	if err != nil {
		c.benchError(pluginName, pt, err.Error())
		return
	}
	var trial evidence.Trial
	var wrong string
	switch {
	case streamOp(pt) || fedOp(pt) && fedFits(pt.rec.Calibration):
		trial, wrong, err = c.fedTrial(p, prod, pt, fedMost(pt), nil)
	case fedOp(pt):
		// Too fast a call by the plugin's own loop for a fed trial to
		// time it (the call's overhead would swamp it): the figure is
		// the plugin's loop's, checked against a fed trial in one trial
		// the host draws, which the plugin's fresh process cannot tell.
		if trial, err = c.timedTrial(p, pt.id, pt); err == nil && t == pt.checkTrial(c.cfg.Trials) {
			wrong, err = c.fedCheck(p, prod, pt, trial)
		}
	default:
		trial, err = c.timedTrial(p, pt.id, pt)
	}
	if err != nil {
		c.benchError(pluginName, pt, fmt.Sprintf("trial %d: %v", t, err))
		return
	}
	if wrong != "" {
		// The operation's figures are the plugin's word on work it did
		// not do: none is published.
		c.benchError(pluginName, pt, fmt.Sprintf("trial %d: %s: %s", t, registry.ErrWrongOutput, wrong))
		return
	}
	trial.Copy = p.Copy
	pt.rec.Trials = append(pt.rec.Trials, trial)
	c.trialFinding(pt.rec, len(pt.rec.Trials))
}

// benchable reports whether an instance with this KAT status is measured.
func benchable(st evidence.KATStatus) bool {
	switch st {
	case evidence.KATPass, evidence.KATKnown, evidence.KATNone, evidence.KATSkipped:
		return true
	}
	return false
}

// staticTotal is the code and data of the plugin's algorithm packages.
func staticTotal(info evidence.PluginInfo) int64 {
	var n int64
	for _, b := range info.StaticBytes {
		n += b
	}
	return n
}
