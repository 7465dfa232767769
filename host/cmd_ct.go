package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"text/tabwriter"
	"time"

	"crucible.dev/host/internal/campaign"
	"crucible.dev/host/internal/ct"
	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/hoststate"
	"crucible.dev/host/internal/plugin"
	"crucible.dev/host/internal/session"
	"crucible.dev/registry/pluginv1"
)

func init() {
	register("ct", "constant-time check: fixed-vs-random timing test (Welch's t) of every secret operation", cmdCT)
}

// cmdCT runs the dudect-style test inside each plugin for every operation
// that handles secrets and has one. The plugin returns the raw
// measurements; the host computes Welch's t and the verdict (|t| above
// ct.Threshold in a run and in its repeat flags a leak) and writes both into
// a run directory, where the reports show them and validate recomputes them.
func cmdCT(args []string) error {
	fs := flag.NewFlagSet("ct", flag.ContinueOnError)
	var c common
	c.register(fs)
	suite := fs.String("suite", "all", "what to check: all, a plugin name, or a kind")
	n := fs.Int("measurements", 20000, "timed calls per operation, split at random between the two classes")
	out := fs.String("out", "", "run directory (default results/<UTC timestamp>-ct)")
	cpu := fs.Int("cpu", -1, "pin plugin processes to this CPU")
	if err := fs.Parse(args); err != nil {
		return &exitError{2, nil}
	}
	root, cache, srcs, err := c.discover()
	if err != nil {
		return err
	}
	lc, err := c.launcher()
	if err != nil {
		return err
	}
	defer lc.Close()
	if *out == "" {
		*out = filepath.Join("results", time.Now().UTC().Format("20060102T150405Z")+"-ct")
	}
	if _, err := os.Stat(evidence.CampaignPath(*out)); err == nil {
		return usageErr("%s already holds a run: give another --out", *out)
	}
	if err := evidence.Track(*out); err != nil {
		return usageErr("%v", err)
	}
	camp := evidence.Campaign{Tool: "crucible host", Command: append([]string{"host", "ct"}, args...),
		Started: time.Now().UTC().Format(time.RFC3339), Suite: *suite, Environment: hoststate.Capture(), Sandbox: lc.Report()}
	camp.Settings.CPU = *cpu
	if err := evidence.WriteJSON(evidence.CampaignPath(*out), camp); err != nil {
		return &exitError{2, err}
	}
	opts := plugin.Options{Limits: c.limits, Launcher: lc, CPU: *cpu}
	var recs []*evidence.CTRecord
	for i := range srcs {
		s := &srcs[i]
		if !session.SelectPlugin(*suite, s.Name) {
			continue
		}
		recs = append(recs, ctPlugin(root, cache, s, session.Options(opts), *suite, *n)...)
	}
	if len(recs) == 0 {
		return usageErr("suite %q has no operation with a constant-time test", *suite)
	}
	leaks := 0
	for _, r := range recs {
		if err := evidence.WriteJSON(evidence.CTPath(*out, r.Plugin, r.Instance, r.Op), r); err != nil {
			return &exitError{2, err}
		}
		if r.Verdict != evidence.CTNoLeak && r.Verdict != evidence.CTUnrepeated {
			leaks++
		}
	}
	if _, err := writeSummary(*out); err != nil {
		return err
	}
	ctTable(recs)
	fmt.Printf("\n|t| > %.1f in a run and in its repeat flags a leak (Welch's t-test, fixed vs random secret inputs, max over %d percentile crops and none), computed by the host from the raw measurements in %s\n", ct.Threshold, ct.Crops, *out)
	if leaks > 0 {
		return &exitError{1, nil}
	}
	return nil
}

// ctPlugin checks every secret operation of one plugin, in one process
// that is replaced when it dies.
func ctPlugin(root, cache string, s *plugin.Source, start session.Starter, suite string, n int) []*evidence.CTRecord {
	fail := func(err error) []*evidence.CTRecord {
		return []*evidence.CTRecord{{Plugin: s.Name, Instance: "-", Op: "-", Verdict: evidence.CTError, Error: firstLine(err.Error())}}
	}
	if err := plugin.Build(root, cache, s, os.Stderr); err != nil {
		return fail(err)
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
			if !op.Secret || !op.Ct {
				continue
			}
			p, err := sess.Alive()
			if err != nil {
				recs = append(recs, &evidence.CTRecord{Plugin: s.Name, Instance: campaign.InstID(in), Op: op.Name,
					Verdict: evidence.CTError, Error: "restart: " + firstLine(err.Error())})
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
func ctOp(p *plugin.Process, pluginName string, in *pluginv1.Instance, op string, n int) *evidence.CTRecord {
	r := &evidence.CTRecord{Plugin: pluginName, Instance: campaign.InstID(in), Op: op}
	for len(r.Runs) < 2 {
		resp, err := p.ConstantTime(&pluginv1.ConstantTimeRequest{Instance: r.Instance, Op: op, Measurements: int64(n)})
		switch {
		case err != nil:
			r.Error = firstLine(err.Error())
		case resp.Error != "":
			r.Error = firstLine(resp.Error)
		}
		if r.Error != "" {
			break
		}
		run := evidence.CTRun{Cycles: resp.Cycles, Classes: resp.Classes}
		run.Result = run.Analyze()
		r.Runs = append(r.Runs, run)
		if run.Result.T <= ct.Threshold {
			break
		}
	}
	r.Verdict = r.Judge()
	return r
}

// ctTable prints the verdicts.
func ctTable(recs []*evidence.CTRecord) {
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "plugin\tinstance\toperation\tn\t|t|\trepeat |t|\tverdict")
	for _, r := range recs {
		t, repeat, n := "-", "-", 0
		if len(r.Runs) > 0 {
			t, n = fmt.Sprintf("%.2f", r.Runs[0].Result.T), r.Runs[0].Result.N
		}
		if len(r.Runs) > 1 {
			repeat = fmt.Sprintf("%.2f", r.Runs[1].Result.T)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%s\t%s\n", r.Plugin, r.Instance, r.Op, n, t, repeat, evidence.Printable(r.Verdict+errSuffix(r.Error)))
	}
	tw.Flush()
}

func errSuffix(e string) string {
	if e == "" {
		return ""
	}
	return ": " + e
}
