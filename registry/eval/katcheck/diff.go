package katcheck

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Mismatch locates the first difference between two KAT files.
type Mismatch struct {
	Record int    // the value of the record's count line, or -1 before the first
	Field  string // the field name, e.g. "ct"
	Line   int    // 1-based line number in the file under test
	Got    string
	Want   string
}

func (m *Mismatch) Error() string {
	i := firstDiff(m.Got, m.Want)
	if i < 40 {
		return fmt.Sprintf("record %d, field %s (line %d): got %s, want %s",
			m.Record, m.Field, m.Line, clip(m.Got, 0), clip(m.Want, 0))
	}
	// A difference deep in a long value: show where it is, and the values
	// from a little before it, so the two excerpts differ.
	from := i - 8
	return fmt.Sprintf("record %d, field %s (line %d), from character %d (byte %d of a hex value): got …%s, want …%s",
		m.Record, m.Field, m.Line, i, i/2, clip(m.Got, from), clip(m.Want, from))
}

// firstDiff is the index of the first character at which a and b differ.
func firstDiff(a, b string) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

// clip is up to 40 characters of s from index from.
func clip(s string, from int) string {
	s = s[min(from, len(s)):]
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// FirstDifference compares got with want field by field, ignoring blank lines
// and trailing white space as the canonical forms do, and returns the first
// difference, or nil when they agree.
func FirstDifference(got, want io.Reader) (*Mismatch, error) {
	g, w := newFieldScanner(got), newFieldScanner(want)
	for {
		gk, gv, gok := g.next()
		wk, wv, wok := w.next()
		if g.err != nil || w.err != nil {
			return nil, fmt.Errorf("kat: reading: %v %v", g.err, w.err)
		}
		switch {
		case !gok && !wok:
			return nil, nil
		case !gok:
			return &Mismatch{Record: w.record, Field: wk, Line: g.line, Got: "(end of file)", Want: wv}, nil
		case !wok:
			return &Mismatch{Record: g.record, Field: gk, Line: g.line, Got: gv, Want: "(end of file)"}, nil
		case !strings.EqualFold(gk, wk):
			return &Mismatch{Record: w.record, Field: wk, Line: g.line, Got: gk + " = " + gv, Want: wk + " = " + wv}, nil
		case gv != wv:
			return &Mismatch{Record: w.record, Field: wk, Line: g.line, Got: gv, Want: wv}, nil
		}
	}
}

type fieldScanner struct {
	s      *bufio.Scanner
	line   int
	record int
	err    error
}

func newFieldScanner(r io.Reader) *fieldScanner {
	s := bufio.NewScanner(r)
	s.Buffer(make([]byte, 1<<20), 1<<26)
	return &fieldScanner{s: s, record: -1}
}

// next returns the next "key = value" line (or a bare line as key).
func (f *fieldScanner) next() (key, val string, ok bool) {
	for f.s.Scan() {
		f.line++
		l := strings.TrimRight(f.s.Text(), "\r \t")
		if l == "" {
			continue
		}
		k, v, found := strings.Cut(l, "=")
		if !found {
			return l, "", true
		}
		key, val = strings.TrimSpace(k), strings.TrimSpace(v)
		if strings.EqualFold(key, "count") {
			fmt.Sscan(val, &f.record)
		}
		return key, val, true
	}
	f.err = f.s.Err()
	return "", "", false
}
