package campaign

import (
	"fmt"
	"os"

	"crucible.dev/host/internal/evidence"
)

// A run keeps each operation's record in partial/ from its calibration on,
// rewritten as each trial completes, so that `host run --resume` after a
// kill at any moment continues from the last finished trial: it keeps the
// calibration (the resumed trials time the same loop) and the trials, and
// takes only the missing ones, each still in a fresh process.

// resumePartial returns the point's record kept by an interrupted run, or
// nil when there is none to continue (not resuming, nothing kept, or a
// file that is not this point's record).
func (c *Campaign) resumePartial(pluginName string, pt *point) *evidence.Record {
	if !c.cfg.Resume {
		return nil
	}
	path := evidence.PartialPath(c.cfg.Out, pluginName, pt.id, pt.String())
	var rec evidence.Record
	if err := evidence.ReadJSON(path, &rec); err != nil {
		if !os.IsNotExist(err) {
			fmt.Fprintf(c.cfg.Log, "host: --resume: %v: its trials are taken again\n", err)
		}
		return nil
	}
	if rec.Plugin != pluginName || rec.Instance != pt.id || rec.Op != pt.String() ||
		rec.Error == "" && rec.Calibration.Samples < 1 || len(rec.Trials) > c.cfg.Trials {
		fmt.Fprintf(c.cfg.Log, "host: --resume: %s is not a partial record of %s %s %s: its trials are taken again\n", path, pluginName, pt.id, pt.String())
		return nil
	}
	c.replay(&rec)
	return &rec
}

// keepPartial writes the point's record so far.
func (c *Campaign) keepPartial(pluginName string, pt *point) {
	path := evidence.PartialPath(c.cfg.Out, pluginName, pt.id, pt.String())
	if err := evidence.WritePartial(path, pt.rec); err != nil {
		fmt.Fprintf(c.cfg.Log, "host: %v (an interruption now would cost this operation's trials)\n", err)
	}
}

// dropPartial removes the point's partial record once its record is
// written.
func (c *Campaign) dropPartial(pluginName string, pt *point) {
	if err := evidence.RemovePartial(c.cfg.Out, evidence.PartialPath(c.cfg.Out, pluginName, pt.id, pt.String())); err != nil {
		fmt.Fprintln(c.cfg.Log, "host:", err)
	}
}

// dropAllPartial removes what is left of partial/ at the end of a run: the
// trials of instances whose measurement could not go on (a process that
// would not start) are not evidence, as they were not before partial
// records existed.
func (c *Campaign) dropAllPartial() {
	if err := os.RemoveAll(evidence.PartialDir(c.cfg.Out)); err != nil {
		fmt.Fprintln(c.cfg.Log, "host:", err)
	}
}

// benchError stops the point's measurement with an error, a finding.
func (c *Campaign) benchError(pluginName string, pt *point, msg string) {
	pt.rec.Error = msg
	c.finding(evidence.Finding{Plugin: pluginName, Instance: pt.id, Op: pt.String(), What: "bench", Detail: msg})
}

// trialFinding reports the n-th trial (1-based) of a record when its
// timings are inconsistent with what the host measured of it.
func (c *Campaign) trialFinding(rec *evidence.Record, n int) {
	if why := rec.Trials[n-1].Unbounded(); why != "" {
		c.finding(evidence.Finding{Plugin: rec.Plugin, Instance: rec.Instance, Op: rec.Op, What: "bench",
			Detail: fmt.Sprintf("trial %d: reported timings inconsistent with host measurement: %s (kept in the evidence, left out of every figure)", n, why)})
	}
}

// replay raises again the benchmark findings of a record an interrupted
// run wrote, so that the plugin's file lists them as an uninterrupted
// run's does.
func (c *Campaign) replay(rec *evidence.Record) {
	if rec.Error != "" {
		c.finding(evidence.Finding{Plugin: rec.Plugin, Instance: rec.Instance, Op: rec.Op, What: "bench", Detail: rec.Error})
	}
	for n := range rec.Trials {
		c.trialFinding(rec, n+1)
	}
}
