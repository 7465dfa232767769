package evidence

import "crucible.dev/host/internal/stats"

// Headline is an operation's headline figures: the median over its
// trials' medians of the time and of the cycles per call, each with the
// order-statistic confidence interval of that median. A trial is one
// fresh process, so the trials' medians are independent units where the
// samples inside one process are not. Trials outside the host's bounds
// count for nothing, as in Recompute.
func (r *Record) Headline() (ns, cycles stats.Interval) {
	var tn, tc []float64
	for _, t := range r.Trials {
		if t.Unbounded() != "" || len(t.NS) == 0 {
			continue
		}
		tn = append(tn, stats.Summarize(stats.PerOp(t.NS, t.Batch), t.Batch).Median)
		if len(t.Cycles) > 0 {
			tc = append(tc, stats.Summarize(stats.PerOp(t.Cycles, t.Batch), t.Batch).Median)
		}
	}
	return stats.MedianInterval(tn, stats.Confidence), stats.MedianInterval(tc, stats.Confidence)
}
