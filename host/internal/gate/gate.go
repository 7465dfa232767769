// Package gate is the regression gate: a baseline of per-operation
// ceilings taken from one run (host baseline), and the verdicts of a later
// run checked against it (host gate), on median time or on exact
// instruction counts.
package gate

import (
	"fmt"
	"io"
	"sort"
	"text/tabwriter"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/format"
	"crucible.dev/host/internal/opkey"
)

// DefaultTolerance is how much slower than its baseline an operation may
// get before the gate fails: enough to absorb run-to-run noise on shared
// CI machines, small enough to catch a real regression.
const DefaultTolerance = 0.10

// Baseline is what `host baseline` writes and `host gate` checks against.
//
// The gated figure is the median time per call (over every sample of every
// trial), so a baseline entry is a ceiling on median time: an operation
// fails when its median exceeds MedianNS × (1 + Tolerance). That is the
// same as a floor on median-based throughput, 1e9/MedianNS ops/s divided by
// (1 + Tolerance). The median rather than the mean keeps one preempted
// sample from failing the gate.
type Baseline struct {
	Metric    string  `json:"metric,omitempty"` // "" for median time, MetricInstructions for exact counts
	Statistic string  `json:"statistic"`        // what MedianNS is, for a reader of the file
	Suite     string  `json:"suite"`
	Started   string  `json:"started"` // of the run the baseline was taken from
	Tolerance float64 `json:"tolerance"`
	Floors    []Floor `json:"floors"`
}

// Floor is one (instance, operation)'s baseline.
type Floor struct {
	Plugin    string  `json:"plugin"`
	Instance  string  `json:"instance"`
	Op        string  `json:"op"`
	MedianNS  float64 `json:"median_ns"`
	Tolerance float64 `json:"tolerance"` // fraction; may be edited per operation

	Instructions float64 `json:"instructions_per_op,omitempty"` // the MetricInstructions baseline
}

// LimitNS is the slowest median the gate accepts.
func (f Floor) LimitNS() float64 { return f.MedianNS * (1 + f.Tolerance) }

// MinOpsPerSec is the same limit as a floor on median-based throughput.
func (f Floor) MinOpsPerSec() float64 { return 1e9 / f.LimitNS() }

// MakeBaseline takes every measured operation of a run as a floor.
func MakeBaseline(run *evidence.Run, tolerance float64) *Baseline {
	b := &Baseline{Statistic: "median ns per call; the gate fails when a new median exceeds median_ns × (1 + tolerance)",
		Suite: run.Campaign.Suite, Started: run.Campaign.Started, Tolerance: tolerance, Floors: []Floor{}}
	for _, r := range run.Records {
		if r.Error != "" || r.Stats.NS.Median <= 0 {
			continue
		}
		b.Floors = append(b.Floors, Floor{Plugin: r.Plugin, Instance: r.Instance, Op: r.Op, MedianNS: r.Stats.NS.Median, Tolerance: tolerance})
	}
	sortFloors(b.Floors)
	return b
}

// Verdict is one floor checked against a run.
type Verdict struct {
	Floor
	NewNS  float64 // 0 when the run lacks the operation
	Status string  // "ok", "slower", "more work" (instructions), "missing", "error"
	Detail string

	NewInstructions float64 // per call, for MetricInstructions
}

// Fails reports whether the verdict fails the gate.
func (v Verdict) Fails() bool { return v.Status != "ok" }

// String names the operation and says what is wrong with it.
func (v Verdict) String() string {
	return fmt.Sprintf("%s %s %s: %s", v.Plugin, v.Instance, v.Op, v.Detail)
}

// Check checks every floor of b against run. An operation the run did not
// measure fails unless allowMissing is set (a gate that silently passes
// because a benchmark stopped running is no gate).
func Check(b *Baseline, run *evidence.Run, allowMissing bool) []Verdict {
	recs := map[opkey.Key]*evidence.Record{}
	for _, r := range run.Records {
		recs[opkey.Of(r)] = r
	}
	floors := append([]Floor(nil), b.Floors...)
	sortFloors(floors)
	if b.Metric == MetricInstructions {
		return checkInstructions(floors, recs, allowMissing)
	}
	var out []Verdict
	for _, f := range floors {
		v := Verdict{Floor: f, Status: "ok"}
		r := recs[f.key()]
		switch {
		case r == nil:
			v.Status, v.Detail = "missing", "not measured in this run"
			if allowMissing {
				v.Status = "ok"
			}
		case r.Error != "":
			v.Status, v.Detail = "error", "failed: "+evidence.FirstLine(r.Error)
		case r.Stats.NS.Median <= 0:
			v.Status, v.Detail = "error", "no samples"
		default:
			v.NewNS = r.Stats.NS.Median
			ch := v.NewNS/f.MedianNS - 1
			v.Detail = fmt.Sprintf("median %s against baseline %s (%+.1f%%, tolerance %.1f%%)", format.Duration(v.NewNS), format.Duration(f.MedianNS), 100*ch, 100*f.Tolerance)
			if v.NewNS > f.LimitNS() {
				v.Status = "slower"
			}
		}
		out = append(out, v)
	}
	return out
}

// Write prints the verdicts of a baseline of metric as a table.
func Write(w io.Writer, metric string, vs []Verdict) {
	if metric == MetricInstructions {
		writeInstructions(w, vs)
		return
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "plugin\tinstance\toperation\tbaseline\tlimit\tfloor ops/s\tnew\tchange\tverdict")
	for _, v := range vs {
		nw, ch := "-", "-"
		if v.NewNS > 0 {
			nw, ch = format.Duration(v.NewNS), fmt.Sprintf("%+.1f%%", 100*(v.NewNS/v.MedianNS-1))
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", v.Plugin, v.Instance, v.Op, format.Duration(v.MedianNS), format.Duration(v.LimitNS()), format.Count(v.MinOpsPerSec()), nw, ch, v.Status)
	}
	tw.Flush()
}

func sortFloors(fs []Floor) {
	sort.SliceStable(fs, func(i, j int) bool { return fs[i].key().Less(fs[j].key()) })
}

// key is the unit a floor holds.
func (f Floor) key() opkey.Key { return opkey.Key{Plugin: f.Plugin, Instance: f.Instance, Op: f.Op} }
