package report

// Point labels on a chart are placed so that none covers another label
// or a point: each label takes the first free place among candidates
// around its point, nearest first (farther ones get a leader line). A
// label with no free place is drawn as its number, and the number is
// keyed to the label in the chart's margin.

// labelFont is the label font size; labelWidth is the width a label is
// drawn at (fixed with textLength, so the box the layout reserves is the
// box the browser paints).
const labelFont = 10

func labelWidth(s string) float64 { return 5.6*float64(len([]rune(s))) + 2 }

// box is a rectangle in chart coordinates.
type box struct{ x0, y0, x1, y1 float64 }

func (a box) overlaps(b box) bool {
	return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
}

func (a box) inside(b box) bool {
	return a.x0 >= b.x0 && a.x1 <= b.x1 && a.y0 >= b.y0 && a.y1 <= b.y1
}

// textBox is the box of a label of width w whose baseline starts at x, y.
func textBox(x, y, w float64) box { return box{x - 1, y - labelFont - 1, x + w + 1, y + 4} }

// placed is where a label went.
type placed struct {
	x, y   float64 // start of the baseline
	leader bool    // far from its point: a line joins them
	ok     bool
}

// layout keeps the boxes already taken.
type layout struct {
	area  box
	taken []box
}

// free reports whether b is inside the area and clear of every box taken.
func (l *layout) free(b box) bool {
	if !b.inside(l.area) {
		return false
	}
	for _, t := range l.taken {
		if b.overlaps(t) {
			return false
		}
	}
	return true
}

// place finds a free place for a label of width w beside the point at
// cx, cy and takes it.
func (l *layout) place(cx, cy, w float64) placed {
	type cand struct {
		dx, dy float64
		leader bool
	}
	cands := []cand{
		{6, -5, false}, {6, 12, false}, {-6 - w, -5, false}, {-6 - w, 12, false},
		{-w / 2, -8, false}, {-w / 2, 18, false},
	}
	for _, r := range []float64{22, 38, 56} {
		cands = append(cands,
			cand{r, -r / 2, true}, cand{r, r / 2, true}, cand{-r - w, -r / 2, true}, cand{-r - w, r / 2, true},
			cand{-w / 2, -r, true}, cand{-w / 2, r + 8, true}, cand{r, 4, true}, cand{-r - w, 4, true})
	}
	for _, c := range cands {
		b := textBox(cx+c.dx, cy+c.dy, w)
		if l.free(b) {
			l.taken = append(l.taken, b)
			return placed{x: cx + c.dx, y: cy + c.dy, leader: c.leader, ok: true}
		}
	}
	return placed{}
}
