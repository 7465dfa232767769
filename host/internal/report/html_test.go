package report

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"crucible.dev/host/internal/evidence/evidencetest"
	"crucible.dev/registry/testenv"
)

// chromium finds Debian's chromium (tools/setup.sh installs it for CI).
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "/usr/bin/chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	testenv.Skip(t, "chromium not installed: run tools/setup.sh (apt-get install chromium) to test the HTML report in a browser")
	return ""
}

// headless loads url in a fresh headless Chromium with extra flags and
// returns its standard output and error.
func headless(t *testing.T, bin, url string, extra ...string) (stdout, stderr []byte) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	args := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + t.TempDir(), "--enable-logging=stderr", "--v=0"}, extra...)
	cmd := exec.CommandContext(ctx, bin, append(args, url)...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium %s: %v\n%s", url, err, e.String())
	}
	return o.Bytes(), e.Bytes()
}

// consoleLine is how Chromium logs a page's console messages and uncaught
// errors to stderr.
var consoleLine = regexp.MustCompile(`(?m)^.*:CONSOLE[:(].*$|^.*Uncaught.*$`)

func TestHTMLInChromium(t *testing.T) {
	bin := chromium(t)
	dir := t.TempDir()
	evidencetest.Run(t, dir)
	evidencetest.Render(t, dir, Render)
	url := "file://" + filepath.ToSlash(filepath.Join(dir, "report", "index.html"))

	// The console check must be able to fail: a page that logs an error
	// and throws is caught.
	probe := filepath.Join(t.TempDir(), "probe.html")
	must(t, os.WriteFile(probe, []byte(`<!DOCTYPE html><p>x</p><script>console.error("probe"); undefinedFunction();</script>`), 0o644))
	if _, e := headless(t, bin, "file://"+probe, "--dump-dom"); !consoleLine.Match(e) {
		t.Fatalf("console errors are not visible in chromium's log; the check below would be blind:\n%s", e)
	}

	// One load gives the DOM after load, the console log and a screenshot
	// tall enough to hold the first plugin's charts.
	shot := filepath.Join(t.TempDir(), "report.png")
	dom, stderr := headless(t, bin, url, "--dump-dom", "--window-size=1280,14000", "--hide-scrollbars", "--screenshot="+shot)
	if m := consoleLine.FindAll(stderr, -1); len(m) > 0 {
		t.Errorf("index.html logged to the console:\n%s", bytes.Join(m, []byte("\n")))
	}
	d := string(dom)
	// The charts are in the live DOM after load, with their marks.
	for _, c := range []struct {
		chart, mark string
		min         int
	}{{"bar-chart", `class="bar"`, 12 + 3 + 1}, {"line-chart", `class="pt"`, 3}, {"spread-chart", `class="trial"`, 5 * (12 + 3 + 3)},
		// The landscape: four KEM instances and one key exchange.
		{"scatter-chart", `class="dot"`, 4 + 1}} {
		if !strings.Contains(d, `class="chart `+c.chart+`"`) {
			t.Errorf("DOM lacks the %s", c.chart)
		}
		if n := strings.Count(d, c.mark); n < c.min {
			t.Errorf("DOM has %d %s marks, want at least %d", n, c.mark, c.min)
		}
	}
	if !strings.Contains(d, "<h1 id=\"p-toykem\">Plugin toykem</h1>") {
		t.Errorf("DOM lacks the toykem page")
	}

	// The screenshot is a PNG in which the bars were painted: pixels of
	// the first palette colour.
	painted := barPixels(t, shot)
	if painted < 500 {
		t.Errorf("screenshot has %d pixels of the bar colour: the charts did not render", painted)
	}
	if os.Getenv("CRUCIBLE_KEEP_SCREENSHOT") != "" {
		data, _ := os.ReadFile(shot)
		os.WriteFile(os.Getenv("CRUCIBLE_KEEP_SCREENSHOT"), data, 0o644)
	}
}

// barPixels counts the pixels of a screenshot painted in the bar colour
// (the first palette colour).
func barPixels(t *testing.T, shot string) int {
	t.Helper()
	f, err := os.Open(shot)
	must(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	painted := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r>>8 == 0x33 && g>>8 == 0x66 && bl>>8 == 0xaa {
				painted++
			}
		}
	}
	return painted
}
