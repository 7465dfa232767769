package report

import (
	"fmt"
	"sort"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/format"
)

// The tables' statistics come in two families, each in its own column
// group. The headline: the median over the trials' medians (one value per
// fresh process), its confidence interval, the median cycles and ops/s
// from that median. The spread, on the plugin pages only: mean,
// interquartile mean and the 10th–90th percentiles over every per-call
// sample.

// headlineNote is how every table with the headline family says so.
const headlineNote = "Times are host-timed: each trial's figure is the CPU time the kernel accounted to the plugin's whole box during its timed call, less the calibrated cost of an empty loop (at most 5% of it), per call, so no plugin can lower it by what it reports; the headline is the median of the trials' figures (one per fresh process), the interval the order-statistic confidence interval of that median, at the level it reaches (93.75% with five trials); ops/s is 1/median. Cycles, the spread, valgrind's counts and constant-time verdicts are the plugin's own measurements, not hostile-proof (docs/threat-model.md)."

// ciCell shows an operation's confidence interval of the median, "-"
// without one (fewer than two trials).
func ciCell(o evidence.OpSummary) string { return format.Interval(o.Interval()) }

// measured reports whether o has a median to compare.
func measured(o evidence.OpSummary, ok bool) bool { return ok && o.Error == "" && o.MedianNS > 0 }

// fastest is the operation of os with the lowest median (index -1 when
// none was measured).
func fastest(os []evidence.OpSummary, ok []bool) int {
	best := -1
	for i, o := range os {
		if measured(o, ok[i]) && (best < 0 || o.MedianNS < os[best].MedianNS) {
			best = i
		}
	}
	return best
}

// ratioCell is o's median against the fastest's, "×r", or "tie" where
// their confidence intervals overlap and the ranking would be noise. The
// fastest itself reads "tie" when any other ties with it.
func ratioCell(os []evidence.OpSummary, ok []bool, i, best int) string {
	if best < 0 || !measured(os[i], ok[i]) {
		return ""
	}
	b := os[best]
	if i == best {
		for j, o := range os {
			if j != best && measured(o, ok[j]) && o.Interval().Overlaps(b.Interval()) {
				return "tie"
			}
		}
		return "×1.00"
	}
	if os[i].Interval().Overlaps(b.Interval()) {
		return "tie"
	}
	return "×" + format.Float(os[i].MedianNS/b.MedianNS, 2)
}

// versus is o's median against a reference's: "×r", or "tie" where the
// intervals overlap.
func versus(o, ref evidence.OpSummary) string {
	if o.Interval().Overlaps(ref.Interval()) {
		return "tie"
	}
	return "×" + format.Float(o.MedianNS/ref.MedianNS, 2)
}

// keptOverheadLimit is the share of a host-timed figure that is the timed
// call's own cost beyond which keptOverheadNote counts the figure.
const keptOverheadLimit = 0.02

// keptOverheadNote says how many of the run's host-timed figures hold
// more than keptOverheadLimit of the timed call's own cost beyond the 5%
// the host takes off (evidence.OpSummary.KeptOverhead), or "" when none:
// a trial too short for the machine's fixed cost of a call reads high.
func keptOverheadNote(s *evidence.Summary) string {
	var all int
	var over []float64
	for _, in := range s.Instances {
		for _, o := range in.Ops {
			if !o.HostTimed || o.Error != "" {
				continue
			}
			all++
			if o.KeptOverhead > keptOverheadLimit {
				over = append(over, o.KeptOverhead)
			}
		}
	}
	if len(over) == 0 {
		return ""
	}
	sort.Float64s(over)
	return fmt.Sprintf("%d of %d host-timed figures hold more than %.0f%% of their timed call's own cost beyond the 5%% the host takes off (the empty loop's, at a median %.1f%% of the figure; the most %.1f%%): their trials, %.3g s, are too short for what a call costs on this machine, and they read high by it; a longer --trial-target (or --full) takes it out (docs/method.md).",
		len(over), all, 100*keptOverheadLimit, 100*over[len(over)/2], 100*over[len(over)-1], s.Settings.TrialTargetSec)
}
