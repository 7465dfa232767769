// Package export writes a run directory in formats other tools read: the
// Go benchmark format, through golang.org/x/perf/benchfmt's Writer, for
// benchstat and the other Go benchmark tools.
package export

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/perf/benchfmt"

	"crucible.dev/host/internal/evidence"
)

// Benchfmt writes a run in the Go benchmark format through
// golang.org/x/perf/benchfmt's Writer, so benchstat and other Go tools
// read it.
//
// Configuration lines carry the environment (goos, goarch, cpu, and the
// settings that affect timing); pkg names each plugin's module. Nothing
// that identifies the run itself (its start time, its suite) is a
// configuration key: benchstat puts results with different configurations
// in different tables, and two runs of one machine must compare. Every
// sample of every trial is one result line, as `go test -count` would
// print it: the name is Benchmark<Plugin>/instance=<set>/impl=<impl>/op=<op>
// with the run's GOMAXPROCS as the -N suffix, the iteration count is the
// sample's batch of calls, and the values are that sample's ns/op and
// cycles/op, MB/s for a message length, and the trial's B/op and
// allocs/op.
func Benchfmt(w io.Writer, run *evidence.Run) error {
	bw := benchfmt.NewWriter(w)
	c := run.Campaign
	e := c.Environment
	procs := e.GOMAXPROCS
	if procs < 1 {
		procs = 1
	}
	var base []benchfmt.Config
	for _, kv := range [][2]string{
		{"goos", e.OS}, {"goarch", e.Arch}, {"cpu", e.CPUModel},
		{"go", e.GoVersion}, {"kernel", e.Kernel}, {"governor", e.Governor}, {"turbo", e.Turbo}, {"smt", e.SMT},
		{"trials", strconv.Itoa(c.Settings.Trials)},
	} {
		if v := configValue(kv[1]); v != "" {
			base = append(base, benchfmt.Config{Key: kv[0], Value: []byte(v), File: true})
		}
	}
	modules := map[string]string{}
	for _, p := range run.Plugins {
		modules[p.Name] = p.Module
	}
	for _, r := range run.Records {
		if r.Error != "" {
			continue
		}
		res := &benchfmt.Result{Config: slices.Clone(base)}
		// A plugin without a module has no pkg key: the writer removes
		// the previous plugin's rather than letting it be inherited.
		if pkg := configValue(modules[r.Plugin]); pkg != "" {
			res.Config = append(res.Config, benchfmt.Config{Key: "pkg", Value: []byte(pkg), File: true})
		}
		name := fmt.Sprintf("%s/instance=%s", benchName(r.Plugin, true), benchName(r.Name, false))
		if r.Impl != "" {
			name += "/impl=" + benchName(r.Impl, false)
		}
		res.Name = benchfmt.Name(fmt.Sprintf("%s/op=%s-%d", name, benchName(r.Op, false), procs))
		for _, t := range r.Trials {
			if t.Batch <= 0 {
				continue
			}
			b := float64(t.Batch)
			for i, ns := range t.NS {
				res.Iters = int(t.Batch)
				res.Values = append(res.Values[:0], benchfmt.Value{Value: float64(ns) / b, Unit: "ns/op"})
				if i < len(t.Cycles) {
					res.Values = append(res.Values, benchfmt.Value{Value: float64(t.Cycles[i]) / b, Unit: "cycles/op"})
				}
				if r.MsgLen > 0 && ns > 0 {
					res.Values = append(res.Values, benchfmt.Value{Value: float64(r.MsgLen) * b / float64(ns) * 1e3, Unit: "MB/s"})
				}
				res.Values = append(res.Values, benchfmt.Value{Value: t.BytesPerOp, Unit: "B/op"}, benchfmt.Value{Value: t.AllocsPerOp, Unit: "allocs/op"})
				if err := bw.Write(res); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// benchName makes a name usable in a benchmark name: no spaces, no "/"
// (which separates sub-benchmarks) and no "=". (A name ending in -digits,
// such as ML-KEM-512, is safe because the GOMAXPROCS suffix always follows
// the last part.) The first name is capitalised, as Go benchmark functions
// are.
func benchName(s string, first bool) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || r == '/' || r == '=' {
			return '_'
		}
		return r
	}, s)
	if first && s != "" {
		s = strings.ToUpper(s[:1]) + s[1:]
	}
	return s
}

// configValue keeps a configuration value on one line.
func configValue(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
