package report

import (
	"fmt"
	"html"
	"math"
	"sort"
	"strconv"
	"strings"

	"crucible.dev/host/internal/format"
	"crucible.dev/host/internal/stats"
)

// Charts are drawn on the server as inline SVG: no script, no network, and
// coordinates printed with fixed precision, so the same evidence always
// gives the same bytes.

// barItem is one bar: a label and a positive value in nanoseconds.
type barItem struct {
	label string
	value float64
	color int // palette index: bars of one instance or operation share it
}

// spreadRow is one operation's per-trial medians.
type spreadRow struct {
	label  string
	values []float64
}

type point struct{ x, y float64 }

// lineSeries is one line of a line chart.
type lineSeries struct {
	name string
	pts  []point
}

// palette holds distinguishable colours for series, used in order.
var palette = []string{"#3366aa", "#dd6622", "#229944", "#cc3333", "#8855bb", "#886644", "#dd55aa", "#777777", "#aaaa22", "#22aacc"}

// logWorthy reports whether values span enough orders of magnitude that a
// linear axis would flatten the small ones.
func logWorthy(lo, hi float64) bool { return lo > 0 && hi/lo > 30 }

func scaleNote(items []barItem) string {
	lo, hi := barRange(items)
	if logWorthy(lo, hi) {
		return " (log scale)"
	}
	return ""
}

func barRange(items []barItem) (lo, hi float64) {
	lo = math.Inf(1)
	for _, it := range items {
		lo = math.Min(lo, it.value)
		hi = math.Max(hi, it.value)
	}
	return lo, hi
}

// niceCeil is the smallest 1, 2 or 5 times a power of ten that is >= x.
func niceCeil(x float64) float64 {
	if x <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= x*(1-1e-12) {
			return m * p
		}
	}
	return 10 * p
}

func f1(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }

func esc(s string) string { return html.EscapeString(s) }

// axis maps a value to [0, 1] on a linear or logarithmic scale and lists
// its ticks.
type axis struct {
	log    bool
	lo, hi float64
}

func newAxis(lo, hi float64, zero bool) axis {
	if logWorthy(lo, hi) {
		return axis{log: true, lo: math.Pow(10, math.Floor(math.Log10(lo))), hi: math.Pow(10, math.Ceil(math.Log10(hi)))}
	}
	if zero {
		lo = 0
	}
	return axis{lo: lo, hi: niceCeil(hi)}
}

func (a axis) pos(v float64) float64 {
	if a.log {
		if v <= 0 {
			return 0
		}
		return (math.Log10(v) - math.Log10(a.lo)) / (math.Log10(a.hi) - math.Log10(a.lo))
	}
	if a.hi == a.lo {
		return 0
	}
	return (v - a.lo) / (a.hi - a.lo)
}

func (a axis) ticks() []float64 {
	var t []float64
	if a.log {
		for v := a.lo; v <= a.hi*1.0001; v *= 10 {
			t = append(t, v)
		}
		return t
	}
	for i := 0; i <= 4; i++ {
		t = append(t, a.lo+(a.hi-a.lo)*float64(i)/4)
	}
	return t
}

const svgHead = `<svg xmlns="http://www.w3.org/2000/svg" class="chart %s" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="%s">` + "\n"

// barChart draws horizontal bars of ns values, one per item, on a log
// scale when they span more than a factor of 30.
func barChart(items []barItem, show func(float64) string) string {
	if len(items) == 0 {
		return ""
	}
	const w, label, right, rowH, top, bottom = 800, 320, 80, 18, 8, 28
	plot := float64(w - label - right)
	h := top + rowH*len(items) + bottom
	lo, hi := barRange(items)
	ax := newAxis(lo, hi, true)
	var b strings.Builder
	fmt.Fprintf(&b, svgHead, "bar-chart", w, h, w, h, "median time per operation")
	for _, t := range ax.ticks() {
		x := float64(label) + ax.pos(t)*plot
		fmt.Fprintf(&b, `<line class="grid" x1="%s" y1="%d" x2="%s" y2="%d"/>`+"\n", f1(x), top, f1(x), top+rowH*len(items))
		lab := "0"
		if t > 0 {
			lab = show(t)
		}
		fmt.Fprintf(&b, `<text class="tick" x="%s" y="%d" text-anchor="middle">%s</text>`+"\n", f1(x), top+rowH*len(items)+16, esc(lab))
	}
	for i, it := range items {
		y := top + rowH*i
		bw := math.Max(1, ax.pos(it.value)*plot)
		fmt.Fprintf(&b, `<text class="label" x="%d" y="%d" text-anchor="end">%s</text>`+"\n", label-6, y+13, esc(format.Clip(it.label, 52)))
		fmt.Fprintf(&b, `<rect class="bar" x="%d" y="%d" width="%s" height="%d" fill="%s"><title>%s: %s</title></rect>`+"\n",
			label, y+3, f1(bw), rowH-5, palette[it.color%len(palette)], esc(it.label), esc(show(it.value)))
		fmt.Fprintf(&b, `<text class="value" x="%s" y="%d">%s</text>`+"\n", f1(float64(label)+bw+4), y+13, esc(show(it.value)))
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// lineChart draws cycles per byte against message length, x on a log
// scale (the lengths double or quadruple), y linear unless it spans more
// than a factor of 30.
func lineChart(series []lineSeries) string {
	if len(series) == 0 {
		return ""
	}
	const w, h, left, right, top, bottom = 800, 340, 60, 250, 12, 44
	pw, ph := float64(w-left-right), float64(h-top-bottom)
	xlo, xhi, ylo, yhi := math.Inf(1), 0.0, math.Inf(1), 0.0
	for _, s := range series {
		for _, p := range s.pts {
			xlo, xhi = math.Min(xlo, p.x), math.Max(xhi, p.x)
			ylo, yhi = math.Min(ylo, p.y), math.Max(yhi, p.y)
		}
	}
	if xhi <= xlo {
		xhi = xlo * 2
	}
	xa := axis{log: true, lo: xlo, hi: xhi}
	ya := newAxis(ylo, yhi, true)
	var b strings.Builder
	fmt.Fprintf(&b, svgHead, "line-chart", w, h, w, h, "cycles per byte against message length")
	for _, t := range ya.ticks() {
		y := float64(top) + ph*(1-ya.pos(t))
		fmt.Fprintf(&b, `<line class="grid" x1="%d" y1="%s" x2="%d" y2="%s"/>`+"\n", left, f1(y), w-right, f1(y))
		fmt.Fprintf(&b, `<text class="tick" x="%d" y="%s" text-anchor="end">%s</text>`+"\n", left-4, f1(y+4), esc(tickNum(t)))
	}
	// x ticks at the measured lengths
	lens := map[float64]bool{}
	for _, s := range series {
		for _, p := range s.pts {
			lens[p.x] = true
		}
	}
	var xs []float64
	for x := range lens {
		xs = append(xs, x)
	}
	sort.Float64s(xs)
	for _, x := range xs {
		px := float64(left) + pw*xa.pos(x)
		fmt.Fprintf(&b, `<line class="grid" x1="%s" y1="%d" x2="%s" y2="%d"/>`+"\n", f1(px), top, f1(px), h-bottom)
		fmt.Fprintf(&b, `<text class="tick" x="%s" y="%d" text-anchor="middle">%s</text>`+"\n", f1(px), h-bottom+16, esc(byteLen(x)))
	}
	fmt.Fprintf(&b, `<text class="axis" x="%s" y="%d" text-anchor="middle">message length (log scale)</text>`+"\n", f1(float64(left)+pw/2), h-6)
	fmt.Fprintf(&b, `<text class="axis" x="12" y="%s" transform="rotate(-90 12 %s)" text-anchor="middle">cycles/byte</text>`+"\n", f1(float64(top)+ph/2), f1(float64(top)+ph/2))
	for i, s := range series {
		col := palette[i%len(palette)]
		pts := append([]point(nil), s.pts...)
		sort.Slice(pts, func(a, c int) bool { return pts[a].x < pts[c].x })
		var coords []string
		for _, p := range pts {
			coords = append(coords, f1(float64(left)+pw*xa.pos(p.x))+","+f1(float64(top)+ph*(1-ya.pos(p.y))))
		}
		fmt.Fprintf(&b, `<polyline class="series" fill="none" stroke="%s" stroke-width="2" points="%s"><title>%s</title></polyline>`+"\n", col, strings.Join(coords, " "), esc(s.name))
		for j, p := range pts {
			xy := strings.Split(coords[j], ",")
			fmt.Fprintf(&b, `<circle class="pt" cx="%s" cy="%s" r="3" fill="%s"><title>%s, %s: %s cycles/byte</title></circle>`+"\n", xy[0], xy[1], col, esc(s.name), esc(byteLen(p.x)), format.Float(p.y, 2))
		}
		ly := top + 14*i + 10
		fmt.Fprintf(&b, `<rect class="key" x="%d" y="%d" width="10" height="10" fill="%s"/>`+"\n", w-right+10, ly-9, col)
		fmt.Fprintf(&b, `<text class="legend" x="%d" y="%d">%s</text>`+"\n", w-right+24, ly, esc(format.Clip(s.name, 36)))
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// lineLogY reports whether lineChart puts the series' y on a log scale.
func lineLogY(series []lineSeries) bool {
	lo, hi := math.Inf(1), 0.0
	for _, s := range series {
		for _, p := range s.pts {
			lo, hi = math.Min(lo, p.y), math.Max(hi, p.y)
		}
	}
	return logWorthy(lo, hi)
}

// spreadChart draws, per operation, each trial's median as its deviation
// in percent from the median of the trials' medians: trials that agree sit
// on the centre line.
func spreadChart(rows []spreadRow) string {
	if len(rows) == 0 {
		return ""
	}
	const w, label, right, rowH, top, bottom = 800, 320, 40, 16, 8, 28
	plot := float64(w - label - right)
	devs := make([][]float64, len(rows))
	r := 1.0
	for i, row := range rows {
		v := append([]float64(nil), row.values...)
		sort.Float64s(v)
		med := stats.Quantile(v, 0.5)
		for _, x := range row.values {
			d := 0.0
			if med > 0 {
				d = 100 * (x/med - 1)
			}
			devs[i] = append(devs[i], d)
			r = math.Max(r, math.Abs(d))
		}
	}
	r = niceCeil(r)
	h := top + rowH*len(rows) + bottom
	xpos := func(d float64) float64 { return float64(label) + plot*(d+r)/(2*r) }
	var b strings.Builder
	fmt.Fprintf(&b, svgHead, "spread-chart", w, h, w, h, "per-trial medians")
	for _, t := range []float64{-r, -r / 2, 0, r / 2, r} {
		x := xpos(t)
		fmt.Fprintf(&b, `<line class="grid" x1="%s" y1="%d" x2="%s" y2="%d"/>`+"\n", f1(x), top, f1(x), top+rowH*len(rows))
		fmt.Fprintf(&b, `<text class="tick" x="%s" y="%d" text-anchor="middle">%s%%</text>`+"\n", f1(x), top+rowH*len(rows)+16, strconv.FormatFloat(t, 'f', -1, 64))
	}
	for i, row := range rows {
		y := top + rowH*i + rowH/2
		fmt.Fprintf(&b, `<text class="label" x="%d" y="%d" text-anchor="end">%s</text>`+"\n", label-6, y+4, esc(format.Clip(row.label, 52)))
		for j, d := range devs[i] {
			fmt.Fprintf(&b, `<circle class="trial" cx="%s" cy="%d" r="3.5" fill="%s" fill-opacity="0.7"><title>%s trial %d: %s (%s%%)</title></circle>`+"\n",
				f1(xpos(d)), y, palette[0], esc(row.label), j+1, esc(format.Duration(row.values[j])), format.Float(d, 2))
		}
	}
	b.WriteString("</svg>\n")
	return b.String()
}

func tickNum(x float64) string {
	if x >= 100 || x == math.Trunc(x) {
		return strconv.FormatFloat(x, 'f', 0, 64)
	}
	return strconv.FormatFloat(x, 'g', 3, 64)
}

func byteLen(x float64) string {
	switch {
	case x >= 1<<20 && math.Mod(x, 1<<20) == 0:
		return strconv.FormatFloat(x/(1<<20), 'f', 0, 64) + " MiB"
	case x >= 1<<10 && math.Mod(x, 1<<10) == 0:
		return strconv.FormatFloat(x/(1<<10), 'f', 0, 64) + " KiB"
	}
	return strconv.FormatFloat(x, 'f', 0, 64) + " B"
}
