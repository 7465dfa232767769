package main

import (
	"fmt"
	"os"
	"path/filepath"
	"text/tabwriter"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/plugin"
	"crucible.dev/host/internal/session"
	"crucible.dev/host/internal/sidechannel"
	"crucible.dev/host/internal/taint"
)

// ctTaint runs the taint check of every selected plugin: each is built
// once more with the valgrind tag (a prebuilt executable must have been),
// and its secret operations run under memcheck in the sandbox with the
// secrets marked by the contract. Any finding makes the exit status 1.
func ctTaint(w *plugins, suite, out string, cpu int) error {
	leaks := 0
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "plugin\tinstance\toperation\tkind\twhere")
	for i := range w.srcs {
		s := w.srcs[i]
		if !session.SelectPlugin(suite, s.Name) {
			continue
		}
		rec := &taint.Record{Plugin: s.Name, Log: evidence.Path("", "ct", s.Name, "memcheck.log")}
		res, err := taintPlugin(w, &s, evidence.Path(out, "ct", s.Name, "memcheck.log"), cpu)
		if err != nil {
			rec.Error = evidence.FirstLine(err.Error())
			fmt.Fprintf(tw, "%s\t-\t-\terror\t%s\n", s.Name, evidence.Printable(rec.Error))
			leaks++
		} else {
			rec.Module, rec.Ran, rec.Skipped, rec.Findings, rec.Declared = res.Module, res.Ran, res.Skipped, res.Findings, res.Declared
			// A reviewed finding reads "known" and does not fail the run.
			rec.Cleared = taint.Review(rec.Findings, rec.Ran)
			if len(rec.Ran) == 0 {
				// Nothing checked is not "clean".
				rec.Error = "no operation ran under memcheck"
				fmt.Fprintf(tw, "%s\t-\t-\terror\t%s\n", s.Name, rec.Error)
				leaks++
			}
		}
		for _, f := range rec.Findings {
			where := "-"
			if len(f.Frames) > 0 {
				where = f.Frames[0].String()
			}
			kind := f.Kind
			if f.Known != nil {
				kind = "known " + kind
			} else {
				leaks++
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", s.Name, f.Instance, f.Op, kind, evidence.Printable(where))
		}
		for _, c := range rec.Cleared {
			fmt.Fprintf(tw, "%s\t-\t-\tcleared\t%s\n", s.Name, evidence.Printable(c))
		}
		for _, d := range rec.Declared {
			fmt.Fprintf(tw, "%s\t%s\t%s\tdeclassified\t%s\n", s.Name, d.Instance, d.Op, evidence.Printable(d.Site))
		}
		if err := evidence.WriteJSON(evidence.Path(out, "ct", s.Name, "taint.json"), rec); err != nil {
			return &exitError{2, err}
		}
	}
	tw.Flush()
	if _, err := writeSummary(out); err != nil {
		return err
	}
	fmt.Printf("\nmemcheck reports through each plugin's own code, with the secret key and the randomness marked undefined by the contract; logs in %s/ct\n", out)
	if leaks > 0 {
		return &exitError{1, nil}
	}
	return nil
}

// taintPlugin builds one plugin with the valgrind tag and runs the check.
func taintPlugin(w *plugins, s *plugin.Source, keep string, cpu int) (*sidechannel.TaintResult, error) {
	if s.Dir != "" {
		if err := plugin.BuildValgrind(w.lc, w.root, w.cache, s, os.Stderr); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(filepath.Dir(keep), 0o755); err != nil {
		return nil, err
	}
	res, err := sidechannel.Taint(*s, w.options(cpu), keep)
	if err != nil {
		return nil, err
	}
	// The log as the host kept it, for the manifest: validate recomputes
	// the findings from it.
	if err := evidence.Note(keep); err != nil {
		return nil, err
	}
	return res, nil
}
