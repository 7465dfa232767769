package katcheck

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"io"
	"strings"
)

// Record is one record of a KAT file: its fields in file order.
type Record struct {
	Count  int
	Fields []Field
}

// Field is one "Name = value" line.
type Field struct {
	Name, Value string
	Line        int
}

// Get returns the value of the named field (case-insensitive).
func (r *Record) Get(name string) (string, bool) {
	for _, f := range r.Fields {
		if strings.EqualFold(f.Name, name) {
			return f.Value, true
		}
	}
	return "", false
}

// Bytes returns the named field decoded from hex.
func (r *Record) Bytes(name string) ([]byte, error) {
	v, ok := r.Get(name)
	if !ok {
		return nil, fmt.Errorf("record %d: no field %s", r.Count, name)
	}
	b, err := hex.DecodeString(v)
	if err != nil {
		return nil, fmt.Errorf("record %d, field %s: %w", r.Count, name, err)
	}
	return b, nil
}

// maxLine bounds one line of a KAT file (the largest fields are a few
// hundred KiB of hex).
const maxLine = 16 << 20

// ReadRecords parses a NIST .rsp or NGCC KAT file: "Name = value" lines,
// a record starting at each "count" line; "#" comments, "[...]" section
// headers and blank lines are skipped. A line that is none of these is an
// error naming its line number.
func ReadRecords(r io.Reader) ([]Record, error) {
	s := bufio.NewScanner(r)
	s.Buffer(make([]byte, 64<<10), maxLine)
	var out []Record
	line := 0
	for s.Scan() {
		line++
		l := strings.TrimRight(s.Text(), "\r \t")
		if l == "" || strings.HasPrefix(l, "#") || (strings.HasPrefix(l, "[") && strings.HasSuffix(l, "]")) {
			continue
		}
		k, v, ok := strings.Cut(l, "=")
		if !ok {
			return out, fmt.Errorf("kat: line %d: not a \"name = value\" line: %q", line, clip(l, 0))
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if k == "" {
			return out, fmt.Errorf("kat: line %d: empty field name", line)
		}
		if strings.EqualFold(k, "count") {
			var n int
			if _, err := fmt.Sscanf(v, "%d", &n); err != nil {
				return out, fmt.Errorf("kat: line %d: count %q is not a number", line, clip(v, 0))
			}
			out = append(out, Record{Count: n})
			continue
		}
		if len(out) == 0 {
			return out, fmt.Errorf("kat: line %d: field %s before the first count", line, k)
		}
		rec := &out[len(out)-1]
		rec.Fields = append(rec.Fields, Field{Name: k, Value: v, Line: line})
	}
	if err := s.Err(); err != nil {
		return out, fmt.Errorf("kat: line %d: %w", line+1, err)
	}
	return out, nil
}
