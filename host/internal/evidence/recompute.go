package evidence

import (
	"sort"

	"crucible.dev/host/internal/stats"
)

// Recompute derives a record's statistics from its raw trials alone. The
// host calls it when it writes a record and `host validate` calls it again
// to check the record was not altered.
func (r *Record) Recompute() RecordStats {
	var ns, cyc, core []float64
	var s RecordStats
	var n int64
	calls := map[string]float64{}
	var allocs, bytes float64
	for _, t := range r.Trials {
		// A trial whose samples do not fit the host's own measurement
		// stays in the evidence but counts for nothing.
		if t.Unbounded() != "" {
			s.Excluded++
			continue
		}
		tn := stats.PerOp(t.NS, t.Batch)
		ns = append(ns, tn...)
		cyc = append(cyc, stats.PerOp(t.Cycles, t.Batch)...)
		if len(t.CoreCycles) == len(t.NS) {
			core = append(core, stats.PerOp(t.CoreCycles, t.Batch)...)
		}
		s.TrialMedian = append(s.TrialMedian, stats.Summarize(tn, t.Batch).Median)
		w := float64(int64(len(t.NS)) * t.Batch)
		n += int64(len(t.NS)) * t.Batch
		allocs += t.AllocsPerOp * w
		bytes += t.BytesPerOp * w
		for k, v := range t.CallsPerOp {
			calls[k] += v * w
		}
		s.RSSBaseKiB = max(s.RSSBaseKiB, t.RSSBaseKiB)
		s.RSSPeakKiB = max(s.RSSPeakKiB, t.RSSPeakKiB)
	}
	if n == 0 {
		return s
	}
	batch := int64(1)
	if len(ns) > 0 {
		batch = n / int64(len(ns))
	}
	s.NS = stats.Summarize(ns, batch)
	s.NS.N = int(n)
	s.Cycles = stats.Summarize(cyc, batch)
	s.Cycles.N = int(n)
	if len(core) == len(ns) {
		cs := stats.Summarize(core, batch)
		cs.N = int(n)
		s.CoreCycles = &cs
	}
	if s.NS.Mean > 0 {
		s.OpsPerSec = 1e9 / s.NS.Mean
	}
	tm := append([]float64(nil), s.TrialMedian...)
	sort.Float64s(tm)
	s.MedianTrial = stats.Quantile(tm, 0.5)
	s.AllocsPerOp = allocs / float64(n)
	s.BytesPerOp = bytes / float64(n)
	if len(calls) > 0 {
		s.CallsPerOp = map[string]float64{}
		for k, v := range calls {
			s.CallsPerOp[k] = v / float64(n)
		}
	}
	if r.MsgLen > 0 {
		s.CyclesPerB = s.Cycles.Median / float64(r.MsgLen)
		if s.NS.Median > 0 {
			s.MBPerSec = float64(r.MsgLen) / s.NS.Median * 1e3
		}
	}
	return s
}
