package main

import (
	"flag"
	"fmt"
	"os"

	"crucible.dev/host/internal/compare"
	"crucible.dev/host/internal/evidence"
)

func init() {
	register("compare", "compare two run directories per operation: medians, change, Mann-Whitney significance", cmdCompare)
}

// cmdCompare prints, per (instance, operation), both medians with their
// confidence intervals, the change and whether it is significant. Like
// benchstat it only informs: it exits 0 whatever changed (host gate is the
// check that fails).
func cmdCompare(args []string) error {
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	alpha := fs.Float64("alpha", 0.05, "significance level of the Mann-Whitney U test")
	cross := fs.Bool("cross-system", false, "compare runs from different systems (a difference is then the machines', not the code's)")
	if err := fs.Parse(args); err != nil {
		return &exitError{2, nil}
	}
	if fs.NArg() != 2 || *alpha <= 0 || *alpha >= 1 {
		return usageErr("usage: host compare [--alpha A] [--cross-system] OLD NEW")
	}
	old, err := evidence.Load(fs.Arg(0))
	if err != nil {
		return usageErr("compare: %v", err)
	}
	new, err := evidence.Load(fs.Arg(1))
	if err != nil {
		return usageErr("compare: %v", err)
	}
	if a, b := runSystem(old), runSystem(new); a != b {
		if !*cross {
			return usageErr("compare: %s ran on system %q, %s on %q: a change between them is the machines' as much as the code's; --cross-system compares them anyway", fs.Arg(0), a, fs.Arg(1), b)
		}
		fmt.Printf("cross-system comparison: %s on %q, %s on %q\n\n", fs.Arg(0), a, fs.Arg(1), b)
	}
	compare.Write(os.Stdout, compare.Runs(old, new, *alpha))
	return nil
}
