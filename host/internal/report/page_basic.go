package report

import (
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/opkey"
)

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
	t.srow("status", string(p.Status))
	t.srow("Go", p.GoVersion)
	t.row(txt("executable SHA-256"), code(p.BinarySHA))
	if p.SourceHash != "" {
		t.row(txt("source hash"), code(p.SourceHash))
	}
	for _, k := range slices.Sorted(maps.Keys(p.Build)) {
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
		sort.SliceStable(ops, func(i, j int) bool { return opkey.OpLess(ops[i], ops[j]) })
		it.srow(in.ID, in.Name, dash(in.Impl), string(in.Kind), dash(in.Family), cat, strings.Join(ops, ", "), dash(strings.Join(in.KATs, ", ")), status)
	}
	opDocs(d, p)

	if len(p.Deps) > 0 {
		d.h(3, id+"-1-deps", "Versions and dependencies")
		dt := d.newTable("module", "version")
		for _, k := range slices.Sorted(maps.Keys(p.Deps)) {
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
			for _, k := range slices.Sorted(maps.Keys(in.Notes)) {
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
