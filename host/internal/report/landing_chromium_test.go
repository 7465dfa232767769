package report

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"crucible.dev/host/internal/evidence/evidencetest"
)

// landingProbe measures the laid-out page in the browser: where the first
// chart and the full results table begin, and how many pairs of point
// labels (or a label and a dot) overlap as the browser painted them.
const landingProbe = `<pre id="probe"></pre><script>
const top0 = document.querySelector("#s-summary svg.chart").getBoundingClientRect().top;
const table = document.getElementById("summary-results").getBoundingClientRect().top;
let overlaps = 0;
for (const svg of document.querySelectorAll("svg.scatter-chart")) {
  const boxes = [...svg.querySelectorAll("text.point-label")].map(e => e.getBBox());
  const dots = [...svg.querySelectorAll("circle.dot")].map(e => e.getBBox());
  const hit = (a, b) => a.x + 0.5 < b.x + b.width && b.x + 0.5 < a.x + a.width && a.y + 0.5 < b.y + b.height && b.y + 0.5 < a.y + a.height;
  boxes.forEach((a, i) => { boxes.slice(i + 1).forEach(b => { if (hit(a, b)) overlaps++; }); dots.forEach(d => { if (hit(a, d)) overlaps++; }); });
}
document.getElementById("probe").textContent = "chart=" + Math.round(top0) + " table=" + Math.round(table) + " overlaps=" + overlaps + " height=" + window.innerHeight;
</script>`

// TestLandingViewInChromium opens index.html in a 1280×900 window: the
// first screenful holds a chart (measured in the laid-out DOM and seen in
// the screenshot's pixels) and not the full results table, and no two
// labels the browser painted on a landscape chart overlap. The page is
// probed through a copy with a crowded landscape and a script added (the report itself runs no
// script and its policy forbids one).
func TestLandingViewInChromium(t *testing.T) {
	bin := chromium(t)
	dir := t.TempDir()
	evidencetest.Run(t, dir)
	evidencetest.Render(t, dir, Render)
	page := evidencetest.Read(t, dir, "report/index.html")
	page = regexp.MustCompile(`<meta http-equiv="Content-Security-Policy"[^>]*>\n`).ReplaceAllString(page, "")
	// The crowded landscape of a full run, at the end, so that the painted
	// labels are checked where they could collide.
	crowded := "<figure>" + scatterChart(cluster(), "bytes", "time") + "</figure>\n"
	page = strings.Replace(page, "</body>", crowded+landingProbe+"\n</body>", 1)
	probe := filepath.Join(dir, "report", "landing.html")
	must(t, os.WriteFile(probe, []byte(page), 0o644))

	shot := filepath.Join(t.TempDir(), "landing.png")
	dom, _ := headless(t, bin, "file://"+filepath.ToSlash(probe), "--dump-dom", "--window-size=1280,900", "--hide-scrollbars", "--screenshot="+shot)
	m := regexp.MustCompile(`chart=(-?\d+) table=(-?\d+) overlaps=(\d+) height=(\d+)`).FindStringSubmatch(string(dom))
	if m == nil {
		t.Fatalf("the probe did not run:\n%.2000s", dom)
	}
	t.Logf("probe: %s", m[0])
	chart, _ := strconv.Atoi(m[1])
	table, _ := strconv.Atoi(m[2])
	overlaps, _ := strconv.Atoi(m[3])
	height, _ := strconv.Atoi(m[4])
	if chart < 0 || chart >= height {
		t.Errorf("the first chart begins at %d px, outside the first screenful of %d px", chart, height)
	}
	if table < height {
		t.Errorf("the full results table begins at %d px, within the first screenful of %d px", table, height)
	}
	if overlaps != 0 {
		t.Errorf("%d overlaps among the landscape labels as painted", overlaps)
	}

	// The screenshot of the first screenful shows a chart: pixels of the
	// bar colour.
	painted := barPixels(t, shot)
	if painted < 200 {
		t.Errorf("the landing screenshot has %d pixels of the bar colour: no chart in the first screenful", painted)
	}
}
