package report

import (
	"fmt"
	"html"
	"slices"
	"sort"
	"strings"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/format"
)

// System is one system's dataset: a run and its label.
type System struct {
	Label string
	Run   *evidence.Run
	Sum   *evidence.Summary
}

// Systems renders one page, index.html, over runs from several systems,
// each system a column: what each system is, then per plugin the dispatch
// path, the KAT verdict and every operation's median side by side, with
// each median's ratio to the first system's. Check boxes above the tables
// hide a system's columns (CSS alone: the page runs no script and loads
// nothing). Like Render, the output depends on the evidence alone.
func Systems(systems []System) []evidence.File {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	b.WriteString(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">` + "\n")
	b.WriteString(`<meta name="viewport" content="width=device-width, initial-scale=1">` + "\n")
	b.WriteString(`<link rel="icon" href="data:,">` + "\n")
	labels := make([]string, len(systems))
	for i, s := range systems {
		labels[i] = s.Label
	}
	fmt.Fprintf(&b, "<title>Crucible: %s</title>\n<style>\n%s", html.EscapeString(strings.Join(labels, " · ")), css)
	b.WriteString(".sys-toggle:first-of-type{margin-left:236px}\n.sys-label{margin-right:14px}\n")
	for i := range systems {
		fmt.Fprintf(&b, "#show-%d:not(:checked) ~ main .s%d{display:none}\n", i, i)
	}
	b.WriteString("</style>\n</head>\n<body>\n")
	for i := range systems {
		fmt.Fprintf(&b, "<input type=\"checkbox\" class=\"sys-toggle\" id=\"show-%d\" checked><label class=\"sys-label\" for=\"show-%d\">%s</label>\n", i, i, html.EscapeString(systems[i].Label))
	}
	plugins := systemPlugins(systems)
	b.WriteString("<nav>\n<a href=\"#systems\"><b>Systems</b></a>\n<a href=\"#results\">Results</a>\n")
	for _, p := range plugins {
		fmt.Fprintf(&b, "<a class=\"sub\" href=\"#%s\">%s</a>\n", pageID(evidence.Safe(p)), html.EscapeString(p))
	}
	b.WriteString("</nav>\n<main>\n")
	fmt.Fprintf(&b, "<h1 id=\"systems\">Crucible: %s</h1>\n", html.EscapeString(strings.Join(labels, " · ")))
	b.WriteString("<p>One dataset per system, side by side: each column is one system's run. A ratio compares a median (over the trials' medians) with the first system's, or reads \"tie\" where the confidence intervals of the two medians overlap.</p>\n")
	systemTable(&b, systems)
	b.WriteString("<h2 id=\"results\">Results</h2>\n")
	sysTable(&b, systems, true, []string{"plugin", "instance", "operation"}, func(row func(key []string, cell func(i int) string)) {
		for _, k := range opKeys(systems, "") {
			row(k, func(i int) string { return sysMedian(systems, i, k) })
		}
	})
	for _, p := range plugins {
		fmt.Fprintf(&b, "<section id=\"s-%s\">\n<h1 id=\"%s\">Plugin %s</h1>\n", evidence.Safe(p), pageID(evidence.Safe(p)), html.EscapeString(p))
		b.WriteString("<h2>Dispatch</h2>\n")
		sysTable(&b, systems, false, []string{"instance"}, func(row func(key []string, cell func(i int) string)) {
			for _, id := range instanceIDs(systems, p) {
				row([]string{id}, func(i int) string {
					if in := instanceInfo(systems[i].Run, p, id); in != nil {
						return html.EscapeString(in.Notes["dispatch"])
					}
					return ""
				})
			}
		})
		b.WriteString("<h2>KAT</h2>\n")
		sysTable(&b, systems, false, []string{"instance"}, func(row func(key []string, cell func(i int) string)) {
			for _, id := range instanceIDs(systems, p) {
				row([]string{id}, func(i int) string {
					if in := instanceSummary(systems[i].Sum, p, id); in != nil {
						return html.EscapeString(string(in.KAT))
					}
					return ""
				})
			}
		})
		b.WriteString("<h2>Performance</h2>\n")
		sysTable(&b, systems, true, []string{"instance", "operation"}, func(row func(key []string, cell func(i int) string)) {
			for _, k := range opKeys(systems, p) {
				row(k[1:], func(i int) string { return sysMedian(systems, i, k) })
			}
		})
		b.WriteString("</section>\n")
	}
	b.WriteString("</main>\n</body>\n</html>\n")
	return []evidence.File{{Path: "index.html", Data: []byte(b.String())}}
}

// systemTable describes each system: its run and host state.
func systemTable(b *strings.Builder, systems []System) {
	rows := []struct {
		name string
		get  func(c evidence.Campaign) string
	}{
		{"run", func(c evidence.Campaign) string { return c.Started + " " + c.Suite }},
		{"CPU model", func(c evidence.Campaign) string { return c.Environment.CPUModel }},
		{"architecture", func(c evidence.Campaign) string { return c.Environment.OS + "/" + c.Environment.Arch }},
		{"CPUs", func(c evidence.Campaign) string { return fmt.Sprint(c.Environment.CPUs) }},
		{"Go", func(c evidence.Campaign) string { return c.Environment.GoVersion }},
		{"governor, turbo, SMT", func(c evidence.Campaign) string {
			e := c.Environment
			return e.Governor + ", " + e.Turbo + ", " + e.SMT
		}},
		{"trials × target", func(c evidence.Campaign) string {
			return fmt.Sprintf("%d × %.3g s", c.Settings.Trials, c.Settings.TrialTargetSec)
		}},
	}
	sysTable(b, systems, false, []string{""}, func(row func(key []string, cell func(i int) string)) {
		for _, r := range rows {
			row([]string{r.name}, func(i int) string { return html.EscapeString(r.get(systems[i].Run.Campaign)) })
		}
	})
}

// sysTable writes a table whose first columns are keys and then one
// column per system, classed s<i> so that its check box can hide it
// (and r, right-aligned, when numeric).
// Cells are HTML already escaped.
func sysTable(b *strings.Builder, systems []System, numeric bool, keys []string, rows func(row func(key []string, cell func(i int) string))) {
	b.WriteString("<div class=\"tw\"><table class=\"systems\">\n<thead><tr>")
	for _, k := range keys {
		b.WriteString("<th>" + html.EscapeString(k) + "</th>")
	}
	for i, s := range systems {
		fmt.Fprintf(b, "<th class=\"s%d\">%s</th>", i, html.EscapeString(s.Label))
	}
	b.WriteString("</tr></thead>\n<tbody>\n")
	rows(func(key []string, cell func(i int) string) {
		b.WriteString("<tr>")
		for _, k := range key {
			b.WriteString("<td>" + html.EscapeString(k) + "</td>")
		}
		for i := range systems {
			class := fmt.Sprintf("s%d", i)
			if numeric {
				class = "r " + class
			}
			fmt.Fprintf(b, "<td class=\"%s\">%s</td>", class, cell(i))
		}
		b.WriteString("</tr>\n")
	})
	b.WriteString("</tbody></table></div>\n")
}

// sysMedian is system i's median of (plugin, instance, op), with its
// ratio to the first system's where both measured it.
func sysMedian(systems []System, i int, k []string) string {
	o, ok := opOf(systems[i].Sum, k)
	if !ok {
		return "—"
	}
	if o.Error != "" {
		return "error"
	}
	s := html.EscapeString(format.Duration(o.MedianNS))
	if base, ok := opOf(systems[0].Sum, k); i > 0 && measured(base, ok) && o.MedianNS > 0 {
		s += " (" + versus(o, base) + ")"
	}
	return s
}

func opOf(sum *evidence.Summary, k []string) (evidence.OpSummary, bool) {
	in := instanceSummary(sum, k[0], k[1])
	if in == nil {
		return evidence.OpSummary{}, false
	}
	o, ok := in.Ops[k[2]]
	return o, ok
}

// opKeys lists (plugin, instance, op) over all systems, of one plugin
// unless plugin is "".
func opKeys(systems []System, plugin string) [][]string {
	seen := map[[3]string]bool{}
	var out [][]string
	for _, s := range systems {
		for _, in := range s.Sum.Instances {
			if plugin != "" && in.Plugin != plugin {
				continue
			}
			for op := range in.Ops {
				if k := [3]string{in.Plugin, in.ID, op}; !seen[k] {
					seen[k] = true
					out = append(out, []string{in.Plugin, in.ID, op})
				}
			}
		}
	}
	slices.SortFunc(out, slices.Compare)
	return out
}

// systemPlugins lists the plugins of all systems, sorted.
func systemPlugins(systems []System) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range systems {
		for _, in := range s.Sum.Instances {
			if !seen[in.Plugin] {
				seen[in.Plugin] = true
				out = append(out, in.Plugin)
			}
		}
	}
	sort.Strings(out)
	return out
}

// instanceIDs lists a plugin's instances over all systems, sorted.
func instanceIDs(systems []System, plugin string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range systems {
		for _, in := range s.Sum.Instances {
			if in.Plugin == plugin && !seen[in.ID] {
				seen[in.ID] = true
				out = append(out, in.ID)
			}
		}
	}
	sort.Strings(out)
	return out
}

func instanceSummary(sum *evidence.Summary, plugin, id string) *evidence.InstanceSummary {
	for i := range sum.Instances {
		if sum.Instances[i].Plugin == plugin && sum.Instances[i].ID == id {
			return &sum.Instances[i]
		}
	}
	return nil
}

func instanceInfo(run *evidence.Run, plugin, id string) *evidence.InstanceInfo {
	for i := range run.Plugins {
		if run.Plugins[i].Name != plugin {
			continue
		}
		for j := range run.Plugins[i].Instances {
			if run.Plugins[i].Instances[j].ID == id {
				return &run.Plugins[i].Instances[j]
			}
		}
	}
	return nil
}
