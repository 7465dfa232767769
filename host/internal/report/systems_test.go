package report

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"crucible.dev/host/internal/evidence"
)

// twoSystems builds two synthetic runs and labels them as two systems, the
// second with the portable path in its dispatch notes.
func twoSystems(t *testing.T) []System {
	t.Helper()
	var out []System
	for _, label := range []string{"x86_1", "x86_1-noavx"} {
		dir := t.TempDir()
		synthRun(t, dir)
		run, err := evidence.Load(dir)
		must(t, err)
		for i := range run.Plugins {
			for j := range run.Plugins[i].Instances {
				in := &run.Plugins[i].Instances[j]
				if in.Notes == nil {
					in.Notes = map[string]string{}
				}
				in.Notes["dispatch"] = map[string]string{"x86_1": "AVX2", "x86_1-noavx": "portable Go"}[label]
			}
		}
		out = append(out, System{Label: label, Run: run, Sum: evidence.Summarize(run)})
	}
	return out
}

func TestSystemsDeterministic(t *testing.T) {
	s := twoSystems(t)
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
	must(t, Write(dir, Systems(twoSystems(t))))
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
	if !strings.Contains(d, "(×1.00)") {
		t.Error("the second system's medians carry no ratio to the first's")
	}
	if os.Getenv("CRUCIBLE_KEEP_SYSTEMS") != "" {
		os.WriteFile(os.Getenv("CRUCIBLE_KEEP_SYSTEMS"), dom, 0o644)
	}
}
