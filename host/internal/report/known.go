package report

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"crucible.dev/host/internal/evidence"
)

// SplitFindings separates new findings from known (reviewed) ones.
func SplitFindings(fs []evidence.Finding) (fresh, known []evidence.Finding) {
	for _, f := range fs {
		if f.Known != "" {
			known = append(known, f)
		} else {
			fresh = append(fresh, f)
		}
	}
	return fresh, known
}

// NotBuiltLine is an optional part of a plugin that has nothing to run
// here, with the instances it leaves out and what would build it.
type NotBuiltLine struct {
	Plugin    string
	Instances []string
	Why       string
}

// NotBuilt groups the instances a run could not build by plugin and reason,
// so each reason is listed once rather than as a row per instance.
func NotBuilt(s *evidence.Summary) []NotBuiltLine {
	idx := map[[2]string]int{}
	var out []NotBuiltLine
	for _, in := range s.Instances {
		if in.KAT != "not built" {
			continue
		}
		why := strings.TrimPrefix(in.Note, "not built: ")
		k := [2]string{in.Plugin, why}
		i, ok := idx[k]
		if !ok {
			i = len(out)
			idx[k] = i
			out = append(out, NotBuiltLine{Plugin: in.Plugin, Why: why})
		}
		out[i].Instances = append(out[i].Instances, in.ID)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Plugin < out[j].Plugin })
	return out
}

// String is the line: "not built: plugin (instances): why".
func (l NotBuiltLine) String() string {
	return fmt.Sprintf("not built: %s (%s): %s", l.Plugin, strings.Join(l.Instances, ", "), l.Why)
}

// KnownLine is a known finding on one line with its reason and link.
func KnownLine(f evidence.Finding) string {
	s := plainFinding(f) + "; known: " + f.Known
	if f.Link != "" {
		s += " (" + f.Link + ")"
	}
	return s
}

// Outcome prints the end of a run after its table: the optional parts not
// built, the known findings, the known findings that no longer occur, and
// the new findings with the problems that keep the run from a clean exit.
// It returns how many new findings and problems there are.
func Outcome(w io.Writer, s *evidence.Summary, problems []string) int {
	if nb := NotBuilt(s); len(nb) > 0 {
		fmt.Fprintln(w)
		for _, l := range nb {
			fmt.Fprintln(w, l)
		}
	}
	fresh, known := SplitFindings(s.Findings)
	if len(known) > 0 {
		fmt.Fprintf(w, "\n%s (reviewed in the catalog; they do not change the exit status):\n", plural(len(known), "known finding"))
		for _, f := range known {
			fmt.Fprintln(w, "  "+KnownLine(f))
		}
	}
	if len(s.Resolved) > 0 {
		fmt.Fprintf(w, "\nknown findings that no longer occur (remove them from the catalog):\n")
		for _, r := range s.Resolved {
			fmt.Fprintln(w, "  "+r)
		}
	}
	n := len(fresh) + len(problems)
	if n > 0 {
		fmt.Fprintf(w, "\n%s:\n", plural(n, "new finding"))
		for _, f := range fresh {
			fmt.Fprintln(w, "  "+plainFinding(f))
		}
		for _, p := range problems {
			fmt.Fprintln(w, "  "+p)
		}
	}
	return n
}

// plural is "1 thing" or "n things".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// katCell is an instance's KAT status as tables show it, with "declared"
// beside a pass that rests on the plugin's own material alone.
func katCell(in evidence.InstanceSummary) string {
	if in.KATFrom == "declared" {
		return string(in.KAT) + " (declared)"
	}
	return string(in.KAT)
}

// outcomeSections adds to summary.md what the run's exit status rests on:
// the parts not built, the new findings, the known ones and the known ones
// that no longer occur.
func outcomeSections(d *doc, s *evidence.Summary) {
	if nb := NotBuilt(s); len(nb) > 0 {
		d.h(2, "summary-not-built", "Not built")
		var items []inline
		for _, l := range nb {
			items = append(items, txtf("%s", strings.TrimPrefix(l.String(), "not built: ")))
		}
		d.list(items)
	}
	fresh, known := SplitFindings(s.Findings)
	if len(fresh) > 0 {
		d.h(2, "summary-findings", "Findings")
		var items []inline
		for _, f := range fresh {
			items = append(items, txtf("%s", plainFinding(f)))
		}
		d.list(items)
	}
	if len(known) > 0 {
		d.h(2, "summary-known", "Known findings")
		d.p(txt("Reviewed findings the catalog records, with the reason; they do not change the exit status."))
		var items []inline
		for _, f := range known {
			items = append(items, txtf("%s", KnownLine(f)))
		}
		d.list(items)
	}
	if len(s.Resolved) > 0 {
		d.h(2, "summary-resolved", "Known findings that no longer occur")
		var items []inline
		for _, r := range s.Resolved {
			items = append(items, txtf("%s", r))
		}
		d.list(items)
	}
}
