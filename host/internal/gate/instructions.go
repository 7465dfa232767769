package gate

import (
	"fmt"
	"io"
	"text/tabwriter"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/format"
	"crucible.dev/host/internal/opkey"
)

// MetricInstructions gates on exact instruction counts (host run --counter
// instructions) instead of median time: the same build gives the same
// count on a loaded machine, so the gate cannot flake and a small
// tolerance catches small regressions.
const MetricInstructions = "instructions"

// DefaultInstructionTolerance is how many more instructions per call than
// its baseline an operation may execute. Two counts of one build differ by
// less than 0.01%; a change of code that adds 1% of work fails.
const DefaultInstructionTolerance = 0.01

// MakeInstructionBaseline takes every counted operation of a run as a
// ceiling on instructions per call.
func MakeInstructionBaseline(run *evidence.Run, tolerance float64) *Baseline {
	b := &Baseline{Metric: MetricInstructions,
		Statistic: "instructions per call under callgrind; the gate fails when a new count exceeds instructions_per_op × (1 + tolerance)",
		Suite:     run.Campaign.Suite, Started: run.Campaign.Started, Tolerance: tolerance, Floors: []Floor{}}
	for _, r := range run.Records {
		// A count that varies between two loops over the same inputs is
		// one sample of a random quantity: a ceiling on it would flake.
		if r.Error != "" || r.Instructions == nil || r.Instructions.PerOp <= 0 || r.Instructions.Varies() {
			continue
		}
		b.Floors = append(b.Floors, Floor{Plugin: r.Plugin, Instance: r.Instance, Op: r.Op,
			Instructions: r.Instructions.PerOp, Tolerance: tolerance})
	}
	sortFloors(b.Floors)
	return b
}

// checkInstructions checks instruction-count floors (see Check).
func checkInstructions(floors []Floor, recs map[opkey.Key]*evidence.Record, allowMissing bool) []Verdict {
	var out []Verdict
	for _, f := range floors {
		v := Verdict{Floor: f, Status: "ok"}
		r := recs[f.key()]
		switch {
		case r == nil || (r.Error == "" && r.Instructions == nil):
			v.Status, v.Detail = "missing", "not counted in this run (host run --counter instructions)"
			if allowMissing {
				v.Status = "ok"
			}
		case r.Error != "":
			v.Status, v.Detail = "error", "failed: "+evidence.FirstLine(r.Error)
		case f.Instructions <= 0 || r.Instructions.PerOp <= 0:
			v.Status, v.Detail = "error", "no instruction count"
		default:
			v.NewInstructions = r.Instructions.PerOp
			ch := v.NewInstructions/f.Instructions - 1
			v.Detail = fmt.Sprintf("%s instructions per call against baseline %s (%+.3f%%, tolerance %.3f%%)",
				format.Count(v.NewInstructions), format.Count(f.Instructions), 100*ch, 100*f.Tolerance)
			if v.NewInstructions > f.Instructions*(1+f.Tolerance) {
				v.Status = "more work"
			}
		}
		out = append(out, v)
	}
	return out
}

// writeInstructions prints instruction-count verdicts as a table.
func writeInstructions(w io.Writer, vs []Verdict) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "plugin\tinstance\toperation\tbaseline instr/op\tlimit\tnew\tchange\tverdict")
	for _, v := range vs {
		nw, ch := "-", "-"
		if v.NewInstructions > 0 {
			nw, ch = format.Count(v.NewInstructions), fmt.Sprintf("%+.3f%%", 100*(v.NewInstructions/v.Instructions-1))
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", v.Plugin, v.Instance, v.Op,
			format.Count(v.Instructions), format.Count(v.Instructions*(1+v.Tolerance)), nw, ch, v.Status)
	}
	tw.Flush()
}
