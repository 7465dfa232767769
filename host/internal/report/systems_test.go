package report

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/evidence/evidencetest"
)

// twoSystems builds two synthetic runs and labels them as two systems, the
// second with the portable path in its dispatch notes and its medians and
// their intervals slow times the first's.
func twoSystems(t *testing.T, slow float64) []System {
	t.Helper()
	var out []System
	for _, label := range []string{"x86_1", "x86_1-noavx"} {
		dir := t.TempDir()
		evidencetest.Run(t, dir)
		run := evidencetest.Load(t, dir)
		for i := range run.Plugins {
			for j := range run.Plugins[i].Instances {
				in := &run.Plugins[i].Instances[j]
				if in.Notes == nil {
					in.Notes = map[string]string{}
				}
				in.Notes["dispatch"] = map[string]string{"x86_1": "AVX2", "x86_1-noavx": "portable Go"}[label]
			}
		}
		sum := evidence.Summarize(run)
		if label == "x86_1-noavx" {
			for i := range sum.Instances {
				for op, o := range sum.Instances[i].Ops {
					o.MedianNS, o.CILowNS, o.CIHighNS = slow*o.MedianNS, slow*o.CILowNS, slow*o.CIHighNS
					sum.Instances[i].Ops[op] = o
				}
			}
		}
		out = append(out, System{Label: label, Run: run, Sum: sum})
	}
	return out
}

// TestSystemsTie: two systems whose medians' intervals overlap read
// "tie", not a ratio that ranks noise.
func TestSystemsTie(t *testing.T) {
	h := string(Systems(twoSystems(t, 1.001))[0].Data)
	if !strings.Contains(h, "(tie)") || strings.Contains(h, "(×") {
		t.Error("overlapping intervals are ranked by a ratio")
	}
	h = string(Systems(twoSystems(t, 1.5))[0].Data)
	if strings.Contains(h, "(tie)") || !strings.Contains(h, "(×1.50)") {
		t.Error("disjoint intervals read as a tie")
	}
}

func TestSystemsDeterministic(t *testing.T) {
	s := twoSystems(t, 1.5)
	a, b := Systems(s), Systems(s)
	if len(a) != 1 || !bytes.Equal(a[0].Data, b[0].Data) {
		t.Fatal("two renderings of the same runs differ")
	}
}

// TestSystemsInChromium opens the site over two systems in headless
// Chromium: every table has a column per system, both labels head them,
// each plugin has its section, the second system's medians carry their
// ratio to the first's, and the page logs nothing to the console.
func TestSystemsInChromium(t *testing.T) {
	bin := chromium(t)
	dir := t.TempDir()
	must(t, evidence.WriteFiles(dir, Systems(twoSystems(t, 1.5))))
	dom, stderr := headless(t, bin, "file://"+filepath.ToSlash(filepath.Join(dir, "index.html")), "--dump-dom")
	if m := consoleLine.FindAll(stderr, -1); len(m) > 0 {
		t.Errorf("the systems page logged to the console:\n%s", bytes.Join(m, []byte("\n")))
	}
	d := string(dom)
	tables := strings.Count(d, `<table class="systems">`)
	if tables < 2 {
		t.Fatalf("DOM has %d system tables", tables)
	}
	for i, label := range []string{"x86_1", "x86_1-noavx"} {
		head := `<th class="s` + string(rune('0'+i)) + `">` + label + `</th>`
		if n := strings.Count(d, head); n != tables {
			t.Errorf("%d of %d tables have the column %s", n, tables, head)
		}
		if !strings.Contains(d, `<input type="checkbox" class="sys-toggle" id="show-`+string(rune('0'+i))+`" checked="">`) {
			t.Errorf("no check box for %s", label)
		}
	}
	for _, p := range []string{"toykem"} {
		if !strings.Contains(d, `<h1 id="p-`+p+`">Plugin `+p+`</h1>`) {
			t.Errorf("DOM lacks the %s section", p)
		}
	}
	if n := strings.Count(d, `<td class="r s0">`); n == 0 || n != strings.Count(d, `<td class="r s1">`) {
		t.Errorf("%d cells of the first system, %d of the second", n, strings.Count(d, `<td class="r s1">`))
	}
	if !strings.Contains(d, `<td class="s0">AVX2</td><td class="s1">portable Go</td>`) {
		t.Error("the dispatch table does not show each system's path beside the other's")
	}
	if !strings.Contains(d, "(×1.50)") {
		t.Error("the second system's medians carry no ratio to the first's")
	}
	if os.Getenv("CRUCIBLE_KEEP_SYSTEMS") != "" {
		os.WriteFile(os.Getenv("CRUCIBLE_KEEP_SYSTEMS"), dom, 0o644)
	}
}

// TestRatioCell: the fastest of three reads "tie" with the one whose
// interval overlaps its own, and the distinct one gets its ratio.
func TestRatioCell(t *testing.T) {
	os := []evidence.OpSummary{
		{MedianNS: 100, CILowNS: 95, CIHighNS: 105, Trials: 5},
		{MedianNS: 103, CILowNS: 101, CIHighNS: 110, Trials: 5},
		{MedianNS: 200, CILowNS: 190, CIHighNS: 210, Trials: 5},
	}
	ok := []bool{true, true, true}
	best := fastest(os, ok)
	var got []string
	for i := range os {
		got = append(got, ratioCell(os, ok, i, best))
	}
	if strings.Join(got, ",") != "tie,tie,×2.00" {
		t.Errorf("ratios %v", got)
	}
	os[1].CILowNS = 106
	if r := ratioCell(os, ok, 0, best); r != "×1.00" {
		t.Errorf("fastest with nothing tied: %q", r)
	}
}
