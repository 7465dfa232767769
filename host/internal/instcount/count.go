// Package instcount counts the machine instructions of each operation's
// loop under valgrind's callgrind (--counter instructions): a figure exact
// to the instruction, which two counts of one build reproduce.
package instcount

import (
	"fmt"
	"os"
	"slices"

	"crucible.dev/host/internal/callgrind"
	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/plugin"
	"crucible.dev/host/internal/sandbox"
	"crucible.dev/registry"
)

// Instructions is the one counter --counter knows: machine instructions,
// counted by valgrind's callgrind.
const Instructions = "instructions"

// DefaultCalls is how many calls a counted loop makes: fixed, so two
// counts of one build compare exactly, and a divisor of the inputs a timed
// loop cycles through, so every count covers the same inputs.
const DefaultCalls = 32

// countWarmup are the untimed calls before a counted loop: one-time
// initialisation (tables built on first use) stays out of the count.
const countWarmup = 2

// countSlowdown is how much longer a plugin takes under callgrind than
// natively: its start and its calls get this much more time.
const countSlowdown = 20

// Calls is the calls of each counted loop of a run with counter and the
// calls asked for (0 for the default): none without a counter.
func Calls(counter string, calls int64) int64 {
	if counter == "" {
		return 0
	}
	if calls > 0 {
		return calls
	}
	return DefaultCalls
}

// Limits are the call limits of a process under the counter (or any
// valgrind tool, which slows a plugin as much).
func Limits(l plugin.Limits) plugin.Limits {
	l.Start *= countSlowdown
	l.Call *= countSlowdown
	l.Bench *= countSlowdown
	return l
}

// Point is one operation of an instance to count.
type Point struct {
	Name  string         // the operation as records name it ("hash@1024")
	Point registry.Point // the point the loop runs
	Rec   *evidence.Record
}

// Run is what counting one instance needs from the campaign.
type Run struct {
	Out              string // run directory
	Plugin, Instance string
	Calls            int64 // calls in each counted loop
	Launcher         *sandbox.Launcher
	// Start runs a fresh process of the plugin under cnt; the func it
	// returns stops it.
	Start   func(cnt *sandbox.Counter) (*plugin.Process, func(), error)
	Step    func(op, what string)  // progress
	Finding func(evidence.Finding) // raises a finding
}

// Count runs each point's loop twice more with its instructions counted,
// each time over inputs prepared afresh from the counter's seed, in one
// more process for the instance, and keeps callgrind's file of each: two
// counts that differ show an operation whose work depends on randomness
// the implementation draws itself (evidence.Instructions.Varies).
func (c Run) Count(pts []Point) {
	id := c.Instance
	fail := func(pt *Point, err error) {
		f := evidence.Finding{Plugin: c.Plugin, Instance: id, What: "count", Detail: err.Error()}
		if pt != nil {
			f.Op = pt.Name
		}
		c.Finding(f)
	}
	if c.Launcher == nil {
		fail(nil, fmt.Errorf("no launcher"))
		return
	}
	cnt, err := c.Launcher.NewCounter()
	if err != nil {
		fail(nil, err)
		return
	}
	defer os.RemoveAll(cnt.Dir)
	p, stop, err := c.Start(cnt)
	if err != nil {
		fail(nil, fmt.Errorf("start under the counter: %w", err))
		return
	}
	defer func() { stop() }()
	d, err := p.Describe()
	if err != nil {
		fail(nil, err)
		return
	}
	var notes map[string]string
	for _, in := range d.Instances {
		if in.ID() == id {
			notes = in.Notes
		}
	}
	calls := c.Calls
	seen := 0
	// loop counts one loop of pt's operation over inputs prepared afresh
	// from the counter's seed and returns the files of its threads; a
	// fatal error (the process gone, callgrind's files wrong) ends the
	// instance's count.
	loop := func(pt *Point) (threads []string, fatal bool, err error) {
		err = p.Prepare(id, pt.Point, evidence.Calibration{Batch: calls, Warmup: countWarmup})
		if err == nil {
			_, err = p.Bench(id, pt.Point, evidence.Calibration{Batch: calls, Samples: 1})
		}
		if err != nil {
			return nil, p.Exited(), err
		}
		dumps, err := cnt.Dumps()
		if err == nil && len(dumps) != seen+1 {
			err = fmt.Errorf("callgrind wrote %d files for one counted loop, want 1", len(dumps)-seen)
		}
		if err != nil {
			return nil, true, err
		}
		seen = len(dumps)
		return dumps[seen-1], false, nil
	}
	for i := range pts {
		pt := &pts[i]
		if pt.Rec.Error != "" {
			continue
		}
		c.Step(pt.Name, "counting instructions")
		var ins [2]*evidence.Instructions
		for i, path := range []string{
			evidence.CountPath(c.Out, c.Plugin, id, pt.Name),
			evidence.RepeatCountPath(c.Out, c.Plugin, id, pt.Name),
		} {
			threads, fatal, err := loop(pt)
			if err == nil {
				ins[i], err = c.keep(pt.Name, threads, calls, path)
			}
			if err != nil {
				fail(pt, err)
				if fatal {
					return
				}
				break
			}
		}
		if ins[1] == nil {
			continue
		}
		in := ins[0]
		in.Calls, in.PerOp = calls, float64(in.Total)/float64(calls)
		in.Repeat, in.RepeatDump = ins[1].Total, ins[1].Dump
		in.Tool = cnt.Version + " callgrind"
		in.CPUFeatures, in.Notes = slices.Clone(d.CPUFeatures), notes
		pt.Rec.Instructions = in
	}
}

// keep reads one dump of callgrind's, copies the file of the loop's
// thread (the one that executed the most instructions: the others only
// served the call) to path in the run directory and returns its count.
func (c Run) keep(op string, threads []string, calls int64, path string) (*evidence.Instructions, error) {
	var data []byte
	n := callgrind.LoopCount{Instructions: -1}
	for _, t := range threads {
		b, err := os.ReadFile(t)
		if err != nil {
			return nil, err
		}
		k, err := callgrind.CountGo(b, registry.CountedFunc)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", op, err)
		}
		if k.Instructions > n.Instructions {
			data, n = b, k
		}
	}
	if n.Instructions < 0 {
		return nil, fmt.Errorf("%s: callgrind wrote no file", op)
	}
	if n.Calls != calls {
		// Collection stopped or started mid-loop: the count is not the
		// loop's.
		return nil, fmt.Errorf("%s: callgrind counted %d calls of the loop's body, want %d", op, n.Calls, calls)
	}
	if err := evidence.WriteFile(path, data); err != nil {
		return nil, err
	}
	return &evidence.Instructions{Total: n.Instructions, Runtime: n.Runtime, Dump: evidence.Rel(c.Out, path)}, nil
}
