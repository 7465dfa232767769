package main

import (
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/gate"
)

func init() {
	register("baseline", "write per-operation performance floors of a run as JSON (for host gate)", cmdBaseline)
	register("gate", "fail when an operation is slower than its baseline floor beyond its tolerance", cmdGate)
}

// toleranceFlag reads a tolerance as a fraction (0.1) or a percentage (10%).
type toleranceFlag float64

func (t *toleranceFlag) String() string { return strconv.FormatFloat(float64(*t), 'g', -1, 64) }

func (t *toleranceFlag) Set(s string) error {
	pct := strings.HasSuffix(s, "%")
	v, err := strconv.ParseFloat(strings.TrimSuffix(s, "%"), 64)
	if err != nil {
		return err
	}
	if pct {
		v /= 100
	}
	if v < 0 || v > 10 {
		return fmt.Errorf("tolerance %s out of range", s)
	}
	*t = toleranceFlag(v)
	return nil
}

// cmdBaseline writes the baseline of a run directory to standard output.
func cmdBaseline(args []string) error {
	fs := flag.NewFlagSet("baseline", flag.ContinueOnError)
	tol := toleranceFlag(-1)
	fs.Var(&tol, "tolerance", "how much slower than the baseline median an operation may get, as a fraction (0.1) or a percentage (10%); default 10%, 1% for instructions")
	metric := fs.String("metric", "time", "what to gate on: time (median) or instructions (exact counts of a run with --counter instructions)")
	if err := fs.Parse(args); err != nil {
		return &exitError{2, nil}
	}
	if fs.NArg() != 1 {
		return usageErr("usage: host baseline [--metric time|instructions] [--tolerance T] DIR > baseline.json")
	}
	if *metric != "time" && *metric != gate.MetricInstructions {
		return usageErr("baseline: --metric %q: time or instructions", *metric)
	}
	run, err := evidence.Load(fs.Arg(0))
	if err != nil {
		return usageErr("baseline: %v", err)
	}
	var b *gate.Baseline
	if *metric == gate.MetricInstructions {
		if tol < 0 {
			tol = gate.DefaultInstructionTolerance
		}
		b = gate.MakeInstructionBaseline(run, float64(tol))
	} else {
		if tol < 0 {
			tol = gate.DefaultTolerance
		}
		b = gate.MakeBaseline(run, float64(tol))
	}
	if len(b.Floors) == 0 {
		return &exitError{1, fmt.Errorf("baseline: %s holds no measured operation", fs.Arg(0))}
	}
	out, err := json.MarshalIndent(b, "", "  ")
	if err != nil {
		return err
	}
	_, err = os.Stdout.Write(append(out, '\n'))
	return err
}

// cmdGate checks a run directory against a baseline and exits 1 naming
// every operation that is slower than its limit, missing or failed.
func cmdGate(args []string) error {
	fs := flag.NewFlagSet("gate", flag.ContinueOnError)
	path := fs.String("baseline", "", "baseline file written by host baseline")
	allowMissing := fs.Bool("allow-missing", false, "pass operations of the baseline the run did not measure")
	metric := fs.String("metric", "", "what the baseline must gate on: time or instructions (default: what it holds)")
	if err := fs.Parse(args); err != nil {
		return &exitError{2, nil}
	}
	if fs.NArg() != 1 || *path == "" {
		return usageErr("usage: host gate --baseline baseline.json DIR")
	}
	var b gate.Baseline
	if err := evidence.ReadJSON(*path, &b); err != nil {
		return usageErr("gate: %v", err)
	}
	if len(b.Floors) == 0 {
		return usageErr("gate: %s holds no floors", *path)
	}
	if held := cmp.Or(b.Metric, "time"); *metric != "" && *metric != held {
		return usageErr("gate: --metric %s, but %s is a baseline of %s (host baseline --metric %s)", *metric, *path, held, *metric)
	}
	run, err := evidence.Load(fs.Arg(0))
	if err != nil {
		return usageErr("gate: %v", err)
	}
	vs := gate.Check(&b, run, *allowMissing)
	gate.Write(os.Stdout, b.Metric, vs)
	var bad []string
	for _, v := range vs {
		if v.Fails() {
			bad = append(bad, v.String())
		}
	}
	if len(bad) > 0 {
		return &exitError{1, fmt.Errorf("gate: %d of %d operation(s) fail against %s:\n  %s", len(bad), len(vs), *path, strings.Join(bad, "\n  "))}
	}
	fmt.Printf("\ngate: all %d operation(s) within their tolerance of %s\n", len(vs), *path)
	return nil
}
