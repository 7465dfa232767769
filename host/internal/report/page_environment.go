package report

import (
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/format"
)

func (m *model) environment(d *doc, p *evidence.PluginInfo, id string) {
	c := m.run.Campaign
	e := c.Environment
	d.h(2, id+"-2", "2 Assessment environment")
	d.p(txt("Command: ").plus(code(strings.Join(c.Command, " ")), txtf("; tool %s; started %s.", c.Tool, c.Started)))
	t := d.newTable("property", "value")
	for _, kv := range envRows(e) {
		t.srow(kv[0], kv[1])
	}
	for _, k := range slices.Sorted(maps.Keys(e.Notes)) {
		t.srow("note "+k, e.Notes[k])
	}

	d.h(3, id+"-2-settings", "Settings")
	s := c.Settings
	st := d.newTable("setting", "value")
	st.srow("trials per operation (each a fresh process)", strconv.Itoa(s.Trials))
	st.srow("trial target", format.Duration(s.TrialTargetSec*1e9))
	if s.Iterations > 0 {
		st.srow("fixed calls per trial", strconv.FormatInt(s.Iterations, 10))
	}
	st.srow("minimum calls per trial", strconv.FormatInt(s.MinCalls, 10))
	cpu := "not pinned"
	if s.CPU >= 0 {
		cpu = strconv.Itoa(s.CPU)
	}
	st.srow("CPU pinning", cpu)
	st.srow("long KAT variants", strconv.FormatBool(s.Long))
	st.srow("CPU profiles", strconv.FormatBool(s.Profile))
	if s.Shard != "" {
		st.srow("shard", s.Shard)
	}
	var lens []string
	for _, l := range s.MsgLens {
		lens = append(lens, strconv.Itoa(l))
	}
	st.srow("message lengths (bytes)", dash(strings.Join(lens, ", ")))

	// The state each record was measured in: records that share every
	// timing-relevant setting are one row, with the load averages seen.
	type state struct {
		governor, turbo, smt, paranoid, cgroup, kernel, cpu string
		procs                                               int
	}
	type group struct {
		key   state
		recs  int
		loads []string
		cpus  map[int32]bool
	}
	groups := map[state]*group{}
	var keys []state
	for _, in := range p.Instances {
		for _, r := range m.records(p.Name, in.ID) {
			s := r.State
			k := state{s.Governor, s.Turbo, s.SMT, s.PerfParanoid, s.CgroupCPU, s.Kernel, s.CPUModel, s.GOMAXPROCS}
			g := groups[k]
			if g == nil {
				g = &group{key: k, cpus: map[int32]bool{}}
				groups[k] = g
				keys = append(keys, k)
			}
			g.recs++
			if s.Load != "" {
				g.loads = append(g.loads, firstField(s.Load))
			}
			for _, tr := range r.Trials {
				g.cpus[tr.CPU] = true
			}
		}
	}
	if len(keys) == 0 {
		return
	}
	d.h(3, id+"-2-state", "State the records were measured in")
	gt := d.newTable("records:", "governor", "turbo", "SMT", "perf_event_paranoid", "cgroup cpu.max", "GOMAXPROCS:", "1-min load (min–max)", "CPUs the trials ran on")
	for _, k := range keys {
		g := groups[k]
		var cpus []int
		for c := range g.cpus {
			cpus = append(cpus, int(c))
		}
		sort.Ints(cpus)
		var cs []string
		for _, c := range cpus {
			cs = append(cs, strconv.Itoa(c))
		}
		k := g.key
		gt.srow(strconv.Itoa(g.recs), k.governor, k.turbo, k.smt, k.paranoid, k.cgroup, strconv.Itoa(k.procs), loadRange(g.loads), dash(strings.Join(cs, ", ")))
	}
}

func envRows(e evidence.Environment) [][2]string {
	tsc := "-"
	if e.TSCHz > 0 {
		tsc = format.Float(e.TSCHz/1e9, 3) + " GHz"
	}
	return [][2]string{
		{"hostname", e.Hostname},
		{"CPU model", e.CPUModel},
		{"logical CPUs", strconv.Itoa(e.CPUs)},
		{"CPU flags", strings.Join(e.CPUFlags, " ")},
		{"kernel", e.Kernel},
		{"OS/arch", e.OS + "/" + e.Arch},
		{"Go", e.GoVersion},
		{"GOMAXPROCS", strconv.Itoa(e.GOMAXPROCS)},
		{"frequency governor", e.Governor},
		{"turbo", e.Turbo},
		{"SMT", e.SMT},
		{"perf_event_paranoid", e.PerfParanoid},
		{"load average at start", e.Load},
		{"cgroup cpu.max", e.CgroupCPU},
		{"TSC frequency", tsc},
	}
}

func loadRange(ls []string) string {
	if len(ls) == 0 {
		return "-"
	}
	lo, hi := ls[0], ls[0]
	lf, hf := parseF(lo), parseF(hi)
	for _, l := range ls[1:] {
		f := parseF(l)
		if f < lf {
			lo, lf = l, f
		}
		if f > hf {
			hi, hf = l, f
		}
	}
	if lo == hi {
		return lo
	}
	return lo + " – " + hi
}

func parseF(s string) float64 {
	f, _ := strconv.ParseFloat(s, 64)
	return f
}

func firstField(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return s
}
