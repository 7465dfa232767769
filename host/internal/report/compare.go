package report

import (
	"fmt"
	"io"
	"math"
	"sort"
	"text/tabwriter"

	"golang.org/x/perf/benchmath"

	"crucible.dev/host/internal/evidence"
)

// Confidence is the confidence level of the intervals compare prints, as
// benchstat's default.
const Confidence = 0.95

// Delta is one (instance, operation) compared between two runs. The sample
// is every per-call sample time of every trial (a sample of a batch of
// calls divided by the batch), and the statistics make no assumption about
// its distribution: the median with its order-statistic confidence
// interval, and the Mann–Whitney U test, as benchstat does.
//
// Samples of one process share its state (code placement, page colouring,
// the machine's load at the time), so per-sample tests can call a small
// shift between two runs significant. TrialCmp therefore repeats the U
// test over the trials' medians, one value per fresh process: a change
// significant there too does not come from one lucky or unlucky process.
type Delta struct {
	Plugin, Instance, Op string
	Old, New             *benchmath.Summary // nil when the run lacks the operation
	Cmp                  benchmath.Comparison
	TrialCmp             benchmath.Comparison // over per-trial medians
}

// Significant reports whether the two samples differ at the test's alpha;
// benchstat prints "~" otherwise.
func (d Delta) Significant() bool { return d.Old != nil && d.New != nil && d.Cmp.P <= d.Cmp.Alpha }

// Change is the relative change of the median, new/old - 1.
func (d Delta) Change() float64 {
	if d.Old == nil || d.New == nil || d.Old.Center == 0 {
		return math.NaN()
	}
	return d.New.Center/d.Old.Center - 1
}

type opKey struct{ plugin, instance, op string }

func samplesByOp(r *evidence.Run) (map[opKey][]float64, map[opKey][]float64, []opKey) {
	m, trials := map[opKey][]float64{}, map[opKey][]float64{}
	var keys []opKey
	for _, rec := range r.Records {
		if rec.Error != "" {
			continue
		}
		v := perOpNS(rec)
		if len(v) == 0 {
			continue
		}
		k := opKey{rec.Plugin, rec.Instance, rec.Op}
		if _, ok := m[k]; !ok {
			keys = append(keys, k)
		}
		m[k] = v
		trials[k] = rec.Stats.TrialMedian
	}
	return m, trials, keys
}

// Compare compares every operation of two runs; alpha is the significance
// level of the U test (0.05 as benchstat when zero).
func Compare(old, new *evidence.Run, alpha float64) []Delta {
	if alpha == 0 {
		alpha = benchmath.DefaultThresholds.CompareAlpha
	}
	th := &benchmath.Thresholds{CompareAlpha: alpha}
	om, ot, okeys := samplesByOp(old)
	nm, nt, nkeys := samplesByOp(new)
	keys := append([]opKey(nil), okeys...)
	for _, k := range nkeys {
		if _, ok := om[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.SliceStable(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		return unitLess(a.plugin, a.instance, a.op, b.plugin, b.instance, b.op)
	})
	var out []Delta
	for _, k := range keys {
		none := benchmath.Comparison{P: 1, Alpha: alpha}
		d := Delta{Plugin: k.plugin, Instance: k.instance, Op: k.op, Cmp: none, TrialCmp: none}
		var os, ns *benchmath.Sample
		if v, ok := om[k]; ok {
			os = benchmath.NewSample(append([]float64(nil), v...), th)
			s := benchmath.AssumeNothing.Summary(os, Confidence)
			d.Old = &s
		}
		if v, ok := nm[k]; ok {
			ns = benchmath.NewSample(append([]float64(nil), v...), th)
			s := benchmath.AssumeNothing.Summary(ns, Confidence)
			d.New = &s
		}
		if os != nil && ns != nil {
			d.Cmp = benchmath.AssumeNothing.Compare(os, ns)
			if len(ot[k]) > 0 && len(nt[k]) > 0 {
				d.TrialCmp = benchmath.AssumeNothing.Compare(
					benchmath.NewSample(append([]float64(nil), ot[k]...), th),
					benchmath.NewSample(append([]float64(nil), nt[k]...), th))
			}
		}
		out = append(out, d)
	}
	return out
}

// WriteComparison prints a comparison as benchstat lays it out: each
// side's median ± the relative half-width of its confidence interval, the
// change ("~" when not significant), the p-value and sample sizes, then the
// geometric mean of the medians over the operations both runs measured.
func WriteComparison(w io.Writer, ds []Delta) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "plugin\tinstance\toperation\told median\t\tnew median\t\tchange\tsamples\ttrial medians\n")
	var lo, ln float64
	var n, slower, faster, trialSig int
	for _, d := range ds {
		old, oci, new, nci := "-", "", "-", ""
		if d.Old != nil {
			old, oci = Duration(d.Old.Center), "± "+d.Old.PctRangeString()
		}
		if d.New != nil {
			new, nci = Duration(d.New.Center), "± "+d.New.PctRangeString()
		}
		change, test, trials := "(only in one run)", "", ""
		if d.Old != nil && d.New != nil {
			change = d.Cmp.FormatDelta(d.Old.Center, d.New.Center)
			test = d.Cmp.String()
			trials = d.TrialCmp.String()
			if d.Old.Center > 0 && d.New.Center > 0 {
				lo += math.Log(d.Old.Center)
				ln += math.Log(d.New.Center)
				n++
			}
			if d.Significant() {
				if d.TrialCmp.P <= d.TrialCmp.Alpha {
					trialSig++
				}
				if d.Change() > 0 {
					slower++
				} else if d.Change() < 0 {
					faster++
				}
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", d.Plugin, d.Instance, d.Op, old, oci, new, nci, change, test, trials)
	}
	if n > 0 {
		g0, g1 := math.Exp(lo/float64(n)), math.Exp(ln/float64(n))
		fmt.Fprintf(tw, "geomean\t\t\t%s\t\t%s\t\t%+.2f%%\t\t\n", Duration(g0), Duration(g1), 100*(g1/g0-1))
	}
	tw.Flush()
	fmt.Fprintf(w, "\n%d operation(s) in both runs: %d significantly slower, %d significantly faster (Mann–Whitney U over every per-call sample, alpha %v; %g%% confidence intervals of the median)\n",
		n, slower, faster, alphaOf(ds), 100*Confidence)
	fmt.Fprintf(w, "%d of these changes are significant over the trials' medians too (one value per fresh process)\n", trialSig)
	for _, d := range ds {
		for _, wrn := range append(append([]error(nil), d.Cmp.Warnings...), summaryWarnings(d)...) {
			fmt.Fprintf(w, "%s %s %s: %v\n", d.Plugin, d.Instance, d.Op, wrn)
		}
	}
}

func summaryWarnings(d Delta) []error {
	var out []error
	if d.Old != nil {
		out = append(out, d.Old.Warnings...)
	}
	if d.New != nil {
		out = append(out, d.New.Warnings...)
	}
	return out
}

func alphaOf(ds []Delta) float64 {
	if len(ds) > 0 {
		return ds[0].Cmp.Alpha
	}
	return benchmath.DefaultThresholds.CompareAlpha
}
