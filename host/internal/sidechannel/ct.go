// Package sidechannel runs the checks that an implementation handles its
// secrets without leaking them: the fixed-vs-random timing test of its
// secret operations, and the taint check under valgrind's memcheck.
package sidechannel

import (
	"io"

	"crucible.dev/host/internal/ct"
	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/plugin"
	"crucible.dev/host/internal/session"
)

// ConstantTime runs the fixed-vs-random timing test of every secret
// operation of one plugin that has one, in one process that is replaced
// when it dies. The plugin returns raw measurements; Welch's t and the
// verdict are computed here. build, when given, builds a source plugin.
func ConstantTime(build func(*plugin.Source, io.Writer) error, log io.Writer, s *plugin.Source, start session.Starter, suite string, n int) []*evidence.CTRecord {
	fail := func(err error) []*evidence.CTRecord {
		return []*evidence.CTRecord{{Plugin: s.Name, Instance: "-", Op: "-", Verdict: evidence.CTError, Error: evidence.FirstLine(err.Error())}}
	}
	if build != nil {
		if err := build(s, log); err != nil {
			return fail(err)
		}
	}
	sess, err := session.Start(s, start)
	if err != nil {
		return fail(err)
	}
	defer sess.Stop()
	if _, err := sess.Describe(); err != nil {
		return fail(err)
	}
	var recs []*evidence.CTRecord
	for _, in := range sess.Select(suite, session.Shard{}) {
		if in.Unavailable != "" {
			continue
		}
		for _, op := range in.Ops {
			if !op.Secret || !op.CT {
				continue
			}
			p, err := sess.Alive()
			if err != nil {
				recs = append(recs, &evidence.CTRecord{Plugin: s.Name, Instance: in.ID(), Op: op.Name,
					Verdict: evidence.CTError, Error: "restart: " + evidence.FirstLine(err.Error())})
				continue
			}
			recs = append(recs, ctOp(p, s.Name, in, op.Name, n))
		}
	}
	return recs
}

// ctOp tests one operation. The maximum over a hundred crops of a test
// whose classes take the same time still crosses the threshold now and then
// under a noisy neighbour, so a crossing is repeated with fresh inputs and
// counts as a leak only if it recurs: a real leak does, noise rarely twice.
func ctOp(p *plugin.Process, pluginName string, in *plugin.Instance, op string, n int) *evidence.CTRecord {
	r := &evidence.CTRecord{Plugin: pluginName, Instance: in.ID(), Op: op}
	for len(r.Runs) < 2 {
		run, err := p.ConstantTime(r.Instance, op, n)
		if err != nil {
			r.Error = evidence.FirstLine(err.Error())
			break
		}
		run.Result = run.Analyze()
		r.Runs = append(r.Runs, run)
		if run.Result.T <= ct.Threshold {
			break
		}
	}
	r.Verdict = r.Judge()
	return r
}
