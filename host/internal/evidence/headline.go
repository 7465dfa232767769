package evidence

import "crucible.dev/host/internal/stats"

// Headline is an operation's headline figures: the median over its
// trials of the host-timed time per call (Trial.HostTimedNS: the kernel's
// CPU accounting of the plugin's box, which the plugin cannot lower
// whatever it reports) and of the median cycles per call of the plugin's
// samples, each with the order-statistic confidence interval of that
// median. A trial is one fresh process, so the trials are independent
// units where the samples inside one process are not. Trials outside the
// host's bounds count for nothing, as in Recompute. Records of hosts that
// measured no CPU time (hostTimed false) fall back on the trials' sample
// medians.
func (r *Record) Headline() (ns, cycles stats.Interval) {
	ns, cycles, _ = r.headline()
	return ns, cycles
}

// HostTimed says whether the record's headline time is host-timed.
func (r *Record) HostTimed() bool {
	_, _, h := r.headline()
	return h
}

func (r *Record) headline() (ns, cycles stats.Interval, hostTimed bool) {
	var th, tn, tc []float64
	for _, t := range r.Trials {
		if t.Unbounded() != "" || len(t.NS) == 0 {
			continue
		}
		tn = append(tn, stats.Summarize(stats.PerOp(t.NS, t.Batch), t.Batch).Median)
		if h := t.HostTimedNS(); h > 0 {
			th = append(th, h)
		}
		if len(t.Cycles) > 0 {
			tc = append(tc, stats.Summarize(stats.PerOp(t.Cycles, t.Batch), t.Batch).Median)
		}
	}
	if len(th) > 0 && len(th) == len(tn) {
		tn, hostTimed = th, true
	}
	return stats.MedianInterval(tn, stats.Confidence), stats.MedianInterval(tc, stats.Confidence), hostTimed
}

// KeptOverheadFrac is the median over the record's trials within bounds of
// Trial.KeptOverheadFrac.
func (r *Record) KeptOverheadFrac() float64 {
	var f []float64
	for _, t := range r.Trials {
		if t.Unbounded() == "" && len(t.NS) > 0 {
			f = append(f, t.KeptOverheadFrac())
		}
	}
	if len(f) == 0 {
		return 0
	}
	return stats.MedianInterval(f, stats.Confidence).Median
}
