// Package compare sets two runs side by side, operation by operation, as
// benchstat does for Go benchmarks: each side's median over its trials'
// medians with its confidence interval, the change, and whether a
// Mann–Whitney U test over the trials' medians calls it significant.
//
// The statistics themselves (the order-statistic interval of a median,
// the U test, the smallest change it could detect) are in package stats,
// which knows nothing of runs: they serve the records, the reports and
// host ab alike. This package holds what is about two runs: pairing
// their records by unit (opkey.Key), the row for an operation only one
// run measured, and the table compare prints. Ranking the implementations
// of one run against each other ("tie" where their intervals overlap,
// "×r" otherwise) is a cell of the report's tables and stays with the
// renderer; only the interval's text (format.Interval) is shared.
package compare

import (
	"fmt"
	"io"
	"math"
	"sort"
	"text/tabwriter"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/format"
	"crucible.dev/host/internal/opkey"
	"crucible.dev/host/internal/stats"
)

// Delta is one (instance, operation) compared between two runs at the
// level of independent units: each trial's median, one value per fresh
// process. The samples inside one process share its state (code
// placement, page colouring, the machine's load at the time), so a test
// over them counts hundreds of correlated values as independent and calls
// a drift of the machine between two runs a significant change.
type Delta struct {
	Plugin, Instance, Op string
	InOld, InNew         bool // whether each run measured the operation
	stats.Shift
}

// Significant reports whether both runs measured the operation and the U
// test over their trials' medians rejects "no change".
func (d Delta) Significant() bool { return d.InOld && d.InNew && d.Shift.Significant() }

// trialsByOp are the trials' medians of every measured operation.
func trialsByOp(r *evidence.Run) (map[opkey.Key][]float64, []opkey.Key) {
	trials := map[opkey.Key][]float64{}
	var keys []opkey.Key
	for _, rec := range r.Records {
		if rec.Error != "" || len(rec.Stats.TrialMedian) == 0 {
			continue
		}
		k := opkey.Of(rec)
		if _, ok := trials[k]; !ok {
			keys = append(keys, k)
		}
		trials[k] = rec.Stats.TrialMedian
	}
	return trials, keys
}

// Runs compares every operation of two runs; alpha is the significance
// level of the U test (0.05 when zero).
func Runs(old, new *evidence.Run, alpha float64) []Delta {
	if alpha == 0 {
		alpha = 0.05
	}
	ot, okeys := trialsByOp(old)
	nt, nkeys := trialsByOp(new)
	keys := append([]opkey.Key(nil), okeys...)
	for _, k := range nkeys {
		if _, ok := ot[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.SliceStable(keys, func(i, j int) bool { return keys[i].Less(keys[j]) })
	var out []Delta
	for _, k := range keys {
		o, inOld := ot[k]
		n, inNew := nt[k]
		out = append(out, Delta{Plugin: k.Plugin, Instance: k.Instance, Op: k.Op, InOld: inOld, InNew: inNew,
			Shift: stats.CompareUnits(o, n, alpha)})
	}
	return out
}

// Write prints a comparison: each side's median over its
// trials' medians with that median's confidence interval, the change
// ("~" when not significant), the U test's p-value and units, and the
// smallest change the test could have detected; then the geometric mean
// of the medians over the operations both runs measured, and how many of
// them repeat (stats.Shift.Repeats).
func Write(w io.Writer, ds []Delta) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "plugin\tinstance\toperation\told median\told CI\tnew median\tnew CI\tchange\tp (trials)\tdetectable\n")
	var lo, ln float64
	var n, slower, faster, repeats int
	for _, d := range ds {
		old, oci, new, nci := "-", "", "-", ""
		if d.InOld {
			old, oci = format.Duration(d.Old.Median), format.Interval(d.Old)
		}
		if d.InNew {
			new, nci = format.Duration(d.New.Median), format.Interval(d.New)
		}
		change, test, mde := "(only in one run)", "", ""
		if d.InOld && d.InNew {
			change, test, mde = changeCell(d.Significant(), d.Change()), fmt.Sprintf("p=%.3f n=%d+%d", d.P, d.Old.N, d.New.N), mdeCell(d.MDE)
			if d.Old.Median > 0 && d.New.Median > 0 {
				lo += math.Log(d.Old.Median)
				ln += math.Log(d.New.Median)
				n++
				if d.Repeats() {
					repeats++
				}
			}
			if d.Significant() {
				if d.Change() > 0 {
					slower++
				} else if d.Change() < 0 {
					faster++
				}
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", d.Plugin, d.Instance, d.Op, old, oci, new, nci, change, test, mde)
	}
	if n > 0 {
		g0, g1 := math.Exp(lo/float64(n)), math.Exp(ln/float64(n))
		fmt.Fprintf(tw, "geomean\t\t\t%s\t\t%s\t\t%+.2f%%\t\t\n", format.Duration(g0), format.Duration(g1), 100*(g1/g0-1))
	}
	tw.Flush()
	fmt.Fprintf(w, "\n%d operation(s) in both runs: %d significantly slower, %d significantly faster (Mann–Whitney U over the trials' medians, one per fresh process, alpha %v; \"detectable\": the smallest change this test could have called significant given the trials' spread)\n",
		n, slower, faster, alphaOf(ds))
	fmt.Fprintf(w, "%d of %d with each run's median inside the other's confidence interval (what two runs of the same build should show)\n", repeats, n)
	fmt.Fprintln(w, "Separate runs also differ by whatever the machine did between them; host ab interleaves the two sides' trials in one session and is robust to that drift.")
}

// changeCell is a change in percent, or "~" when not significant.
func changeCell(significant bool, change float64) string {
	if !significant {
		return "~"
	}
	return fmt.Sprintf("%+.2f%%", 100*change)
}

// mdeCell is the smallest detectable change, "none" when too few units
// leave the test unable to see any.
func mdeCell(mde float64) string {
	if math.IsInf(mde, 1) {
		return "none (too few trials)"
	}
	return fmt.Sprintf("±%.1f%%", 100*mde)
}

func alphaOf(ds []Delta) float64 {
	if len(ds) > 0 {
		return ds[0].Alpha
	}
	return 0.05
}
