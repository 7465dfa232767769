package report

import (
	"fmt"
	"maps"
	"slices"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/format"
)

func (m *model) performance(d *doc, p *evidence.PluginInfo, id string) {
	d.h(2, id+"-4", "4 Performance")
	d.p(txt("Two families of figures per call. The headline, over the trials (each a fresh process, so they are independent), host-timed: each trial's figure is the CPU time the kernel accounted to the plugin's whole box during the timed call, less the calibrated cost of an empty loop (at most 5%), per call, which no plugin can lower by what it reports; the median of the trials' figures, the order-statistic confidence interval of that median at the level it reaches, ops/s = 1/median. The median cycles and the spread are the plugin's own samples (not hostile-proof), used only when they agree with the host's clock. The spread, over all n per-call samples: mean, interquartile mean (IQM), 10th–90th percentiles; n = trials × timed calls per trial. Inputs: for a KEM's keygen, encaps and decaps, a signature's keygen, sign and verify and a key exchange's init, passes and derive, the host supplies one input per timed call, none repeated in the process (seeds for the randomness of keygen, init and passes, its public key for encaps, ciphertexts under one key pair, messages, signed messages with 1 in 32 forged, whole exchanges), made by another process of the plugin and sealed until the timed call, and checks the outputs (every decapsulated key, verdict and derived secret; no public key or ciphertext repeated; 32 signatures, key pairs, encapsulations and exchange steps it picks after the loop, checked or replayed by the other process); an operation faster than about 10 µs a call is timed on the plugin's own inputs, with such a trial beside it as a check. A symmetric primitive's hash, XOF, MAC, KDF and AEAD seal work on one message the host seals, with the call's number written into every 64-byte block, and return 8 bytes of each output folded: no two may be equal, and 32 the host picks are recomputed by the other process. The other operations' loops cycle through 64 distinct inputs the plugin prepares outside the timed calls. Calibration: the per-call estimate of the short calibration run, and the samples × calls per sample it chose for each trial. Host-side bounds: per call, what the plugin's samples total beside the timed call's wall-clock time and the CPU time the kernel accounted to the plugin's box, as the host measured them from outside; samples that total less than 95% of that CPU time (beyond the empty loop's), or whose median is under a fifth of the host-timed figure, or a call that neither ran nor waited for a CPU or the disk, put the trial outside the bounds: it is kept in the evidence and left out of every figure."))
	var bars []barItem
	var spread []spreadRow
	var series []lineSeries
	for ii, in := range p.Instances {
		recs := m.records(p.Name, in.ID)
		if len(recs) == 0 {
			continue
		}
		d.h(3, id+"-4-"+evidence.Safe(in.ID), "%s", in.ID)
		sym := in.Kind.Symmetric()
		cols := []string{"operation", "host-timed median:", "CI of the median:", "median cycles:", "ops/s:", "mean:", "IQM:", "p10–p90:", "n = trials × calls:", "calibration:", "host-side bounds:"}
		if sym {
			cols = append(cols, "cycles/byte:", "MB/s:")
		}
		counted := slices.ContainsFunc(recs, func(r *evidence.Record) bool { return r.Instructions != nil })
		if counted {
			cols = append(cols, "instructions:")
		}
		if counted {
			d.p(txt("Instruction counts are not hostile-proof: code under valgrind can tell it is counted and take another path. They measure honest code; nothing is ranked by them."))
		}
		t := d.newTable(cols...)
		if slices.ContainsFunc(recs, func(r *evidence.Record) bool { return r.Instructions.Varies() }) {
			d.p(txt(varyNote))
		}
		cpb := map[string]*lineSeries{}
		for _, r := range recs {
			s := r.Stats
			if r.Error != "" {
				row := []inline{txt(r.Op), txtf("error: %s", evidence.FirstLine(r.Error))}
				for len(row) < len(cols) {
					row = append(row, nil)
				}
				t.row(row...)
				continue
			}
			o := evidence.SummarizeOp(r)
			row := []inline{txt(r.Op), txt(format.Duration(o.MedianNS)), txt(ciCell(o)), txt(format.Count(o.MedianCycles)), txt(format.Count(o.OpsPerSec)),
				txt(format.Duration(o.MeanNS)), txt(format.Duration(o.IQMNS)), txtf("%s – %s", format.Duration(o.P10NS), format.Duration(o.P90NS)), txt(nCalls(r)),
				txtf("%s/call: %d × %d", format.Duration(r.Calibration.EstimateNS), r.Calibration.Samples, r.Calibration.Batch), hostBounds(r)}
			if sym {
				if r.MsgLen > 0 {
					row = append(row, txt(format.Float(o.MedianCycles/float64(r.MsgLen), 2)), txt(format.Float(float64(r.MsgLen)/o.MedianNS*1e3, 1)))
				} else {
					row = append(row, txt("-"), txt("-"))
				}
			}
			if counted {
				row = append(row, txt(instrCell(o)))
			}
			t.row(row...)
			if headline(string(in.Kind), r.Op) && o.MedianNS > 0 {
				bars = append(bars, barItem{label: in.ID + " " + r.Op, value: o.MedianNS, color: ii})
			}
			if len(s.TrialMedian) > 0 {
				spread = append(spread, spreadRow{label: in.ID + " " + r.Op, values: s.TrialMedian})
			}
			if sym && r.MsgLen > 0 && o.MedianCycles > 0 && (r.OutLen == 0 || r.OutLen == 32) {
				name := in.ID + " " + r.BaseOp
				ls := cpb[name]
				if ls == nil {
					ls = &lineSeries{name: name}
					cpb[name] = ls
				}
				ls.pts = append(ls.pts, point{float64(r.MsgLen), o.MedianCycles / float64(r.MsgLen)})
			}
		}
		for _, k := range slices.Sorted(maps.Keys(cpb)) {
			series = append(series, *cpb[k])
		}
	}
	if len(bars) == 0 {
		d.p(txt("No operation of this plugin was measured in this run."))
		return
	}
	d.fig(barChart(bars, format.Duration), "Median time per operation per instance"+scaleNote(bars))
	if len(series) > 0 {
		note := "log x"
		if lineLogY(series) {
			note = "log x, log y"
		}
		d.fig(lineChart(series), "Median cycles per byte against message length ("+note+")")
	}
	d.fig(spreadChart(spread), "Trial spread: each trial's median against the median of the trials' medians")
}

// nCalls writes n as trials × calls per trial, or the sum when trials
// timed different numbers of calls.
func nCalls(r *evidence.Record) string {
	cs := trialCalls(r)
	if len(cs) == 0 {
		return "0"
	}
	same := true
	var total int64
	for _, c := range cs {
		same = same && c == cs[0]
		total += c
	}
	if same {
		return fmt.Sprintf("%d × %s = %s", len(cs), format.Count(float64(cs[0])), format.Count(float64(total)))
	}
	return fmt.Sprintf("%d trials, %s", len(cs), format.Count(float64(total)))
}
