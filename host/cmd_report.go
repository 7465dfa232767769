package main

import (
	"flag"
	"fmt"
	"os"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/report"
)

func init() {
	register("report", "re-render the reports of a run directory from its evidence; --out DIR RUN...: one site over runs of several systems", cmdReport)
}

// cmdReport rewrites summary.json, summary.md, report/<plugin>.md and
// report/index.html from the run directory alone; with --out, it builds
// one site that shows runs from several systems side by side.
func cmdReport(args []string) error {
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	out := fs.String("out", "", "build one site in this directory over the runs given, one system each, side by side")
	if err := fs.Parse(args); err != nil {
		return &exitError{2, nil}
	}
	if *out != "" {
		return systemsReport(*out, fs.Args())
	}
	if fs.NArg() != 1 {
		return usageErr("usage: host report DIR, or host report --out DIR RUN...")
	}
	dir := fs.Arg(0)
	if _, err := writeSummary(dir); err != nil {
		return usageErr("%v", err)
	}
	fmt.Printf("wrote %s: summary.json, summary.md, report/<plugin>.md, report/index.html\n", dir)
	return nil
}

// systemsReport writes out/index.html over runs of distinct systems.
func systemsReport(out string, dirs []string) error {
	if len(dirs) == 0 {
		return usageErr("usage: host report --out DIR RUN...")
	}
	var systems []report.System
	seen := map[string]string{}
	for _, dir := range dirs {
		run, err := evidence.Load(dir)
		if err != nil {
			return usageErr("report: %v", err)
		}
		label := runSystem(run)
		if other, ok := seen[label]; ok {
			return usageErr("report: %s and %s are both of system %q: merge them (host merge) or label them apart (host run --system)", other, dir, label)
		}
		seen[label] = dir
		systems = append(systems, report.System{Label: label, Run: run, Sum: evidence.Summarize(run)})
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return &exitError{1, err}
	}
	if err := evidence.WriteFiles(out, report.Systems(systems)); err != nil {
		return &exitError{1, err}
	}
	fmt.Printf("wrote %s/index.html: %d systems side by side\n", out, len(systems))
	return nil
}
