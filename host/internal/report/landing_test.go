package report

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"crucible.dev/host/internal/evidence/evidencetest"
)

// TestIndexLeadsWithComparisons: index.html's summary opens on the
// comparisons and charts; the table of every operation comes after all
// of them.
func TestIndexLeadsWithComparisons(t *testing.T) {
	dir := t.TempDir()
	evidencetest.Run(t, dir)
	evidencetest.Render(t, dir, Render)
	page := evidencetest.Read(t, dir, "report/index.html")
	summary := page[strings.Index(page, `<section id="s-summary">`):]
	summary = summary[:strings.Index(summary, "</section>")]
	var ids []string
	for _, m := range regexp.MustCompile(`<h2 id="([^"]+)"`).FindAllStringSubmatch(summary, -1) {
		ids = append(ids, m[1])
	}
	pos := map[string]int{}
	for i, id := range ids {
		pos[id] = i
	}
	for _, want := range []string{"summary-sets", "summary-landscape", "summary-results"} {
		if _, ok := pos[want]; !ok {
			t.Fatalf("summary lacks section %s (has %v)", want, ids)
		}
	}
	if ids[0] != "summary-sets" {
		t.Errorf("summary opens on %s, want the parameter sets side by side (sections %v)", ids[0], ids)
	}
	if pos["summary-results"] != len(ids)-1 {
		t.Errorf("the full results table is not last: sections %v", ids)
	}
	if strings.Index(summary, `class="chart scatter-chart"`) > strings.Index(summary, `id="summary-results"`) {
		t.Error("the landscape charts come after the full table")
	}
}

var (
	legendRe = regexp.MustCompile(`<rect class="key" x="[0-9.]+" y="[0-9.]+" width="10" height="10" fill="(#[0-9a-f]+)"/>\n<text class="legend" x="[0-9.]+" y="[0-9.]+">([^<]+)</text>`)
	dotRe    = regexp.MustCompile(`<circle class="dot" cx="([0-9.]+)" cy="([0-9.]+)" r="4" fill="(#[0-9a-f]+)"`)
	labelRe  = regexp.MustCompile(`<text class="point-label" x="([0-9.-]+)" y="([0-9.-]+)" textLength="([0-9.]+)"[^>]*>([^<]+)</text>`)
)

// TestCategoryColoursAcrossCharts: a KEM chart with categories 1 and 3
// and a signature chart with none and 2 give each category one colour,
// the same in both charts (the table's), and no two categories share one.
func TestCategoryColoursAcrossCharts(t *testing.T) {
	kem := scatterChart([]scatterPoint{{label: "a", x: 800, y: 3e4, group: 1}, {label: "b", x: 2000, y: 9e4, group: 3}}, "bytes", "time")
	sig := scatterChart([]scatterPoint{{label: "c", x: 96, y: 5e4, group: 0}, {label: "d", x: 3000, y: 2e5, group: 2}}, "bytes", "time")
	byName, byColour := map[string]string{}, map[string]string{}
	for _, svg := range []string{kem, sig} {
		for _, m := range legendRe.FindAllStringSubmatch(svg, -1) {
			colour, name := m[1], m[2]
			if c, ok := byName[name]; ok && c != colour {
				t.Errorf("%s is %s in one chart and %s in another", name, c, colour)
			}
			if n, ok := byColour[colour]; ok && n != name {
				t.Errorf("%s means both %s and %s", colour, n, name)
			}
			byName[name], byColour[colour] = colour, name
		}
	}
	if len(byName) != 4 {
		t.Fatalf("legends name %v, want four categories", byName)
	}
	for c := 0; c <= 3; c++ {
		if byName[categoryName(c)] != categoryColour(c) {
			t.Errorf("%s drawn %s, the table says %s", categoryName(c), byName[categoryName(c)], categoryColour(c))
		}
	}
}

// cluster is a landscape as crowded as a full run's: near-identical
// secp256k1 points and ML-KEM-768 beside sntrup.
func cluster() []scatterPoint {
	pts := []scatterPoint{
		{label: "ML-KEM-768/go", x: 2272, y: 61e3, group: 3}, {label: "ML-KEM-768/ref", x: 2272, y: 64e3, group: 3},
		{label: "sntrup761/portable", x: 2197, y: 66e3, group: 3}, {label: "ML-KEM-512/go", x: 1568, y: 40e3, group: 1},
		{label: "ML-KEM-1024/go", x: 3136, y: 90e3, group: 5}, {label: "Amoeba192/go", x: 2400, y: 70e3, group: 3},
	}
	for i, impl := range []string{"k256", "libsecp256k1", "btcec", "decred", "go-ethereum", "noble"} {
		pts = append(pts, scatterPoint{label: "secp256k1-ECDSA/" + impl, x: 97 + float64(i%2), y: 5e4 * (1 + 0.01*float64(i)), group: 0})
	}
	return pts
}

// TestScatterLabelsDoNotCollide: in a crowded chart no label box overlaps
// another or a dot, and every point is named, on the chart or keyed by
// number in the margin.
func TestScatterLabelsDoNotCollide(t *testing.T) {
	pts := cluster()
	svg := scatterChart(pts, "bytes", "time")
	var dots, labels []box
	for _, m := range dotRe.FindAllStringSubmatch(svg, -1) {
		x, y := num(t, m[1]), num(t, m[2])
		dots = append(dots, box{x - 4, y - 4, x + 4, y + 4})
	}
	named := 0
	for _, m := range labelRe.FindAllStringSubmatch(svg, -1) {
		b := box{num(t, m[1]), num(t, m[2]) - labelFont, num(t, m[1]) + num(t, m[3]), num(t, m[2]) + 3}
		for i, o := range labels {
			if b.overlaps(o) {
				t.Errorf("label %q overlaps label %d", m[4], i)
			}
		}
		for _, d := range dots {
			if b.overlaps(d) {
				t.Errorf("label %q covers a dot", m[4])
			}
		}
		labels = append(labels, b)
		if _, err := strconv.Atoi(m[4]); err != nil {
			named++
		}
	}
	keyed := strings.Count(svg, `class="legend keyed"`)
	if named+keyed != len(pts) {
		t.Errorf("%d labels on the chart and %d keyed, want %d points named", named, keyed, len(pts))
	}
	if len(dots) != len(pts) {
		t.Errorf("%d dots, want %d", len(dots), len(pts))
	}
}

func num(t *testing.T, s string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return f
}
