package report

import (
	"maps"
	"slices"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/format"
)

func (m *model) resources(d *doc, p *evidence.PluginInfo, id string) {
	d.h(2, id+"-5", "5 Resource consumption")
	if len(p.StaticBytes) > 0 {
		d.h(3, id+"-5-static", "Static size")
		d.p(txt("Code and data of the algorithm's own packages in the plugin executable."))
		t := d.newTable("package", "bytes:")
		var total int64
		for _, k := range slices.Sorted(maps.Keys(p.StaticBytes)) {
			t.row(code(k), txt(format.Count(float64(p.StaticBytes[k]))))
			total += p.StaticBytes[k]
		}
		t.srow("total", format.Count(float64(total)))
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
			t.srow(in.ID, r.Op, kib(s.RSSBaseKiB), kib(s.RSSPeakKiB), format.Float(s.AllocsPerOp, 2), format.Float(s.BytesPerOp, 1))
		}
	}
}

func kib(k int64) string {
	if k <= 0 {
		return "-"
	}
	return format.Float(float64(k)/1024, 1) + " MiB"
}
