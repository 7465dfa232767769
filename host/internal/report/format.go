// Package report renders a run directory for people: the table printed at
// the end of a run, summary.md, one page per plugin and the HTML report.
// Everything is computed from the evidence alone, so rendering the same
// directory twice gives byte-identical files.
package report

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Duration formats nanoseconds with three significant digits.
func Duration(ns float64) string {
	switch {
	case math.IsNaN(ns) || ns <= 0:
		return "-"
	case ns < 1e3:
		return sig3(ns) + " ns"
	case ns < 1e6:
		return sig3(ns/1e3) + " µs"
	case ns < 1e9:
		return sig3(ns/1e6) + " ms"
	}
	return sig3(ns/1e9) + " s"
}

func sig3(x float64) string {
	switch {
	case x >= 100:
		return strconv.FormatFloat(x, 'f', 0, 64)
	case x >= 10:
		return strconv.FormatFloat(x, 'f', 1, 64)
	}
	return strconv.FormatFloat(x, 'f', 2, 64)
}

// Count formats a number with thousands separators.
func Count(x float64) string {
	if math.IsNaN(x) || x <= 0 {
		return "-"
	}
	s := strconv.FormatFloat(math.Round(x), 'f', 0, 64)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// Float formats with a fixed number of decimals.
func Float(x float64, dec int) string {
	if math.IsNaN(x) {
		return "-"
	}
	return strconv.FormatFloat(x, 'f', dec, 64)
}

// Percent formats a fraction.
func Percent(f float64) string { return fmt.Sprintf("%.1f%%", 100*f) }
