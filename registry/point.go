package registry

import "strconv"

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
