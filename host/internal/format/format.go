// Package format writes figures as every human-readable output of the
// host shows them: the reports, the end-of-run table, compare and gate.
// Durations and counts get three significant digits or thousands
// separators, a confidence interval reads "lo – hi (level%)", and a value
// that is not there reads "-". It sits below the renderer, compare and
// the gate so that a median reads the same wherever it is printed.
package format

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"crucible.dev/host/internal/stats"
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

// Interval formats a confidence interval of a median with the level it
// reaches, "-" without one (fewer than two units).
func Interval(iv stats.Interval) string {
	if !iv.Valid() {
		return "-"
	}
	return fmt.Sprintf("%s – %s (%s%%)", Duration(iv.Lo), Duration(iv.Hi), Float(100*iv.Level, 2))
}

// Clip shortens text to n characters, the last an ellipsis, so a long
// name or value cannot widen a chart label or a one-line message.
func Clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
