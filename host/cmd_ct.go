package main

import (
	"flag"
	"fmt"
	"os"
	"text/tabwriter"

	"crucible.dev/host/internal/ct"
	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/session"
	"crucible.dev/host/internal/sidechannel"
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
	method := fs.String("method", "dudect", "dudect (fixed-vs-random timing) or taint (valgrind memcheck on marked secrets)")
	if err := fs.Parse(args); err != nil {
		return &exitError{2, nil}
	}
	w, err := c.open()
	if err != nil {
		return err
	}
	defer w.Close()
	if err := newRunDir(out, "ct", args, *suite, *cpu, w.lc); err != nil {
		return err
	}
	switch *method {
	case "taint":
		return ctTaint(w, *suite, *out, *cpu)
	case "dudect":
	default:
		return usageErr("--method %q: want dudect or taint", *method)
	}
	opts := w.options(*cpu)
	var recs []*evidence.CTRecord
	for i := range w.srcs {
		s := &w.srcs[i]
		if !session.SelectPlugin(*suite, s.Name) {
			continue
		}
		recs = append(recs, sidechannel.ConstantTime(w.buildLog, os.Stderr, s, session.Options(opts), *suite, *n)...)
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
