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
	Verdict  string    `json:"verdict"`
	Error    string    `json:"error,omitempty"`
}

// cmdCT runs the dudect-style test inside each plugin for every operation
// that handles secrets and has one: |t| above registry.CTThreshold flags a
// timing leak.
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
		p, err := plugin.Start(*s, plugin.Options{Limits: c.limits, CPU: *cpu})
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
					if p, err = plugin.Start(*s, plugin.Options{Limits: c.limits, CPU: *cpu}); err != nil {
						break
					}
				}
			}
		}
		p.Kill()
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "plugin\tinstance\toperation\tn\t|t|\tverdict")
	leaks := 0
	for _, l := range lines {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%.2f\t%s\n", l.Plugin, l.Instance, l.Op, l.N, l.T, l.Verdict+errSuffix(l.Error))
		if l.Verdict != "no leak detected" {
			leaks++
		}
	}
	tw.Flush()
	fmt.Printf("\n|t| > %.1f flags a leak (Welch's t-test, fixed vs random secret inputs, max over percentile crops)\n", registry.CTThreshold)
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

func ctOp(p *plugin.Process, pluginName string, in *pluginv1.Instance, op string, n int) ctLine {
	l := ctLine{Plugin: pluginName, Instance: campaign.InstID(in), Op: op}
	r, err := p.ConstantTime(&pluginv1.ConstantTimeRequest{Instance: l.Instance, Op: op, Measurements: int64(n)})
	switch {
	case err != nil:
		l.Verdict, l.Error = "error", firstLine(err.Error())
	case r.Error != "":
		l.Verdict, l.Error = "error", firstLine(r.Error)
	default:
		l.N, l.T, l.TByCrop = r.N, r.T, r.TByCrop
		l.Verdict = "no leak detected"
		if r.T > registry.CTThreshold {
			l.Verdict = "LEAK"
		}
	}
	return l
}

func errSuffix(e string) string {
	if e == "" {
		return ""
	}
	return ": " + e
}
