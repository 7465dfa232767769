package callgrind

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// nameDef is a compressed name's definition, "(id) name", or its use, "(id)".
var nameDef = regexp.MustCompile(`^\(([0-9]+)\)(?: (.*))?$`)

// Costs are a callgrind file's costs of its first event (instructions, for
// callgrind's default) by function.
type Costs struct {
	Self  map[string]int64    // the cost lines under each fn= line
	Calls map[[2]string]int64 // inclusive cost of the calls from caller to callee
	Count map[[2]string]int64 // how many calls from caller to callee
}

// Self returns each function's self cost and the inclusive cost of each
// caller-callee pair's calls.
func Self(r io.Reader) (*Costs, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	names := map[string]string{}
	c := &Costs{Self: map[string]int64{}, Calls: map[[2]string]int64{}, Count: map[[2]string]int64{}}
	cur, callee, afterCall := "", "", false
	name := func(v string) (string, error) {
		m := nameDef.FindStringSubmatch(v)
		if m == nil {
			return v, nil // not compressed
		}
		if m[2] != "" {
			names[m[1]] = m[2]
			return m[2], nil
		}
		n, ok := names[m[1]]
		if !ok {
			return "", fmt.Errorf("callgrind output: name (%s) used before it is defined", m[1])
		}
		return n, nil
	}
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "" || line[0] == '#':
		case strings.HasPrefix(line, "fn="):
			n, err := name(line[3:])
			if err != nil {
				return nil, err
			}
			cur = n
		case strings.HasPrefix(line, "cfn="):
			n, err := name(line[4:])
			if err != nil {
				return nil, err
			}
			callee = n
		case strings.HasPrefix(line, "calls="):
			f := strings.Fields(line[len("calls="):])
			if len(f) == 0 {
				return nil, fmt.Errorf("callgrind output: %q", line)
			}
			n, err := strconv.ParseInt(f[0], 10, 64)
			if err != nil || n < 0 {
				return nil, fmt.Errorf("callgrind output: %q", line)
			}
			c.Count[[2]string{cur, callee}] += n
			afterCall = true
		case line[0] >= '0' && line[0] <= '9' || line[0] == '+' || line[0] == '-' || line[0] == '*':
			f := strings.Fields(line)
			if len(f) < 2 {
				afterCall = false
				continue // a position with no cost
			}
			n, err := strconv.ParseInt(f[1], 10, 64)
			if err != nil || n < 0 {
				return nil, fmt.Errorf("callgrind output: cost line %q", line)
			}
			if afterCall {
				afterCall = false // the call's inclusive cost
				c.Calls[[2]string{cur, callee}] += n
				continue
			}
			c.Self[cur] += n
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("callgrind output: %w", err)
	}
	return c, nil
}
