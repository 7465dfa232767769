package main

import (
	"flag"
	"os"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/export"
)

func init() {
	register("export", "write a run directory in another format (--format benchfmt: Go benchmark format for benchstat)", cmdExport)
}

// cmdExport writes a run to standard output in a format other tools read.
func cmdExport(args []string) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	format := fs.String("format", "benchfmt", "output format: benchfmt (Go benchmark format, one line per sample)")
	if err := fs.Parse(args); err != nil {
		return &exitError{2, nil}
	}
	if fs.NArg() != 1 {
		return usageErr("usage: host export --format benchfmt DIR")
	}
	if *format != "benchfmt" {
		return usageErr("export: unknown format %q (known: benchfmt)", *format)
	}
	run, err := evidence.Load(fs.Arg(0))
	if err != nil {
		return usageErr("export: %v", err)
	}
	if err := export.Benchfmt(os.Stdout, run); err != nil {
		return &exitError{1, err}
	}
	return nil
}
