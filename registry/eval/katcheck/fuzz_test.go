package katcheck

import (
	"bytes"
	"strings"
	"testing"

	"crucible.dev/registry/kat"
)

const sample = "count = 0\nseed = 061550\npk = AB\n\ncount = 1\nseed = 00\npk = CD\n"

// FuzzReadRecords: any input is parsed or refused with an error, never a
// panic, and every parsed record's fields come from lines of the input.
func FuzzReadRecords(f *testing.F) {
	f.Add([]byte(sample))
	f.Add([]byte("# comment\n[section]\nCount = 3\nM4 = \n"))
	f.Add([]byte("pk = 00\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		recs, err := ReadRecords(bytes.NewReader(b))
		if err != nil {
			return
		}
		for _, r := range recs {
			for _, fd := range r.Fields {
				if !strings.Contains(string(b), fd.Name) {
					t.Fatalf("field %q is not in the input", fd.Name)
				}
			}
		}
	})
}

// FuzzCanonical: the NGCC digest ignores blank lines and trailing blanks,
// and a file always agrees with itself.
func FuzzCanonical(f *testing.F) {
	f.Add([]byte(sample))
	f.Add([]byte("a \r\n\n\tb\t\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		d1, _ := Digest(kat.FormatNGCC, bytes.NewReader(b))
		noisy := bytes.ReplaceAll(b, []byte("\n"), []byte(" \r\n\n"))
		d2, _ := Digest(kat.FormatNGCC, bytes.NewReader(noisy))
		if d1 != d2 {
			t.Fatalf("blank lines and trailing blanks changed the canonical digest")
		}
		m, err := FirstDifference(bytes.NewReader(b), bytes.NewReader(b))
		if err == nil && m != nil {
			t.Fatalf("a file differs from itself: %v", m)
		}
	})
}

// TestFirstDifferenceNamesRecordAndField deletes one byte of one expected
// value: the comparison names the record and the field.
func TestFirstDifferenceNamesRecordAndField(t *testing.T) {
	want := "count = 0\nseed = 0011\nct = AABBCC\n\ncount = 1\nseed = 2233\nct = DDEEFF\n"
	got := strings.Replace(want, "DDEEFF", "DDEE", 1)
	m, err := FirstDifference(strings.NewReader(got), strings.NewReader(want))
	if err != nil {
		t.Fatal(err)
	}
	if m == nil || m.Record != 1 || m.Field != "ct" {
		t.Fatalf("got %v, want record 1 field ct", m)
	}
	if !strings.Contains(m.Error(), "record 1, field ct") {
		t.Fatalf("message %q does not name the record and field", m.Error())
	}
}

// TestFirstDifferenceDeep changes one byte far into a long value: the
// message gives the offset, and excerpts from there that differ.
func TestFirstDifferenceDeep(t *testing.T) {
	long := strings.Repeat("AB", 1000)
	want := "count = 0\nct = " + long + "\n"
	got := "count = 0\nct = " + long[:739*2] + "CD" + long[740*2:] + "\n"
	m, err := FirstDifference(strings.NewReader(got), strings.NewReader(want))
	if err != nil || m == nil {
		t.Fatalf("%v %v", m, err)
	}
	msg := m.Error()
	if !strings.Contains(msg, "byte 739") || !strings.Contains(msg, "got …ABABABABCDAB") || !strings.Contains(msg, "want …ABABABABABAB") {
		t.Fatalf("message %q: want the offset and differing excerpts", msg)
	}
}

func TestReadRecords(t *testing.T) {
	recs, err := ReadRecords(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 || recs[1].Count != 1 {
		t.Fatalf("records %+v", recs)
	}
	if b, err := recs[1].Bytes("pk"); err != nil || !bytes.Equal(b, []byte{0xcd}) {
		t.Fatalf("pk %x %v", b, err)
	}
	if _, err := ReadRecords(strings.NewReader("count = 0\ngarbage\n")); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Fatalf("malformed line: %v", err)
	}
}
