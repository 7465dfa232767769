package report

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/registry"
)

// pluginPage builds report/<plugin>.md: the eight sections a competition
// submission's evaluation shows, for every instance of one plugin.
func (m *model) pluginPage(p *evidence.PluginInfo) *doc {
	d := &doc{plugin: evidence.Safe(p.Name)}
	id := pageID(d.plugin)
	d.h(1, id, "Plugin %s", p.Name)
	d.p(txt("Part of the run ").plus(inline{{text: "summary", summary: true}}, txtf(" (suite %s, started %s).", m.run.Campaign.Suite, m.run.Campaign.Started)))
	m.confinement(d)
	m.basicInfo(d, p, id)
	m.environment(d, p, id)
	m.katResults(d, p, id)
	m.performance(d, p, id)
	m.resources(d, p, id)
	m.transmission(d, p, id)
	m.share(d, p, id)
	m.evidenceIndex(d, p, id)
	return d
}

func (m *model) basicInfo(d *doc, p *evidence.PluginInfo, id string) {
	d.h(2, id+"-1", "1 Basic information")
	t := d.newTable("property", "value")
	t.srow("plugin", p.Name)
	t.srow("version", p.Version)
	t.row(txt("module"), code(p.Module))
	t.row(txt("source"), code(p.Source))
	if p.Shadows != "" {
		t.row(txt("shadows"), txtf("the workspace plugin %s: this prebuilt executable was run instead", p.Shadows))
	}
	t.srow("status", p.Status)
	t.srow("Go", p.GoVersion)
	t.row(txt("executable SHA-256"), code(p.BinarySHA))
	if p.SourceHash != "" {
		t.row(txt("source hash"), code(p.SourceHash))
	}
	for _, k := range sortedKeys(p.Build) {
		t.row(txtf("build %s", k), code(p.Build[k]))
	}
	if len(p.CPUFeatures) > 0 {
		t.srow("CPU features used", strings.Join(p.CPUFeatures, " "))
	}

	d.h(3, id+"-1-instances", "Instances and implementations")
	it := d.newTable("instance", "parameter set", "implementation", "kind", "family", "category:", "operations", "KAT sources", "status")
	for _, in := range p.Instances {
		status := "available"
		if in.Unavailable != "" {
			status = "not built: " + in.Unavailable
		}
		cat := "-"
		if in.Category > 0 {
			cat = strconv.Itoa(in.Category)
		}
		ops := append([]string(nil), in.Ops...)
		sort.SliceStable(ops, func(i, j int) bool { return opLess(ops[i], ops[j]) })
		it.srow(in.ID, in.Name, dash(in.Impl), string(in.Kind), dash(in.Family), cat, strings.Join(ops, ", "), dash(strings.Join(in.KATs, ", ")), status)
	}
	opDocs(d, p)

	if len(p.Deps) > 0 {
		d.h(3, id+"-1-deps", "Versions and dependencies")
		dt := d.newTable("module", "version")
		for _, k := range sortedKeys(p.Deps) {
			dt.row(code(k), code(p.Deps[k]))
		}
	}

	var notes int
	for _, in := range p.Instances {
		notes += len(in.Notes)
	}
	if notes > 0 {
		d.h(3, id+"-1-notes", "Notes")
		nt := d.newTable("instance", "note", "value")
		for _, in := range p.Instances {
			for _, k := range sortedKeys(in.Notes) {
				nt.srow(in.ID, k, in.Notes[k])
			}
		}
	}
	if len(p.Findings) > 0 {
		d.h(3, id+"-1-findings", "Findings")
		var items []inline
		for _, f := range p.Findings {
			if f.Known != "" {
				items = append(items, txtf("%s", KnownLine(f)))
				continue
			}
			items = append(items, txtf("%s", plainFinding(f)))
		}
		d.list(items)
	}
}

func (m *model) environment(d *doc, p *evidence.PluginInfo, id string) {
	c := m.run.Campaign
	e := c.Environment
	d.h(2, id+"-2", "2 Assessment environment")
	d.p(txt("Command: ").plus(code(strings.Join(c.Command, " ")), txtf("; tool %s; started %s.", c.Tool, c.Started)))
	t := d.newTable("property", "value")
	for _, kv := range envRows(e) {
		t.srow(kv[0], kv[1])
	}
	for _, k := range sortedKeys(e.Notes) {
		t.srow("note "+k, e.Notes[k])
	}

	d.h(3, id+"-2-settings", "Settings")
	s := c.Settings
	st := d.newTable("setting", "value")
	st.srow("trials per operation (each a fresh process)", strconv.Itoa(s.Trials))
	st.srow("trial target", Duration(s.TrialTargetSec*1e9))
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
	type group struct {
		key   string
		recs  int
		loads []string
		cpus  map[int32]bool
	}
	groups := map[string]*group{}
	var keys []string
	for _, in := range p.Instances {
		for _, r := range m.records(p.Name, in.ID) {
			s := r.State
			k := strings.Join([]string{s.Governor, s.Turbo, s.SMT, s.PerfParanoid, s.CgroupCPU, s.Kernel, s.CPUModel, strconv.Itoa(s.GOMAXPROCS)}, "\x00")
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
		f := strings.Split(g.key, "\x00")
		var cpus []int
		for c := range g.cpus {
			cpus = append(cpus, int(c))
		}
		sort.Ints(cpus)
		var cs []string
		for _, c := range cpus {
			cs = append(cs, strconv.Itoa(c))
		}
		gt.srow(strconv.Itoa(g.recs), f[0], f[1], f[2], f[3], f[4], f[7], loadRange(g.loads), dash(strings.Join(cs, ", ")))
	}
}

func envRows(e evidence.Environment) [][2]string {
	tsc := "-"
	if e.TSCHz > 0 {
		tsc = Float(e.TSCHz/1e9, 3) + " GHz"
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

func (m *model) katResults(d *doc, p *evidence.PluginInfo, id string) {
	d.h(2, id+"-3", "3 KAT results by source")
	d.p(txt("A generated source passes when the SHA-256 of the file the implementation wrote equals the published digest; a vectors source replays every case, invalid ones included. Provenance: catalog material is the evaluator's, independent of the submitter; declared material ships inside the plugin."))
	for _, in := range p.Instances {
		d.h(3, id+"-3-"+evidence.Safe(in.ID), "%s", in.ID)
		k, ok := m.run.KATFor(p.Name, in.ID)
		if !ok {
			why := "no KAT record in this run"
			if in.Unavailable != "" {
				why += " (not built: " + in.Unavailable + ")"
			}
			d.p(txt(why + "."))
			continue
		}
		d.p(txtf("Overall: %s.", k.Status))
		t := d.newTable("source", "type", "provenance", "status", "records:", "passed:", "failed:", "digest", "published", "origin")
		var first []inline
		for _, r := range k.Results {
			// Digests in full: the page must change if the evidence does.
			digest, want := dash(r.Digest), dash(r.Expected)
			if r.Digest != "" && r.Digest == r.Expected {
				want = "= digest"
			}
			t.row(txt(r.Source), txt(r.Type), txt(dash(r.Provenance)), txt(string(r.Status)), txt(countOrDash(r.Records)), txt(countOrDash(r.Passed)), txt(countOrDash(r.Failed)), code(digest), code(want), txt(dash(r.Origin)))
			if r.Detail != "" {
				first = append(first, txtf("%s: %s", r.Source, r.Detail))
			}
			for i, f := range r.Failures {
				if i == 5 {
					first = append(first, txtf("%s: %d more failures", r.Source, len(r.Failures)-5))
					break
				}
				first = append(first, txtf("%s: %s", r.Source, f))
			}
		}
		if len(first) > 0 {
			d.p(txt("First failures and details:"))
			d.list(first)
		}
	}
}

func (m *model) performance(d *doc, p *evidence.PluginInfo, id string) {
	d.h(2, id+"-4", "4 Performance")
	d.p(txt("Per call: mean cycles and mean time over all n calls, the median of the per-call sample times, ops/s = 1/mean, the median of the trials' medians, the 10th–90th percentile spread; n = trials × timed calls per trial. Calibration: the per-call estimate of the short calibration run, and the samples × calls per sample it chose for each trial. Host-side bounds: per call, what the plugin's samples total beside the timed call's wall-clock time and the CPU time the kernel accounted to the plugin, as the host measured them from outside; a trial outside the bounds is kept in the evidence and left out of every figure."))
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
		cols := []string{"operation", "mean cycles:", "mean time:", "median:", "ops/s:", "median trial:", "p10–p90:", "n = trials × calls:", "calibration:", "host-side bounds:"}
		if sym {
			cols = append(cols, "cycles/byte:", "MB/s:")
		}
		t := d.newTable(cols...)
		cpb := map[string]*lineSeries{}
		for _, r := range recs {
			s := r.Stats
			if r.Error != "" {
				row := []inline{txt(r.Op), txtf("error: %s", firstLine(r.Error))}
				for len(row) < len(cols) {
					row = append(row, nil)
				}
				t.row(row...)
				continue
			}
			row := []inline{txt(r.Op), txt(Count(s.Cycles.Mean)), txt(Duration(s.NS.Mean)), txt(Duration(s.NS.Median)), txt(Count(s.OpsPerSec)),
				txt(Duration(s.MedianTrial)), txtf("%s – %s", Duration(s.NS.P10), Duration(s.NS.P90)), txt(nCalls(r)),
				txtf("%s/call: %d × %d", Duration(r.Calibration.EstimateNS), r.Calibration.Samples, r.Calibration.Batch), hostBounds(r)}
			if sym {
				if r.MsgLen > 0 {
					row = append(row, txt(Float(s.CyclesPerB, 2)), txt(Float(s.MBPerSec, 1)))
				} else {
					row = append(row, txt("-"), txt("-"))
				}
			}
			t.row(row...)
			if headline(string(in.Kind), r.Op) && s.NS.Median > 0 {
				bars = append(bars, barItem{label: in.ID + " " + r.Op, value: s.NS.Median, color: ii})
			}
			if len(s.TrialMedian) > 0 {
				spread = append(spread, spreadRow{label: in.ID + " " + r.Op, values: s.TrialMedian})
			}
			if sym && r.MsgLen > 0 && s.CyclesPerB > 0 && (r.OutLen == 0 || r.OutLen == 32) {
				name := in.ID + " " + r.BaseOp
				ls := cpb[name]
				if ls == nil {
					ls = &lineSeries{name: name}
					cpb[name] = ls
				}
				ls.pts = append(ls.pts, point{float64(r.MsgLen), s.CyclesPerB})
			}
		}
		for _, k := range sortedKeys(cpb) {
			series = append(series, *cpb[k])
		}
	}
	if len(bars) == 0 {
		d.p(txt("No operation of this plugin was measured in this run."))
		return
	}
	d.fig(barChart(bars, Duration), "Median time per operation per instance"+scaleNote(bars))
	if len(series) > 0 {
		note := "log x"
		if lineLogY(series) {
			note = "log x, log y"
		}
		d.fig(lineChart(series), "Median cycles per byte against message length ("+note+")")
	}
	d.fig(spreadChart(spread), "Trial spread: each trial's median against the median of the trials' medians")
}

func (m *model) resources(d *doc, p *evidence.PluginInfo, id string) {
	d.h(2, id+"-5", "5 Resource consumption")
	if len(p.StaticBytes) > 0 {
		d.h(3, id+"-5-static", "Static size")
		d.p(txt("Code and data of the algorithm's own packages in the plugin executable."))
		t := d.newTable("package", "bytes:")
		var total int64
		for _, k := range sortedKeys(p.StaticBytes) {
			t.row(code(k), txt(Count(float64(p.StaticBytes[k]))))
			total += p.StaticBytes[k]
		}
		t.srow("total", Count(float64(total)))
	}
	d.h(3, id+"-5-memory", "Memory per operation")
	d.p(txt("RSS of the plugin process before the timed loop (baseline) and its high-water mark during it (peak), the largest over the trials; heap allocations per call."))
	t := d.newTable("instance", "operation", "baseline RSS:", "peak RSS:", "allocs/op:", "B/op:")
	for _, in := range p.Instances {
		for _, r := range m.records(p.Name, in.ID) {
			if r.Error != "" {
				continue
			}
			s := r.Stats
			t.srow(in.ID, r.Op, kib(s.RSSBaseKiB), kib(s.RSSPeakKiB), Float(s.AllocsPerOp, 2), Float(s.BytesPerOp, 1))
		}
	}
}

func (m *model) transmission(d *doc, p *evidence.PluginInfo, id string) {
	d.h(2, id+"-6", "6 Transmission and storage")
	d.p(txt("Sizes in bytes as the implementation produced them (declared where it was not exercised). Bandwidth: a KEM's public key and ciphertext; a KEX's message of every pass plus each party's public key once; a signature scheme's public key and one signature."))
	t := d.newTable("instance", "pk:", "sk:", "ct:", "sig:", "ss:", "digest:", "key:", "nonce:", "tag:", "bandwidth:")
	var kex []*evidence.InstanceInfo
	for i := range p.Instances {
		in := &p.Instances[i]
		s := sizesOf(in)
		t.srow(in.ID, countOrDash(s.PublicKey), countOrDash(s.SecretKey), countOrDash(s.Ciphertext), countOrDash(s.Signature), countOrDash(s.SharedSecret),
			countOrDash(s.Digest), countOrDash(s.Key), countOrDash(s.Nonce), countOrDash(s.Overhead), countOrDash(bandwidth(in.Kind, s)))
		if in.Kind == registry.KindKEX {
			kex = append(kex, in)
		}
	}
	if len(kex) > 0 {
		d.h(3, id+"-6-kex", "Key-exchange passes")
		kt := d.newTable("instance", "passes:", "message per pass", "messages total:", "public keys (2×):", "bandwidth:")
		for _, in := range kex {
			s := sizesOf(in)
			var per []string
			total := 0
			for i, l := range s.Messages {
				per = append(per, fmt.Sprintf("pass%d %d", i+1, l))
				total += l
			}
			kt.srow(in.ID, strconv.Itoa(len(s.Messages)), dash(strings.Join(per, ", ")), strconv.Itoa(total), strconv.Itoa(2*s.PublicKey), strconv.Itoa(bandwidth(in.Kind, s)))
		}
	}
	var audit int
	for _, in := range p.Instances {
		audit += len(in.Audit)
	}
	if audit > 0 {
		d.h(3, id+"-6-audit", "Size audit")
		d.p(txt("Each size three ways: the catalog's published value, what the instance declared, and what it returned."))
		at := d.newTable("instance", "field", "catalog:", "declared:", "actual:", "agrees", "note")
		for _, in := range p.Instances {
			for _, a := range in.Audit {
				ok := "yes"
				if !a.OK {
					ok = "NO"
				}
				at.srow(in.ID, a.Field, countOrDash(a.Catalog), countOrDash(a.Declared), countOrDash(a.Actual), ok, dash(a.Note))
			}
		}
	}
}

func (m *model) share(d *doc, p *evidence.PluginInfo, id string) {
	d.h(2, id+"-7", "7 Symmetric-primitive share")
	d.p(txt("Share of each operation's CPU time spent in the symmetric helper functions the instance names (from a CPU profile; a sample counts for the outermost helper on its stack), and helper calls per operation."))
	st := d.newTable("instance", "operation", "share:", "profile samples:", "by helper")
	for _, in := range p.Instances {
		for _, r := range m.records(p.Name, in.ID) {
			if r.Share == nil {
				continue
			}
			var by []string
			for _, f := range sortedKeys(r.Share.ByFunc) {
				by = append(by, f+" "+Percent(r.Share.ByFunc[f]))
			}
			st.srow(in.ID, r.Op, Percent(r.Share.Total), strconv.FormatInt(r.Share.Samples, 10), dash(strings.Join(by, "; ")))
		}
	}

	ct := d.newTable("instance", "operation", "helper", "calls/op:")
	for _, in := range p.Instances {
		for _, r := range m.records(p.Name, in.ID) {
			for _, f := range sortedKeys(r.Stats.CallsPerOp) {
				ct.srow(in.ID, r.Op, f, Float(r.Stats.CallsPerOp[f], 2))
			}
		}
	}

}

func (m *model) evidenceIndex(d *doc, p *evidence.PluginInfo, id string) {
	d.h(2, id+"-8", "8 Raw evidence index")
	d.p(txt("Every file of the run directory about this plugin: what this page was computed from, and the other steps' evidence."))
	safe := evidence.Safe(p.Name)
	items := []inline{fileLink("campaign.json", "campaign.json").plus(txt(" (command, settings, environment)")),
		fileLink("plugins/"+safe+".json", "plugins/"+safe+".json").plus(txt(" (description, size audit, findings)"))}
	if _, err := os.Stat(evidence.LogPath(m.run.Dir, p.Name)); err == nil {
		items = append(items, fileLink("logs/"+safe+".log", "logs/"+safe+".log").plus(txt(" (plugin stderr)")))
	}
	items = append(items, m.otherEvidence(safe)...)
	d.list(items)
	t := d.newTable("instance", "KAT", "records", "profiles")
	for _, in := range p.Instances {
		var kat inline
		if _, ok := m.run.KATFor(p.Name, in.ID); ok {
			rel := relPath(m.run.Dir, evidence.KATPath(m.run.Dir, p.Name, in.ID))
			kat = fileLink(rel, rel)
		}
		// Files a failed generated KAT left behind, beside the record.
		kept, _ := filepath.Glob(strings.TrimSuffix(evidence.KATPath(m.run.Dir, p.Name, in.ID), ".json") + ".*.txt")
		sort.Strings(kept)
		for _, k := range kept {
			rel := relPath(m.run.Dir, k)
			kat = kat.plus(txt(" "), fileLink(rel, rel))
		}
		var recs, profs inline
		for _, r := range m.records(p.Name, in.ID) {
			if len(recs) > 0 {
				recs = append(recs, span{text: " "})
			}
			recs = recs.plus(fileLink(r.Op, m.run.Paths[r]))
			if r.Profile != "" {
				if len(profs) > 0 {
					profs = append(profs, span{text: " "})
				}
				profs = profs.plus(fileLink(r.Op, r.Profile))
			}
		}
		t.row(txt(in.ID), kat, recs, profs)
	}
}

// otherEvidence lists the plugin's files in the evidence directories this
// page does not index by instance (robustness counts, and whatever later
// steps add as <step>/<plugin>/... or <step>/<plugin>.json): an index that
// omitted them would not be the index of every file.
func (m *model) otherEvidence(safe string) []inline {
	if m.run.Dir == "" {
		return nil
	}
	known := map[string]bool{"records": true, "kat": true, "profiles": true, "plugins": true, "logs": true, "report": true}
	tops, err := os.ReadDir(m.run.Dir)
	if err != nil {
		return nil
	}
	var out []inline
	for _, top := range tops {
		if !top.IsDir() || known[top.Name()] || strings.HasPrefix(top.Name(), ".") {
			continue
		}
		base := filepath.Join(m.run.Dir, top.Name())
		entries, _ := os.ReadDir(base)
		for _, e := range entries {
			name := e.Name()
			switch {
			case e.IsDir() && name == safe:
				filepath.WalkDir(filepath.Join(base, name), func(p string, de fs.DirEntry, err error) error {
					if err == nil && !de.IsDir() && !strings.HasPrefix(de.Name(), ".") {
						rel := relPath(m.run.Dir, p)
						out = append(out, fileLink(rel, rel))
					}
					return nil
				})
			case !e.IsDir() && strings.TrimSuffix(name, filepath.Ext(name)) == safe:
				rel := relPath(m.run.Dir, filepath.Join(base, name))
				out = append(out, fileLink(rel, rel))
			}
		}
	}
	return out
}

func relPath(dir, p string) string {
	r, err := filepath.Rel(dir, p)
	if err != nil {
		return filepath.ToSlash(p)
	}
	return filepath.ToSlash(r)
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
		return fmt.Sprintf("%d × %s = %s", len(cs), Count(float64(cs[0])), Count(float64(total)))
	}
	return fmt.Sprintf("%d trials, %s", len(cs), Count(float64(total)))
}

func kib(k int64) string {
	if k <= 0 {
		return "-"
	}
	return Float(float64(k)/1024, 1) + " MiB"
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

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func countOrDash(n int) string {
	if n == 0 {
		return "-"
	}
	return strconv.Itoa(n)
}

func plainFinding(f evidence.Finding) string {
	where := f.Plugin
	if f.Instance != "" {
		where += " " + f.Instance
	}
	if f.Op != "" {
		where += " " + f.Op
	}
	return fmt.Sprintf("%s (%s): %s", where, f.What, firstLine(f.Detail))
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
