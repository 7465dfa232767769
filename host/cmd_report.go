package main

import (
	"flag"
	"fmt"
)

func init() {
	register("report", "re-render the reports of a run directory from its evidence", cmdReport)
}

// cmdReport rewrites summary.json, summary.md, report/<plugin>.md and
// report/index.html from the run directory alone.
func cmdReport(args []string) error {
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	if err := fs.Parse(args); err != nil {
		return &exitError{2, nil}
	}
	if fs.NArg() != 1 {
		return usageErr("usage: host report DIR")
	}
	dir := fs.Arg(0)
	if _, err := writeSummary(dir); err != nil {
		return usageErr("%v", err)
	}
	fmt.Printf("wrote %s: summary.json, summary.md, report/<plugin>.md, report/index.html\n", dir)
	return nil
}
