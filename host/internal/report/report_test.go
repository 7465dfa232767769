package report

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/evidence/evidencetest"
)

var must = evidencetest.Must

func TestRenderPagesAndDeterminism(t *testing.T) {
	dir := t.TempDir()
	evidencetest.Run(t, dir)
	first := evidencetest.Render(t, dir, Render)
	names := map[string]bool{}
	for _, f := range first {
		names[f.Path] = true
	}
	for _, want := range []string{"summary.md", "report/toykem.md", "report/toykex.md", "report/toyhash.md", "report/index.html"} {
		if !names[want] {
			t.Errorf("rendering lacks %s (has %v)", want, names)
		}
	}
	// A second load and render gives the same bytes: no map order, no clock.
	run := evidencetest.Load(t, dir)
	second := Render(run, evidence.Summarize(run))
	if len(second) != len(first) {
		t.Fatalf("second rendering has %d files, first %d", len(second), len(first))
	}
	for i := range first {
		if first[i].Path != second[i].Path || !bytes.Equal(first[i].Data, second[i].Data) {
			t.Errorf("%s: rendering is not deterministic", first[i].Path)
		}
	}

	page := evidencetest.Read(t, dir, "report/toykem.md")
	for _, sec := range []string{"## 1 Basic information", "## 2 Assessment environment", "## 3 KAT results by source", "## 4 Performance",
		"## 5 Resource consumption", "## 6 Transmission and storage", "## 7 Symmetric-primitive share", "## 8 Raw evidence index"} {
		if !strings.Contains(page, "\n"+sec+"\n") {
			t.Errorf("toykem.md lacks section %q", sec)
		}
	}
	// Section 4's n column and a record link of section 8.
	if !strings.Contains(page, "5 × 40 = 200") {
		t.Errorf("toykem.md: n is not shown as trials × calls (5 × 40 = 200)")
	}
	if !strings.Contains(page, "(../records/toykem/Toy-512_fast/keygen.json)") {
		t.Errorf("toykem.md: evidence index lacks the keygen record link")
	}
	if !strings.Contains(page, "12,345") {
		t.Errorf("toykem.md: static size missing")
	}
	kex := evidencetest.Read(t, dir, "report/toykex.md")
	// Two passes of 32 and 48 bytes plus both parties' 32-byte keys.
	if !regexp.MustCompile(`\| ToyKEX \| 2 \| pass1 32, pass2 48 \| 80 \| 64 \| 144 \|`).MatchString(kex) {
		t.Errorf("toykex.md: KEX passes and bandwidth row missing:\n%s", kex)
	}
	if !strings.Contains(kex, "[robust/toykex/ToyKEX.json](../robust/toykex/ToyKEX.json)") {
		t.Errorf("toykex.md: evidence index lacks the robustness file")
	}
	if strings.Contains(page, "robust/") {
		t.Errorf("toykem.md lists another plugin's evidence")
	}
	if !strings.Contains(kex, "rfc: case 3: wrong shared secret") {
		t.Errorf("toykex.md: first KAT failure not shown")
	}
	hash := evidencetest.Read(t, dir, "report/toyhash.md")
	if !strings.Contains(hash, "| ToyHash | hash@1024 | 80.0% | 100 | toy.compress 80.0% |") {
		t.Errorf("toyhash.md: hash share row missing:\n%s", hash)
	}
	if !strings.Contains(hash, "| ToyHash | hash@65536 | toy.compress | 1025.00 |") {
		t.Errorf("toyhash.md: calls per op row missing")
	}

	sum := evidencetest.Read(t, dir, "summary.md")
	for _, sec := range []string{"## Parameter sets side by side", "## Implementations side by side", "## Across families by security category",
		"### Category 1: KEMs", "### Category 5: KEMs", "## Symmetric primitives: cycles per byte against message length"} {
		if !strings.Contains(sum, sec) {
			t.Errorf("summary.md lacks %q", sec)
		}
	}
	// Parameter sets in natural order, rows = sets, columns = operations.
	if i, j := strings.Index(sum, "| Toy-512 | 1 |"), strings.Index(sum, "| Toy-1024 | 5 |"); i < 0 || j < 0 || i > j {
		t.Errorf("summary.md: parameter-set table rows missing or out of order")
	}
	// The slow implementation is three times the fast one.
	if !strings.Contains(sum, "(×3.00)") {
		t.Errorf("summary.md: implementation ratio missing")
	}
	if !strings.Contains(sum, "[toykem](report/toykem.md)") {
		t.Errorf("summary.md: no link to the plugin page")
	}
}

func TestHTMLSelfContained(t *testing.T) {
	dir := t.TempDir()
	evidencetest.Run(t, dir)
	evidencetest.Render(t, dir, Render)
	h := evidencetest.Read(t, dir, "report/index.html")
	for _, class := range []string{`class="chart bar-chart"`, `class="chart line-chart"`, `class="chart spread-chart"`} {
		if !strings.Contains(h, class) {
			t.Errorf("index.html lacks a %s", class)
		}
	}
	// Nothing is fetched: no script or stylesheet sources, and the only URL
	// is the SVG namespace (which is a name, not a fetch).
	stripped := strings.ReplaceAll(h, `xmlns="http://www.w3.org/2000/svg"`, "")
	for _, bad := range []string{"http://", "https://", "<script", "src=", "@import", "url("} {
		if strings.Contains(stripped, bad) {
			t.Errorf("index.html contains %q", bad)
		}
	}
	// Every plugin's eight sections appear as in the Markdown.
	for _, id := range []string{"p-toykem-1", "p-toykem-8", "p-toyhash-7", "summary-sets", "summary-categories"} {
		if !strings.Contains(h, `id="`+id+`"`) {
			t.Errorf("index.html lacks section %s", id)
		}
	}
	// toykex's operations span 5 ns to 90 µs: its bar chart is logarithmic.
	if !strings.Contains(h, "Median time per operation per instance (log scale)") {
		t.Errorf("wide-ranging bars were not put on a log scale")
	}
}

func TestNiceAndOrder(t *testing.T) {
	for _, c := range []struct{ in, want float64 }{{0.7, 1}, {1, 1}, {1.2, 2}, {3, 5}, {7, 10}, {130, 200}} {
		if got := niceCeil(c.in); got != c.want {
			t.Errorf("niceCeil(%v) = %v, want %v", c.in, got, c.want)
		}
	}
	if !natLess("ML-KEM-512", "ML-KEM-1024") || natLess("ML-KEM-1024", "ML-KEM-768") || !natLess("sntrup653", "sntrup1013") {
		t.Error("natLess does not order digit runs as numbers")
	}
	a := newAxis(5, 90000, true)
	if !a.log || a.lo != 1 || a.hi != 100000 {
		t.Errorf("axis over 5..90000 = %+v, want log 1..1e5", a)
	}
	if l := newAxis(20, 60, true); l.log || l.lo != 0 || l.hi != 100 {
		t.Errorf("axis over 20..60 = %+v, want linear 0..100", l)
	}
}
