package evidence

import (
	"fmt"
	"sort"

	"crucible.dev/host/internal/stats"
)

// OpSummary is one operation's figures, as summary.json gives them, in
// two families. The headline: the median over the trials' medians (one
// per fresh process) of time and cycles, the confidence interval of that
// median at the level it achieves, and ops/s from the median. The
// spread over every per-call sample: mean, interquartile mean, 10th and
// 90th percentiles, mean cycles.
type OpSummary struct {
	MedianNS     float64 `json:"median_ns"`
	CILowNS      float64 `json:"ci_low_ns"`
	CIHighNS     float64 `json:"ci_high_ns"`
	CILevel      float64 `json:"ci_level"` // 0: fewer than two trials, no interval
	Trials       int     `json:"trials"`
	MedianCycles float64 `json:"median_cycles"`
	OpsPerSec    float64 `json:"ops_per_s"` // 1e9 / median_ns
	MeanNS       float64 `json:"mean_ns"`
	IQMNS        float64 `json:"iqm_ns"`
	P10NS        float64 `json:"p10_ns"`
	P90NS        float64 `json:"p90_ns"`
	MeanCycles   float64 `json:"mean_cycles"`
	N            int     `json:"n"`
	Error        string  `json:"error,omitempty"`

	// HostTimed: MedianNS and its interval are host-timed (the kernel's
	// CPU accounting of the plugin's box, Trial.HostTimedNS); the spread
	// figures and the cycles are the plugin's samples, its word on the
	// distribution's shape. False only for records of older hosts.
	HostTimed bool `json:"host_timed,omitempty"`
	// KeptOverhead is the median trial's share of MedianNS that is the
	// timed call's own cost, beyond what the figure takes off
	// (Record.KeptOverheadFrac): a diagnostic of a trial too short.
	KeptOverhead float64 `json:"kept_overhead,omitempty"`

	InstructionsPerOp float64 `json:"instructions_per_op,omitempty"` // exact, with --counter instructions
	InstructionsVary  bool    `json:"instructions_vary,omitempty"`   // two counts over the same inputs differed (Instructions.Varies)
}

// Interval is the headline median with its confidence interval.
func (o OpSummary) Interval() stats.Interval {
	return stats.Interval{Median: o.MedianNS, Lo: o.CILowNS, Hi: o.CIHighNS, Level: o.CILevel, N: o.Trials}
}

// SummarizeOp derives an operation's figures from its record.
func SummarizeOp(rec *Record) OpSummary {
	st := rec.Stats
	ns, cyc := rec.Headline()
	o := OpSummary{MedianNS: ns.Median, CILowNS: ns.Lo, CIHighNS: ns.Hi, CILevel: ns.Level, Trials: ns.N,
		MedianCycles: cyc.Median, MeanNS: st.NS.Mean, IQMNS: st.NS.IQM, P10NS: st.NS.P10, P90NS: st.NS.P90,
		MeanCycles: st.Cycles.Mean, N: st.NS.N, Error: rec.Error, HostTimed: rec.HostTimed(),
		KeptOverhead: rec.KeptOverheadFrac()}
	if o.MedianNS > 0 {
		o.OpsPerSec = 1e9 / o.MedianNS
	}
	if rec.Instructions != nil {
		o.InstructionsPerOp = rec.Instructions.PerOp
		o.InstructionsVary = rec.Instructions.Varies()
	}
	return o
}

// InstanceSummary is one implementation of one instance.
type InstanceSummary struct {
	Plugin     string               `json:"plugin"`
	Instance   string               `json:"instance"` // catalog name
	Impl       string               `json:"impl"`
	ID         string               `json:"id"`
	Kind       string               `json:"kind"`
	Family     string               `json:"family,omitempty"`
	Category   int                  `json:"category,omitempty"`
	KAT        KATStatus            `json:"kat"` // or KATNotBuilt
	KATSources map[string]KATStatus `json:"kat_sources,omitempty"`
	// KATFrom is "catalog" when a source that passed is the evaluator's
	// catalog, else "declared" when one is the plugin's own declaration,
	// else "cross-check" when the only passes are agreement with another
	// implementation in the same run.
	KATFrom string               `json:"kat_from,omitempty"`
	Ops     map[string]OpSummary `json:"ops"`
	Status  InstanceStatus       `json:"status"`
	Note    string               `json:"note,omitempty"`
}

// InstanceStatus is an instance's standing in a summary.
type InstanceStatus string

// The instance statuses.
const (
	InstanceOK       InstanceStatus = "ok"
	InstanceNotBuilt InstanceStatus = "not built" // not available on this system
	InstanceFindings InstanceStatus = "findings"  // a finding not yet known
)

// Summary is the machine-readable result of a run.
type Summary struct {
	Started   string                  `json:"started"`
	Suite     string                  `json:"suite"`
	Settings  Settings                `json:"settings"`
	Instances []InstanceSummary       `json:"instances"`
	Plugins   map[string]PluginStatus `json:"plugins"`  // name -> status
	Findings  []Finding               `json:"findings"` // new and known ones; Known says which
	// Resolved lists known findings that no longer occur.
	Resolved []string `json:"resolved,omitempty"`
}

// Summarize builds the summary from a loaded run alone.
func Summarize(r *Run) *Summary {
	s := &Summary{Started: r.Campaign.Started, Suite: r.Campaign.Suite, Settings: r.Campaign.Settings,
		Plugins: map[string]PluginStatus{}, Findings: []Finding{}}
	byID := map[string]int{}
	for _, p := range r.Plugins {
		s.Plugins[p.Name] = p.Status
		s.Findings = append(s.Findings, p.Findings...)
		for _, in := range p.Instances {
			is := InstanceSummary{Plugin: p.Name, Instance: in.Name, Impl: in.Impl, ID: in.ID, Kind: string(in.Kind),
				Family: in.Family, Category: in.Category, Ops: map[string]OpSummary{}, Status: InstanceOK, KAT: KATNone}
			if in.Unavailable != "" {
				is.KAT, is.Status, is.Note = KATNotBuilt, InstanceNotBuilt, in.Unavailable
			}
			if k, ok := r.KATFor(p.Name, in.ID); ok {
				is.KAT = k.Status
				for _, g := range k.Resolved {
					s.Resolved = append(s.Resolved, p.Name+" "+in.ID+": "+g)
				}
				is.KATSources = map[string]KATStatus{}
				for _, res := range k.Results {
					key := res.Source
					if res.Records > 0 {
						key = fmt.Sprintf("%s/%d", res.Source, res.Records)
					}
					if res.Provenance == "declared" {
						key += " (declared)" // beside a catalog source of the same name
					}
					is.KATSources[key] = res.Status
					if res.Status == KATPass || res.Status == KATKnown {
						if from := katFrom(res); katFromRank[from] > katFromRank[is.KATFrom] {
							is.KATFrom = from
						}
					}
				}
			}
			for _, f := range p.Findings {
				if f.Instance == in.ID && f.Known == "" {
					is.Status = InstanceFindings
				}
			}
			s.Instances = append(s.Instances, is)
			byID[p.Name+"\x00"+in.ID] = len(s.Instances) - 1
		}
	}
	for _, rec := range r.Records {
		i, ok := byID[rec.Plugin+"\x00"+rec.Instance]
		if !ok {
			continue
		}
		is := &s.Instances[i]
		is.Ops[rec.Op] = SummarizeOp(rec)
	}
	sort.SliceStable(s.Instances, func(i, j int) bool {
		a, b := s.Instances[i], s.Instances[j]
		if a.Plugin != b.Plugin {
			return a.Plugin < b.Plugin
		}
		return a.ID < b.ID
	})
	return s
}

// katFromRank orders the provenances a passing source can give an
// instance: the catalog's independent material first.
var katFromRank = map[string]int{ProvenanceCrossCheck: 1, ProvenanceDeclared: 2, ProvenanceCatalog: 3}

// katFrom is the provenance a passing result lends its instance. Only a
// result that names the catalog says catalog: a fresh-seed agreement with
// another implementation (which evidence of older runs left unnamed) is a
// cross-check, whatever the catalog knows of the instance.
func katFrom(res KATResult) string {
	switch res.Provenance {
	case ProvenanceCatalog, ProvenanceDeclared:
		return res.Provenance
	}
	return ProvenanceCrossCheck
}
