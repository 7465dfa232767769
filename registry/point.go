package registry

import (
	"fmt"
	"strconv"
	"strings"
)

// Point is one benchmarked operation at one input size: the message
// length it reads and the output length it produces (0: the operation's
// own default).
type Point struct {
	Op     string
	MsgLen int
	OutLen int
}

// Params are the point's input sizes as the loop prepares them.
func (p Point) Params() BenchParams { return BenchParams{MsgLen: p.MsgLen, OutLen: p.OutLen} }

// String names the point in records and reports: the operation, then
// "@" and the message length, then ">" and the output length, each when
// set ("hash@1024", "xof@32>256", "generate>64").
func (p Point) String() string {
	s := p.Op
	if p.MsgLen > 0 {
		s += "@" + strconv.Itoa(p.MsgLen)
	}
	if p.OutLen > 0 {
		s += ">" + strconv.Itoa(p.OutLen)
	}
	return s
}

// ParsePoint reads a point back from its name (the inverse of String),
// for labels that come from files: baselines, records, summaries.
func ParsePoint(label string) (Point, error) {
	var p Point
	rest := label
	num := func(s string) (int, error) {
		n, err := strconv.Atoi(s)
		if err != nil || n <= 0 || strconv.Itoa(n) != s {
			return 0, fmt.Errorf("point %q: %q is not a positive length", label, s)
		}
		return n, nil
	}
	var err error
	if i := strings.IndexByte(rest, '>'); i >= 0 {
		if p.OutLen, err = num(rest[i+1:]); err != nil {
			return Point{}, err
		}
		rest = rest[:i]
	}
	if i := strings.IndexByte(rest, '@'); i >= 0 {
		if p.MsgLen, err = num(rest[i+1:]); err != nil {
			return Point{}, err
		}
		rest = rest[:i]
	}
	if rest == "" {
		return Point{}, fmt.Errorf("point %q: no operation", label)
	}
	p.Op = rest
	return p, nil
}
