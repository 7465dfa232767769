package report

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"

	"crucible.dev/host/internal/evidence"
)

// WriteBenchfmt writes a run in the Go benchmark format
// (golang.org/x/perf/benchfmt) so benchstat and other Go tools read it.
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
func WriteBenchfmt(w io.Writer, run *evidence.Run) error {
	bw := bufio.NewWriter(w)
	c := run.Campaign
	e := c.Environment
	procs := e.GOMAXPROCS
	if procs < 1 {
		procs = 1
	}
	cfg := [][2]string{
		{"goos", e.OS}, {"goarch", e.Arch}, {"cpu", e.CPUModel},
		{"go", e.GoVersion}, {"kernel", e.Kernel}, {"governor", e.Governor}, {"turbo", e.Turbo}, {"smt", e.SMT},
		{"trials", strconv.Itoa(c.Settings.Trials)},
	}
	for _, kv := range cfg {
		if v := configValue(kv[1]); v != "" {
			fmt.Fprintf(bw, "%s: %s\n", kv[0], v)
		}
	}
	modules := map[string]string{}
	for _, p := range run.Plugins {
		modules[p.Name] = p.Module
	}
	plugin := "\x00"
	for _, r := range run.Records {
		if r.Error != "" {
			continue
		}
		if r.Plugin != plugin {
			plugin = r.Plugin
			// An empty value removes a key, so a plugin without a module
			// does not inherit the previous one's.
			fmt.Fprintf(bw, "\npkg: %s\n", configValue(modules[r.Plugin]))
		}
		name := fmt.Sprintf("Benchmark%s/instance=%s", benchName(r.Plugin, true), benchName(r.Name, false))
		if r.Impl != "" {
			name += "/impl=" + benchName(r.Impl, false)
		}
		name += fmt.Sprintf("/op=%s-%d", benchName(r.Op, false), procs)
		for _, t := range r.Trials {
			for i, ns := range t.NS {
				if t.Batch <= 0 {
					continue
				}
				b := float64(t.Batch)
				fmt.Fprintf(bw, "%s\t%d\t%s ns/op", name, t.Batch, num(float64(ns)/b))
				if i < len(t.Cycles) {
					fmt.Fprintf(bw, "\t%s cycles/op", num(float64(t.Cycles[i])/b))
				}
				if r.MsgLen > 0 && ns > 0 {
					fmt.Fprintf(bw, "\t%s MB/s", num(float64(r.MsgLen)*b/float64(ns)*1e3))
				}
				fmt.Fprintf(bw, "\t%s B/op\t%s allocs/op\n", num(t.BytesPerOp), num(t.AllocsPerOp))
			}
		}
	}
	return bw.Flush()
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

// num prints a value exactly enough for benchstat and compactly.
func num(x float64) string { return strconv.FormatFloat(x, 'g', 8, 64) }
