// Package callgrind reads the totals of valgrind's callgrind output files
// (the format valgrind's manual, "Callgrind Format Specification",
// describes): the events the file counts and their totals.
package callgrind

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// maxLine bounds one line of a callgrind file: names of Go functions with
// their type parameters can be long, but not this long.
const maxLine = 1 << 20

// Totals returns each event's total over the file: the "totals:" line, or
// where a file has none the "summary:" line, matched to "events:".
func Totals(r io.Reader) (map[string]int64, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	var events, totals, summary []string
	for sc.Scan() {
		line := sc.Text()
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		switch k {
		case "events":
			events = strings.Fields(v)
		case "totals":
			totals = strings.Fields(v)
		case "summary":
			summary = strings.Fields(v)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("callgrind output: %w", err)
	}
	if len(events) == 0 {
		return nil, fmt.Errorf("callgrind output: no events line")
	}
	if totals == nil {
		totals = summary
	}
	if totals == nil {
		return nil, fmt.Errorf("callgrind output: no totals or summary line")
	}
	if len(totals) > len(events) {
		return nil, fmt.Errorf("callgrind output: %d totals for %d events", len(totals), len(events))
	}
	out := make(map[string]int64, len(events))
	for i, e := range events {
		var n int64
		if i < len(totals) { // trailing zero totals may be left out
			var err error
			if n, err = strconv.ParseInt(totals[i], 10, 64); err != nil || n < 0 {
				return nil, fmt.Errorf("callgrind output: total %q of %s is not a count", totals[i], e)
			}
		}
		out[e] = n
	}
	return out, nil
}

// Instructions returns the instructions executed ("Ir") that a callgrind
// file counts.
func Instructions(r io.Reader) (int64, error) {
	t, err := Totals(r)
	if err != nil {
		return 0, err
	}
	n, ok := t["Ir"]
	if !ok {
		return 0, fmt.Errorf("callgrind output: no instruction count (Ir)")
	}
	return n, nil
}
