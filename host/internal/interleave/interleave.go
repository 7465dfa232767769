// Package interleave compares two builds of the same plugins by
// interleaved A/B measurement: rounds in one session, each measuring one
// fresh-process trial of every operation on each side, the side that goes
// first alternating (ABBA…). A drift of the machine slower than a round
// moves both sides of the round alike, so the verdict rests on the
// rounds' ratios new/old and Wilcoxon's signed-rank test, which needs only
// that swapping a round's sides changes nothing when the code is the same
// (the alternation makes it so), not any shape of their distribution.
//
// A round's value for a side is one statistic of its trial's per-call
// samples: by default the fastest, since interference from the rest of
// a loaded machine only ever adds time (Chen and Revels, "Robust
// benchmarking in noisy environments", 2016), or the trial's median.
// Either way the test counts rounds, one fresh process per side each,
// never the samples inside a process.
package interleave

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"

	"crucible.dev/host/internal/campaign"
	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/stats"
)

// Side is one of the two builds.
type Side struct {
	Label      string   // "old" or "new": its directory in the session
	PluginDirs []string // its prebuilt crucible-plugin-* executables
	// Env are CRUCIBLE_* variables set while this side runs (the
	// sandbox passes those on to the plugin), such as a fixture's knob.
	Env []string
}

// Config is one A/B session.
type Config struct {
	Old, New Side
	Rounds   int
	Alpha    float64
	Unit     string // "min" (default) or "median" of a trial's per-call samples
	Out      string // session directory: <Out>/<side>/round-NN are run directories
	// Base is the campaign every round runs (suite, trial target,
	// launcher, limits…); its plugin directories, output, trial count
	// and steps are set per round.
	Base campaign.Config
	Log  io.Writer
}

// Op is one operation's verdict.
type Op struct {
	Plugin   string         `json:"plugin"`
	Instance string         `json:"instance"`
	Op       string         `json:"op"`
	Old      []float64      `json:"old_ns"` // per round: the trial's Unit statistic per call
	New      []float64      `json:"new_ns"`
	Ratio    stats.Interval `json:"ratio"` // new/old (Hodges–Lehmann) with its confidence interval
	P        float64        `json:"p"`     // two-sided signed-rank test
	MDE      float64        `json:"mde"`   // smallest detectable relative change; -1: none
	Verdict  string         `json:"verdict"`
}

// Result is a session's outcome, written to <Out>/ab.json.
type Result struct {
	Rounds int     `json:"rounds"`
	Alpha  float64 `json:"alpha"`
	Unit   string  `json:"unit"` // the statistic of each trial compared
	Ops    []Op    `json:"ops"`
}

// MinRounds is the fewest rounds with which the signed-rank test can
// reject at 5%: with n rounds its smallest two-sided p is 2/2^n.
const MinRounds = 6

// Run measures the rounds and judges every operation both sides measured.
func Run(cfg Config) (*Result, error) {
	if cfg.Rounds < MinRounds {
		return nil, fmt.Errorf("ab: %d rounds: the signed-rank test needs at least %d to reject at 5%%", cfg.Rounds, MinRounds)
	}
	if cfg.Alpha == 0 {
		cfg.Alpha = 0.05
	}
	if cfg.Unit == "" {
		cfg.Unit = "min"
	}
	if units[cfg.Unit] == nil {
		return nil, fmt.Errorf("ab: unit %q: want min or median", cfg.Unit)
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	old, new := map[key][]float64{}, map[key][]float64{}
	for i := range cfg.Rounds {
		sides := []*Side{&cfg.Old, &cfg.New}
		got := []map[key][]float64{old, new}
		if i%2 == 1 {
			sides[0], sides[1] = sides[1], sides[0]
			got[0], got[1] = got[1], got[0]
		}
		for j, s := range sides {
			fmt.Fprintf(cfg.Log, "round %d/%d: %s\n", i+1, cfg.Rounds, s.Label)
			m, err := round(cfg, s, i)
			if err != nil {
				return nil, err
			}
			for k, v := range m {
				// A round where one side lacks the operation leaves a
				// hole; pairs are matched by round below.
				for len(got[j][k]) < i {
					got[j][k] = append(got[j][k], math.NaN())
				}
				got[j][k] = append(got[j][k], v)
			}
		}
	}
	res := &Result{Rounds: cfg.Rounds, Alpha: cfg.Alpha, Unit: cfg.Unit}
	for _, k := range sortedKeys(old) {
		a, b := pairs(old[k], new[k])
		if len(a) == 0 {
			continue
		}
		p := stats.ComparePaired(a, b, cfg.Alpha)
		op := Op{Plugin: k.plugin, Instance: k.instance, Op: k.op, Old: a, New: b, Ratio: p.Ratio, P: p.P, MDE: p.MDE, Verdict: verdict(p)}
		if math.IsInf(op.MDE, 1) {
			op.MDE = -1
		}
		res.Ops = append(res.Ops, op)
	}
	b, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return nil, err
	}
	return res, os.WriteFile(filepath.Join(cfg.Out, "ab.json"), append(b, '\n'), 0o644)
}

type key struct{ plugin, instance, op string }

// round runs one side's campaign of one trial per operation and reads
// back each operation's trial median.
func round(cfg Config, s *Side, i int) (map[key]float64, error) {
	c := cfg.Base
	c.PluginDirs = s.PluginDirs
	c.Root = "" // prebuilt executables only: both sides must be what was given
	c.Out = filepath.Join(cfg.Out, s.Label, fmt.Sprintf("round-%02d", i+1))
	c.Trials = 1
	c.Bench, c.KAT, c.Robust, c.Profile, c.Resume = true, false, false, false, false
	c.Fresh = 0
	c.Log = cfg.Log // the rounds' warnings (a noisy machine) reach the user
	restore, err := setEnv(s.Env)
	if err != nil {
		return nil, err
	}
	defer restore()
	srcs, err := campaign.Sources(c)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.Label, err)
	}
	camp, err := campaign.New(c)
	if err != nil {
		return nil, fmt.Errorf("%s round %d: %w", s.Label, i+1, err)
	}
	if _, err := camp.Run(srcs); err != nil {
		return nil, fmt.Errorf("%s round %d: %w", s.Label, i+1, err)
	}
	run, err := evidence.Load(c.Out)
	if err != nil {
		return nil, err
	}
	m := map[key]float64{}
	for _, r := range run.Records {
		if r.Error != "" || len(r.Trials) != 1 || r.Trials[0].Unbounded() != "" || len(r.Trials[0].NS) == 0 {
			continue
		}
		t := r.Trials[0]
		m[key{r.Plugin, r.Instance, r.Op}] = units[cfg.Unit](stats.PerOp(t.NS, t.Batch))
	}
	return m, nil
}

// units are the statistics a round may take of a trial's per-call
// samples.
var units = map[string]func([]float64) float64{
	"min":    func(v []float64) float64 { return slices.Min(v) },
	"median": func(v []float64) float64 { return stats.Summarize(v, 1).Median },
}

// setEnv sets CRUCIBLE_* variables for one side and returns how to put
// the environment back.
func setEnv(kvs []string) (func(), error) {
	type saved struct {
		k, v string
		had  bool
	}
	var back []saved
	restore := func() {
		for _, s := range back {
			if s.had {
				os.Setenv(s.k, s.v)
			} else {
				os.Unsetenv(s.k)
			}
		}
	}
	for _, kv := range kvs {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || !strings.HasPrefix(k, "CRUCIBLE_") {
			restore()
			return nil, fmt.Errorf("ab: environment %q: want CRUCIBLE_NAME=VALUE (only CRUCIBLE_* variables reach a plugin)", kv)
		}
		old, had := os.LookupEnv(k)
		back = append(back, saved{k, old, had})
		os.Setenv(k, v)
	}
	return restore, nil
}

// pairs keeps the rounds where both sides measured the operation.
func pairs(a, b []float64) (x, y []float64) {
	for i := range min(len(a), len(b)) {
		if !math.IsNaN(a[i]) && !math.IsNaN(b[i]) {
			x, y = append(x, a[i]), append(y, b[i])
		}
	}
	return x, y
}

func verdict(p stats.Paired) string {
	switch {
	case !p.Significant():
		return "~"
	case p.Change() > 0:
		return "slower"
	}
	return "faster"
}

func sortedKeys(m map[key][]float64) []key {
	ks := make([]key, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool {
		a, b := ks[i], ks[j]
		return a.plugin+"\x00"+a.instance+"\x00"+a.op < b.plugin+"\x00"+b.instance+"\x00"+b.op
	})
	return ks
}

// Write prints the verdicts: per operation the ratio new/old with its
// confidence interval, the change, the signed-rank test and the smallest
// change the session could have detected.
func Write(w io.Writer, r *Result) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "plugin\tinstance\toperation\trounds\tnew/old\tCI\tchange\tp (signed rank)\tdetectable\tverdict")
	var slower, faster int
	for _, o := range r.Ops {
		ci := "-"
		if o.Ratio.Valid() {
			ci = fmt.Sprintf("%.4f – %.4f (%.2f%%)", o.Ratio.Lo, o.Ratio.Hi, 100*o.Ratio.Level)
		}
		mde := "none (too few rounds)"
		if o.MDE >= 0 {
			mde = fmt.Sprintf("±%.1f%%", 100*o.MDE)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%.4f\t%s\t%+.2f%%\t%.4f\t%s\t%s\n", o.Plugin, o.Instance, o.Op, o.Ratio.N, o.Ratio.Median, ci, 100*(o.Ratio.Median-1), o.P, mde, o.Verdict)
		switch o.Verdict {
		case "slower":
			slower++
		case "faster":
			faster++
		}
	}
	tw.Flush()
	fmt.Fprintf(w, "\n%d operation(s): %d significantly slower, %d significantly faster (signed-rank test over %d interleaved rounds of the trials' %s per-call time, alpha %v; each round one fresh-process trial per side, the first side alternating)\n",
		len(r.Ops), slower, faster, r.Rounds, r.Unit, r.Alpha)
}
