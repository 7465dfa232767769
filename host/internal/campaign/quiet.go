package campaign

import (
	"fmt"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/noise"
	"crucible.dev/host/internal/plugin"
)

// maxRetries is how many times a trial the machine disturbed, or one
// outside the host's bounds, is run again before it is kept with its mark.
const maxRetries = 2

// timedTrial prepares the point's inputs and warms it up in a call of its
// own, so that the timed call is the loop alone and the host can bound it,
// then times it, watching the machine's CPU contention around the timed
// call; a disturbed trial's timed call is run again, up to maxRetries
// times, on the loop already prepared and warm in the same process (the
// disturbed call was one more warm-up).
func (c *Campaign) timedTrial(p *plugin.Process, id string, pt *point) (evidence.Trial, error) {
	cal := pt.rec.Calibration
	// The empty loop first, on the same process and shape, before the
	// point's loop is prepared (a process keeps one prepared loop).
	empty := p.EmptyCPU(id, cal, nil)
	if err := p.Prepare(id, pt.Point, cal); err != nil {
		return evidence.Trial{}, err
	}
	for try := 0; ; try++ {
		before := noise.Read()
		trial, err := p.Bench(id, pt.Point, evidence.Calibration{Batch: cal.Batch, Samples: cal.Samples})
		w := noise.Between(before, noise.Read())
		if err != nil {
			return trial, err
		}
		if c.keepTrial(&trial, w, try, empty) {
			return trial, nil
		}
	}
}

// keepTrial says whether a timed call is kept as the trial, and marks it: it
// is, unless the machine disturbed it or its samples fall outside the
// host's bounds, and retries are left. An honest call can stall outside
// its samples on a loaded machine (decred's ECDH pass2: 31 ms of a 149 ms
// call neither running nor waiting for a CPU, in a full campaign at load
// 7), once; forged timings are outside on every try, and the last is kept
// and flagged.
func (c *Campaign) keepTrial(trial *evidence.Trial, w noise.Window, try int, empty int64) bool {
	if !settleTrial(trial, w, try, empty) {
		c.noise.retried++
		return false
	}
	c.noise.trials++
	if w.Disturbed {
		c.noise.disturbed++
	}
	return true
}

// settleTrial is keepTrial's decision alone, for a trial that is no
// evidence (a fed check's), which the run's noise grade does not count:
// the grade is of the trials the records hold.
func settleTrial(trial *evidence.Trial, w noise.Window, try int, empty int64) bool {
	trial.Noise, trial.Retries, trial.HostEmptyCPUNS = &w, try, empty
	return !(w.Disturbed || trial.Unbounded() != "") || try >= maxRetries
}

// noiseCount tallies the run's trials for its noise grade.
type noiseCount struct{ trials, disturbed, retried int }

// gradeNoise writes the run's noise grade into campaign.json and warns when
// the machine disturbed the measurements.
func (c *Campaign) gradeNoise() {
	g := noise.Of(c.noise.trials, c.noise.disturbed, c.noise.retried)
	path := evidence.CampaignPath(c.cfg.Out)
	var camp evidence.Campaign
	err := evidence.ReadJSON(path, &camp)
	if err == nil && c.cfg.Resume {
		// The trials kept, and the retries before each, are counted from
		// the records, which hold those of every interrupted host too.
		g = noise.Of(c.recordedTrials())
	}
	if g.Trials == 0 {
		return
	}
	if err == nil {
		camp.Noise = &g
		err = evidence.WriteJSON(path, camp)
	}
	if err != nil {
		fmt.Fprintln(c.cfg.Log, "host: noise grade not recorded:", err)
	}
	if g.Grade != "quiet" {
		fmt.Fprintf(c.cfg.Log, "host: warning: the machine was %s: %d of %d trials were disturbed by other work (CPU pressure or stolen time) even after %d retries; the figures are noisier than they should be (host run --wait-quiet D waits for a quieter machine)\n",
			g.Grade, g.Disturbed, g.Trials, g.Retried)
	}
}

// recordedTrials counts the trials the run directory's records keep, the
// disturbed ones among them, and the retries before them.
func (c *Campaign) recordedTrials() (trials, disturbed, retried int) {
	run, err := evidence.Load(c.cfg.Out)
	if err != nil {
		fmt.Fprintln(c.cfg.Log, "host: counting the trials for the noise grade:", err)
		return c.noise.trials, c.noise.disturbed, c.noise.retried
	}
	for _, r := range run.Records {
		for _, t := range r.Trials {
			trials++
			retried += t.Retries
			if t.Noise != nil && t.Noise.Disturbed {
				disturbed++
			}
		}
	}
	return trials, disturbed, retried
}
