package report

import "fmt"

// categoryColours is the one colour of each NIST security category in
// every chart of a report, so that a colour means the same category in the
// KEM, signature and key-exchange landscapes alike. Index 0 is "no
// category" (classical primitives).
var categoryColours = [...]string{"#888888", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#d62728"}

// categoryColour is the colour of category c; one outside 1–5 is drawn
// as "no category" rather than borrowing another category's colour.
func categoryColour(c int) string {
	if c < 0 || c >= len(categoryColours) {
		return categoryColours[0]
	}
	return categoryColours[c]
}

// categoryName names category c in a legend.
func categoryName(c int) string {
	if c <= 0 || c >= len(categoryColours) {
		return "no category"
	}
	return fmt.Sprintf("category %d", c)
}
