package report

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestScatterLogLog: points a decade apart in both bytes and time sit at
// equal steps on both axes, and each security category has its colour.
func TestScatterLogLog(t *testing.T) {
	svg := scatterChart([]scatterPoint{
		{label: "a", x: 100, y: 1e3, group: 1},
		{label: "b", x: 1000, y: 1e4, group: 3},
		{label: "c", x: 10000, y: 1e5, group: 5},
	}, "bytes", "time")
	re := regexp.MustCompile(`<circle class="dot" cx="([0-9.]+)" cy="([0-9.]+)" r="4" fill="(#[0-9a-f]+)"`)
	m := re.FindAllStringSubmatch(svg, -1)
	if len(m) != 3 {
		t.Fatalf("%d dots, want 3", len(m))
	}
	var cx, cy []float64
	colours := map[string]bool{}
	for _, d := range m {
		x, _ := strconv.ParseFloat(d[1], 64)
		y, _ := strconv.ParseFloat(d[2], 64)
		cx, cy = append(cx, x), append(cy, y)
		colours[d[3]] = true
	}
	if dx1, dx2 := cx[1]-cx[0], cx[2]-cx[1]; dx1 <= 0 || abs(dx1-dx2) > 0.2 {
		t.Errorf("x positions %v are not a log scale", cx)
	}
	// Slower is higher up: y decreases by equal steps.
	if dy1, dy2 := cy[0]-cy[1], cy[1]-cy[2]; dy1 <= 0 || abs(dy1-dy2) > 0.2 {
		t.Errorf("y positions %v are not a log scale", cy)
	}
	if len(colours) != 3 || !strings.Contains(svg, ">category 5<") {
		t.Errorf("categories not told apart: %v", colours)
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
