package main

import (
	"flag"
	"fmt"

	"crucible.dev/host/internal/campaign"
	"crucible.dev/host/internal/report"
)

func init() {
	register("validate", "recompute every statistic and report of a run directory and fail on any difference", cmdValidate)
}

// cmdValidate exits 1 naming the first file that does not follow from the
// raw evidence: a record whose statistics or hash share were altered (or
// whose raw samples were), summary.json, or a report.
func cmdValidate(args []string) error {
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	if err := fs.Parse(args); err != nil {
		return &exitError{2, nil}
	}
	if fs.NArg() != 1 {
		return usageErr("usage: host validate DIR")
	}
	dir := fs.Arg(0)
	probs, err := report.Validate(dir, campaign.HashShare)
	if err != nil {
		return usageErr("validate: %v", err)
	}
	if len(probs) == 0 {
		fmt.Printf("%s: every statistic, summary.json and report follows from the raw evidence\n", dir)
		return nil
	}
	for _, p := range probs {
		fmt.Println(p)
	}
	return &exitError{1, fmt.Errorf("validate %s: %d problem(s); first: %s", dir, len(probs), probs[0])}
}
