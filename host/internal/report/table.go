package report

import (
	"fmt"
	"io"
	"sort"
	"text/tabwriter"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/registry"
)

// headline reports whether an operation belongs in the short table: every
// public-key operation, and symmetric primitives at 1 KiB only.
func headline(kind, op string) bool {
	if !registry.Kind(kind).Symmetric() {
		return true
	}
	p := pointOf(op)
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
		ops := sortedOps(in.Ops)
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
			med := Duration(o.MedianNS)
			if o.Error != "" {
				med = "error"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t", plugin, id, kat, op, med, ciCell(o), Count(o.MedianCycles), Count(o.OpsPerSec), o.Trials)
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

// instrCell is an operation's instruction count per call, "-" where it
// was not counted.
func instrCell(o evidence.OpSummary) string {
	if o.Error != "" || o.InstructionsPerOp <= 0 {
		return "-"
	}
	return Count(o.InstructionsPerOp)
}

// sortedOps orders operations as the protocol runs them, then by length.
func sortedOps(m map[string]evidence.OpSummary) []string {
	ops := make([]string, 0, len(m))
	for op := range m {
		ops = append(ops, op)
	}
	sort.Slice(ops, func(i, j int) bool { return opLess(ops[i], ops[j]) })
	return ops
}

var opOrder = func() map[string]int {
	m := map[string]int{
		registry.OpKeygen: 0, registry.OpEncaps: 1, registry.OpDecaps: 2, registry.OpDecapsReject: 3,
		registry.OpDecapsInvalid: 4, registry.OpSign: 5, registry.OpVerify: 6, registry.OpExchange: 22,
	}
	for i, p := range []registry.Party{registry.PartyA, registry.PartyB} {
		m[registry.OpInit(p)], m[registry.OpDerive(p)] = 10+i, 20+i
	}
	for i := 1; i <= 6; i++ {
		m[registry.OpPass(i)] = 11 + i
	}
	return m
}()

// unitLess orders measured units by plugin, then instance, then operation
// in the report's operation order.
func unitLess(aPlugin, aInst, aOp, bPlugin, bInst, bOp string) bool {
	if aPlugin != bPlugin {
		return aPlugin < bPlugin
	}
	if aInst != bInst {
		return aInst < bInst
	}
	return opLess(aOp, bOp)
}

func opLess(a, b string) bool {
	pa, pb := pointOf(a), pointOf(b)
	ra, oka := opOrder[pa.Op]
	rb, okb := opOrder[pb.Op]
	switch {
	case oka && okb && ra != rb:
		return ra < rb
	case oka != okb:
		return oka
	case pa.Op != pb.Op:
		return pa.Op < pb.Op
	case pa.MsgLen != pb.MsgLen:
		return pa.MsgLen < pb.MsgLen
	}
	return pa.OutLen < pb.OutLen
}

// pointOf reads a benchmark label back into its point; a label that is
// not one (a file written by hand) is an operation of that name.
func pointOf(label string) registry.Point {
	p, err := registry.ParsePoint(label)
	if err != nil {
		return registry.Point{Op: label}
	}
	return p
}
