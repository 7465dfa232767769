package main

import (
	"flag"
	"fmt"

	"strings"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/validate"
)

func init() {
	register("validate", "recompute every statistic and report of a run directory and fail on any difference", cmdValidate)
}

// cmdValidate exits 1 naming the first file that does not follow from the
// raw evidence: a record whose statistics or hash share were altered (or
// whose raw samples were), summary.json, or a report.
func cmdValidate(args []string) error {
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	key := fs.String("verify-key", "", "also check manifest.sig under this ed25519 public key (PEM, PKIX)")
	if err := fs.Parse(args); err != nil {
		return &exitError{2, nil}
	}
	if fs.NArg() != 1 {
		return usageErr("usage: host validate DIR")
	}
	dir := fs.Arg(0)
	// Integrity first: a file changed after the run is named as such,
	// before anything that merely shows the change.
	changed, err := evidence.Integrity(dir)
	if err != nil {
		return usageErr("validate: %v", err)
	}
	var probs []validate.Problem
	for _, c := range changed {
		path, what, _ := strings.Cut(c, ": ")
		probs = append(probs, validate.Problem{Path: path, What: what})
	}
	if *key != "" {
		if err := evidence.Verify(dir, *key); err != nil {
			probs = append(probs, validate.Problem{Path: evidence.SignatureName, What: err.Error()})
		}
	}
	consistent, err := validate.Dir(dir)
	if err != nil {
		return usageErr("validate: %v", err)
	}
	probs = append(probs, consistent...)
	if len(probs) == 0 {
		fmt.Printf("%s: every file is as the host wrote it, and every statistic, summary.json and report follows from the raw evidence\n", dir)
		return nil
	}
	for _, p := range probs {
		fmt.Println(p)
	}
	return &exitError{1, fmt.Errorf("validate %s: %d problem(s); first: %s", dir, len(probs), probs[0])}
}
