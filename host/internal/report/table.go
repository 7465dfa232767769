package report

import (
	"fmt"
	"io"
	"text/tabwriter"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/format"
	"crucible.dev/host/internal/opkey"
	"crucible.dev/registry"
)

// headline reports whether an operation belongs in the short table: every
// public-key operation, and symmetric primitives at 1 KiB only.
func headline(kind, op string) bool {
	if !registry.Kind(kind).Symmetric() {
		return true
	}
	p := opkey.Point(op)
	return (p.MsgLen == 1024 && p.OutLen == 0) || p.OutLen == 1024
}

// Table prints the end-of-run table: the headline figures per operation
// (median time, its confidence interval, median cycles, ops/s from the
// median), with each instance's KAT status.
func Table(w io.Writer, s *evidence.Summary) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	counted := countedSummary(s)
	head := "plugin\tinstance\tKAT\toperation\tmedian\tCI of the median\tmedian cycles\tops/s\ttrials\t"
	if counted {
		head += "instructions\t"
	}
	fmt.Fprintln(tw, head)
	for _, in := range s.Instances {
		if in.KAT == "not built" {
			continue // listed once by reason, after the table (NotBuilt)
		}
		ops := opkey.Sorted(in.Ops)
		first := true
		for _, op := range ops {
			if !headline(in.Kind, op) {
				continue
			}
			o := in.Ops[op]
			plugin, id, kat := "", "", ""
			if first {
				plugin, id, kat = in.Plugin, in.ID, katCell(in)
				first = false
			}
			med := format.Duration(o.MedianNS)
			if o.Error != "" {
				med = "error"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t", plugin, id, kat, op, med, ciCell(o), format.Count(o.MedianCycles), format.Count(o.OpsPerSec), o.Trials)
			if counted {
				fmt.Fprintf(tw, "%s\t", instrCell(o))
			}
			fmt.Fprintln(tw)
		}
		if first {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t\t\t\t\t\t\n", in.Plugin, in.ID, katCell(in), "(not measured)")
		}
	}
	tw.Flush()
	fmt.Fprintln(w, headlineNote)
	if note := keptOverheadNote(s); note != "" {
		fmt.Fprintln(w, note)
	}
	if countsVary(s) {
		fmt.Fprintln(w, varyNote)
	}
}

// countedSummary reports whether a run counted instructions for any
// operation.
func countedSummary(s *evidence.Summary) bool {
	for _, in := range s.Instances {
		for _, o := range in.Ops {
			if o.InstructionsPerOp > 0 {
				return true
			}
		}
	}
	return false
}

// countsVary reports whether any operation's instruction count varied
// between two loops over the same inputs.
func countsVary(s *evidence.Summary) bool {
	for _, in := range s.Instances {
		for _, o := range in.Ops {
			if o.InstructionsVary {
				return true
			}
		}
	}
	return false
}

// varyNote explains the instruction counts instrCell marks with "~".
const varyNote = "~ marks an instruction count that differed between two counted loops over inputs prepared from the same seed: the implementation draws randomness of its own (hedged signing runs its rejection loop a random number of times, and so makes different signatures for verify to check), so the count is one sample, and an instruction-count baseline leaves it out."

// instrCell is an operation's instruction count per call, "-" where it
// was not counted.
func instrCell(o evidence.OpSummary) string {
	if o.Error != "" || o.InstructionsPerOp <= 0 {
		return "-"
	}
	if o.InstructionsVary {
		return "~" + format.Count(o.InstructionsPerOp)
	}
	return format.Count(o.InstructionsPerOp)
}
