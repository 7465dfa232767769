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

// Self returns each function's self cost of the first event (instructions,
// for callgrind's default): the cost lines under its fn= line, not counting
// the inclusive costs of the calls it makes.
func Self(r io.Reader) (map[string]int64, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	names := map[string]string{}
	self := map[string]int64{}
	cur, afterCall := "", false
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
			if _, err := name(line[4:]); err != nil {
				return nil, err
			}
		case strings.HasPrefix(line, "calls="):
			afterCall = true
		case line[0] >= '0' && line[0] <= '9' || line[0] == '+' || line[0] == '-' || line[0] == '*':
			f := strings.Fields(line)
			if afterCall {
				afterCall = false // the call's inclusive cost
				continue
			}
			if len(f) < 2 {
				continue // a position with no cost
			}
			n, err := strconv.ParseInt(f[1], 10, 64)
			if err != nil || n < 0 {
				return nil, fmt.Errorf("callgrind output: cost line %q", line)
			}
			self[cur] += n
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("callgrind output: %w", err)
	}
	return self, nil
}
