package report

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"crucible.dev/host/internal/format"
)

// scatterPoint is one instance on a landscape chart.
type scatterPoint struct {
	label string
	x, y  float64 // bytes, ns
	group int     // security category; 0 for none
}

// logAxis spans whole decades around [lo, hi], at least one.
func logAxis(lo, hi float64) axis {
	a := axis{log: true, lo: math.Pow(10, math.Floor(math.Log10(lo))), hi: math.Pow(10, math.Ceil(math.Log10(hi)))}
	if a.hi <= a.lo {
		a.hi = a.lo * 10
	}
	return a
}

// scatterChart draws points on log–log axes, coloured by security
// category (categoryColours, the same in every chart), with a legend of
// the categories and every point labelled where its label collides with
// nothing (labels.go), or numbered and keyed in the margin.
func scatterChart(pts []scatterPoint, xName, yName string) string {
	if len(pts) == 0 {
		return ""
	}
	const w, h, left, right, top, bottom = 800, 400, 84, 150, 12, 44
	pw, ph := float64(w-left-right), float64(h-top-bottom)
	xlo, xhi, ylo, yhi := math.Inf(1), 0.0, math.Inf(1), 0.0
	groups := map[int]bool{}
	for _, p := range pts {
		xlo, xhi = math.Min(xlo, p.x), math.Max(xhi, p.x)
		ylo, yhi = math.Min(ylo, p.y), math.Max(yhi, p.y)
		groups[p.group] = true
	}
	xa, ya := logAxis(xlo, xhi), logAxis(ylo, yhi)
	var b strings.Builder
	fmt.Fprintf(&b, svgHead, "scatter-chart", w, h, w, h, esc(yName+" against "+xName))
	for _, t := range xa.ticks() {
		x := float64(left) + pw*xa.pos(t)
		fmt.Fprintf(&b, `<line class="grid" x1="%s" y1="%d" x2="%s" y2="%d"/>`+"\n", f1(x), top, f1(x), h-bottom)
		fmt.Fprintf(&b, `<text class="tick" x="%s" y="%d" text-anchor="middle">%s</text>`+"\n", f1(x), h-bottom+16, esc(format.Count(t)))
	}
	for _, t := range ya.ticks() {
		y := float64(top) + ph*(1-ya.pos(t))
		fmt.Fprintf(&b, `<line class="grid" x1="%d" y1="%s" x2="%d" y2="%s"/>`+"\n", left, f1(y), w-right, f1(y))
		fmt.Fprintf(&b, `<text class="tick" x="%d" y="%s" text-anchor="end">%s</text>`+"\n", left-4, f1(y+4), esc(format.Duration(t)))
	}
	fmt.Fprintf(&b, `<text class="axis" x="%s" y="%d" text-anchor="middle">%s (log scale)</text>`+"\n", f1(float64(left)+pw/2), h-6, esc(xName))
	fmt.Fprintf(&b, `<text class="axis" x="12" y="%s" transform="rotate(-90 12 %s)" text-anchor="middle">%s</text>`+"\n", f1(float64(top)+ph/2), f1(float64(top)+ph/2), esc(yName))
	var gs []int
	for g := range groups {
		gs = append(gs, g)
	}
	sort.Ints(gs)
	// Every dot is an obstacle before any label is placed, so no label
	// covers a point.
	lay := layout{area: box{float64(left), float64(top), float64(w - right), float64(h - bottom)}}
	cxs, cys := make([]float64, len(pts)), make([]float64, len(pts))
	for i, p := range pts {
		cxs[i], cys[i] = float64(left)+pw*xa.pos(p.x), float64(top)+ph*(1-ya.pos(p.y))
		lay.taken = append(lay.taken, box{cxs[i] - 5, cys[i] - 5, cxs[i] + 5, cys[i] + 5})
	}
	for i, p := range pts {
		fmt.Fprintf(&b, `<circle class="dot" cx="%s" cy="%s" r="4" fill="%s"><title>%s: %s, %s bytes</title></circle>`+"\n",
			f1(cxs[i]), f1(cys[i]), categoryColour(p.group), esc(p.label), esc(format.Duration(p.y)), esc(format.Count(p.x)))
	}
	var keyed []string // labels drawn as numbers, keyed in the margin
	for i, p := range pts {
		label := format.Clip(p.label, 28)
		wl := labelWidth(label)
		at := lay.place(cxs[i], cys[i], wl)
		if !at.ok {
			keyed = append(keyed, label)
			label = strconv.Itoa(len(keyed))
			wl = labelWidth(label)
			if at = lay.place(cxs[i], cys[i], wl); !at.ok {
				continue // the margin still names it; the dot's tooltip too
			}
		}
		if at.leader {
			fmt.Fprintf(&b, `<line class="leader" x1="%s" y1="%s" x2="%s" y2="%s" stroke="#999" stroke-width="0.6"/>`+"\n",
				f1(cxs[i]), f1(cys[i]), f1(min(max(cxs[i], at.x), at.x+wl)), f1(at.y-3))
		}
		fmt.Fprintf(&b, `<text class="point-label" x="%s" y="%s" textLength="%s" lengthAdjust="spacingAndGlyphs">%s</text>`+"\n",
			f1(at.x), f1(at.y), f1(wl), esc(label))
	}
	ly := top + 10
	for _, g := range gs {
		fmt.Fprintf(&b, `<rect class="key" x="%d" y="%d" width="10" height="10" fill="%s"/>`+"\n", w-right+12, ly-9, categoryColour(g))
		fmt.Fprintf(&b, `<text class="legend" x="%d" y="%d">%s</text>`+"\n", w-right+26, ly, esc(categoryName(g)))
		ly += 16
	}
	for i, label := range keyed {
		ly += 14
		if ly > h-bottom {
			fmt.Fprintf(&b, `<text class="legend" x="%d" y="%d">… %d more (hover the dots)</text>`+"\n", w-right+12, ly, len(keyed)-i)
			break
		}
		fmt.Fprintf(&b, `<text class="legend keyed" x="%d" y="%d">%d %s</text>`+"\n", w-right+12, ly, i+1, esc(format.Clip(label, 22)))
	}
	b.WriteString("</svg>\n")
	return b.String()
}
