package main

import (
	"flag"
	"fmt"
	"os"
	"text/tabwriter"

	"crucible.dev/host/internal/campaign"
	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/plugin"
	"crucible.dev/registry"
	"crucible.dev/registry/pluginv1"
)

func init() {
	register("ct", "constant-time check: fixed-vs-random timing test (Welch's t) of every secret operation", cmdCT)
}

// ctLine is one operation's verdict.
type ctLine struct {
	Plugin   string    `json:"plugin"`
	Instance string    `json:"instance"`
	Op       string    `json:"op"`
	N        int64     `json:"n"`
	T        float64   `json:"t"`
	TByCrop  []float64 `json:"t_by_crop"`
	Repeat   *float64  `json:"t_repeat,omitempty"` // the second run's |t|, taken only when the first crossed the threshold
	Verdict  string    `json:"verdict"`
	Error    string    `json:"error,omitempty"`
}

// Verdicts of the constant-time check.
const (
	ctLeak       = "LEAK"
	ctNoLeak     = "no leak detected"
	ctUnrepeated = "not reproduced"
)

// cmdCT runs the dudect-style test inside each plugin for every operation
// that handles secrets and has one: |t| above registry.CTThreshold in two
// runs with fresh inputs flags a timing leak.
func cmdCT(args []string) error {
	fs := flag.NewFlagSet("ct", flag.ContinueOnError)
	var c common
	c.register(fs)
	suite := fs.String("suite", "all", "what to check: all, a plugin name, or a kind")
	n := fs.Int("measurements", 20000, "timed calls per operation, split at random between the two classes")
	out := fs.String("o", "", "also write the verdicts as JSON to this file")
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
	var lines []ctLine
	for i := range srcs {
		s := &srcs[i]
		if !campaign.SelectPlugin(*suite, s.Name) {
			continue
		}
		if err := plugin.Build(root, cache, s, os.Stderr); err != nil {
			lines = append(lines, ctLine{Plugin: s.Name, Verdict: "error", Error: firstLine(err.Error())})
			continue
		}
		p, err := plugin.Start(*s, plugin.Options{Limits: c.limits, Launcher: lc, CPU: *cpu})
		if err != nil {
			lines = append(lines, ctLine{Plugin: s.Name, Verdict: "error", Error: firstLine(err.Error())})
			continue
		}
		d, err := p.Describe()
		if err != nil {
			p.Kill()
			lines = append(lines, ctLine{Plugin: s.Name, Verdict: "error", Error: firstLine(err.Error())})
			continue
		}
		for _, in := range d.Instances {
			if !campaign.SelectInstance(*suite, s.Name, in) || in.Unavailable != "" {
				continue
			}
			for _, op := range in.Ops {
				if !op.Secret || !op.Ct {
					continue
				}
				lines = append(lines, ctOp(p, s.Name, in, op.Name, *n))
				if p.Exited() {
					p.Kill()
					if p, err = plugin.Start(*s, plugin.Options{Limits: c.limits, Launcher: lc, CPU: *cpu}); err != nil {
						break
					}
				}
			}
		}
		p.Kill()
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "plugin\tinstance\toperation\tn\t|t|\trepeat |t|\tverdict")
	leaks := 0
	for _, l := range lines {
		repeat := "-"
		if l.Repeat != nil {
			repeat = fmt.Sprintf("%.2f", *l.Repeat)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%.2f\t%s\t%s\n", l.Plugin, l.Instance, l.Op, l.N, l.T, repeat, l.Verdict+errSuffix(l.Error))
		if l.Verdict != ctNoLeak && l.Verdict != ctUnrepeated {
			leaks++
		}
	}
	tw.Flush()
	fmt.Printf("\n|t| > %.1f in a run and in its repeat flags a leak (Welch's t-test, fixed vs random secret inputs, max over %d percentile crops and none)\n", registry.CTThreshold, registry.CTCrops)
	if *out != "" {
		if err := evidence.WriteJSON(*out, lines); err != nil {
			return &exitError{2, err}
		}
	}
	if len(lines) == 0 {
		return usageErr("suite %q has no operation with a constant-time test", *suite)
	}
	if leaks > 0 {
		return &exitError{1, nil}
	}
	return nil
}

// ctOp tests one operation. The maximum over a hundred crops of a test
// whose classes take the same time still crosses the threshold now and then
// under a noisy neighbour, so a crossing is repeated with fresh inputs and
// counts as a leak only if it recurs: a real leak does, noise rarely twice.
func ctOp(p *plugin.Process, pluginName string, in *pluginv1.Instance, op string, n int) ctLine {
	l := ctLine{Plugin: pluginName, Instance: campaign.InstID(in), Op: op}
	measure := func() (*pluginv1.ConstantTimeResponse, bool) {
		r, err := p.ConstantTime(&pluginv1.ConstantTimeRequest{Instance: l.Instance, Op: op, Measurements: int64(n)})
		switch {
		case err != nil:
			l.Verdict, l.Error = "error", firstLine(err.Error())
		case r.Error != "":
			l.Verdict, l.Error = "error", firstLine(r.Error)
		default:
			return r, true
		}
		return nil, false
	}
	r, ok := measure()
	if !ok {
		return l
	}
	l.N, l.T, l.TByCrop = r.N, r.T, r.TByCrop
	if r.T <= registry.CTThreshold {
		l.Verdict = ctNoLeak
		return l
	}
	if r, ok = measure(); !ok {
		return l
	}
	l.Repeat = &r.T
	l.Verdict = ctLeak
	if r.T <= registry.CTThreshold {
		l.Verdict = ctUnrepeated
	}
	return l
}

func errSuffix(e string) string {
	if e == "" {
		return ""
	}
	return ": " + e
}
