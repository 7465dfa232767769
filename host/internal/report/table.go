package report

import (
	"fmt"
	"io"
	"sort"
	"strings"
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
	return strings.HasSuffix(op, "@1024") || strings.HasSuffix(op, "@32>1024") || strings.HasSuffix(op, ">1024")
}

// Table prints the end-of-run table: median time and mean cycles per
// operation, with each instance's KAT status.
func Table(w io.Writer, s *evidence.Summary) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "plugin\tinstance\tKAT\toperation\tmedian\tmean cycles\tops/s\tn\t")
	for _, in := range s.Instances {
		ops := sortedOps(in.Ops)
		first := true
		for _, op := range ops {
			if !headline(in.Kind, op) {
				continue
			}
			o := in.Ops[op]
			plugin, id, kat := "", "", ""
			if first {
				plugin, id, kat = in.Plugin, in.ID, in.KAT
				first = false
			}
			med := Duration(o.MedianNS)
			if o.Error != "" {
				med = "error"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t\n", plugin, id, kat, op, med, Count(o.MeanCycles), Count(o.OpsPerSec), o.N)
		}
		if first {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t\t\t\t\t\n", in.Plugin, in.ID, in.KAT, "(not measured)")
		}
	}
	tw.Flush()
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

var opOrder = map[string]int{
	"keygen": 0, "encaps": 1, "decaps": 2, "decaps_invalid": 3, "sign": 4, "verify": 5,
	"init_a": 10, "init_b": 11, "pass1": 12, "pass2": 13, "pass3": 14, "pass4": 15, "pass5": 16, "pass6": 17,
	"derive_a": 20, "derive_b": 21, "exchange": 22,
}

func opLess(a, b string) bool {
	ba, la, oa := splitOp(a)
	bb, lb, ob := splitOp(b)
	ra, oka := opOrder[ba]
	rb, okb := opOrder[bb]
	switch {
	case oka && okb && ra != rb:
		return ra < rb
	case oka != okb:
		return oka
	case ba != bb:
		return ba < bb
	case la != lb:
		return la < lb
	}
	return oa < ob
}

// splitOp parses "op@msg>out".
func splitOp(s string) (base string, msg, out int) {
	base = s
	if i := strings.IndexByte(base, '>'); i >= 0 {
		fmt.Sscan(base[i+1:], &out)
		base = base[:i]
	}
	if i := strings.IndexByte(base, '@'); i >= 0 {
		fmt.Sscan(base[i+1:], &msg)
		base = base[:i]
	}
	return base, msg, out
}

// SummaryMarkdown renders summary.md.
func SummaryMarkdown(s *evidence.Summary) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# Crucible run: %s\n\n", s.Suite)
	fmt.Fprintf(&b, "Started %s; %d trials per operation, each in a fresh plugin process; trial target %.3g s.\n\n",
		s.Started, s.Settings.Trials, s.Settings.TrialTargetSec)
	b.WriteString("## Results\n\n| plugin | instance | KAT | operation | median | mean cycles | ops/s | n |\n|---|---|---|---|---:|---:|---:|---:|\n")
	for _, in := range s.Instances {
		for _, op := range sortedOps(in.Ops) {
			if !headline(in.Kind, op) {
				continue
			}
			o := in.Ops[op]
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %d |\n", in.Plugin, in.ID, in.KAT, op, Duration(o.MedianNS), Count(o.MeanCycles), Count(o.OpsPerSec), o.N)
		}
		if len(in.Ops) == 0 {
			fmt.Fprintf(&b, "| %s | %s | %s | (not measured) | | | | |\n", in.Plugin, in.ID, in.KAT)
		}
	}
	symmetricLadder(&b, s)
	if len(s.Findings) > 0 {
		b.WriteString("\n## Findings\n\n")
		for _, f := range s.Findings {
			fmt.Fprintf(&b, "- %s\n", oneLine(f))
		}
	}
	return []byte(b.String())
}

func oneLine(f evidence.Finding) string {
	where := f.Plugin
	if f.Instance != "" {
		where += " " + f.Instance
	}
	if f.Op != "" {
		where += " " + f.Op
	}
	d := f.Detail
	if i := strings.IndexByte(d, '\n'); i >= 0 {
		d = d[:i]
	}
	return fmt.Sprintf("**%s** (%s): %s", where, f.What, d)
}

// symmetricLadder tabulates cycles per byte against message length.
func symmetricLadder(b *strings.Builder, s *evidence.Summary) {
	type row struct {
		id  string
		cpb map[int]float64
	}
	var rows []row
	lens := map[int]bool{}
	for _, in := range s.Instances {
		if !registry.Kind(in.Kind).Symmetric() {
			continue
		}
		r := row{id: in.ID, cpb: map[int]float64{}}
		for op, o := range in.Ops {
			base, msg, out := splitOp(op)
			if msg == 0 || (out != 0 && out != 32) || base == "open" {
				continue
			}
			r.cpb[msg] = o.MeanCycles / float64(msg)
			lens[msg] = true
		}
		if len(r.cpb) > 0 {
			rows = append(rows, r)
		}
	}
	if len(rows) == 0 {
		return
	}
	var ls []int
	for l := range lens {
		ls = append(ls, l)
	}
	sort.Ints(ls)
	b.WriteString("\n## Symmetric primitives: cycles per byte against message length\n\n| instance |")
	for _, l := range ls {
		fmt.Fprintf(b, " %d B |", l)
	}
	b.WriteString("\n|---|" + strings.Repeat("---:|", len(ls)) + "\n")
	for _, r := range rows {
		fmt.Fprintf(b, "| %s |", r.id)
		for _, l := range ls {
			if v, ok := r.cpb[l]; ok {
				fmt.Fprintf(b, " %s |", Float(v, 2))
			} else {
				b.WriteString(" |")
			}
		}
		b.WriteString("\n")
	}
}
