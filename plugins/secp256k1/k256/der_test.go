package k256

import (
	"bytes"
	"encoding/hex"
	"strings"
	"testing"
)

// TestDERStrict checks that each departure from strict DER is refused.
func TestDERStrict(t *testing.T) {
	good := "3006020101020102"
	for _, c := range []struct {
		hex string
		ok  bool
	}{
		{good, true},
		{"300702020080020102", true},                                // r = 128 needs its zero byte
		{"3007020101020102" + "00", false},                          // trailing byte inside the length
		{"300602010102010200", false},                               // trailing byte after the SEQUENCE
		{"308106020101020102", false},                               // long-form length
		{"3007020200010201" + "02", false},                          // r with a superfluous zero
		{"3006020181020102", false},                                 // negative r
		{"3005020002010200", false},                                 // empty INTEGER
		{"3106020101020102", false},                                 // SET, not SEQUENCE
		{"3006030101020102", false},                                 // BIT STRING, not INTEGER
		{"3003020101", false},                                       // one INTEGER
		{"3026022101" + strings.Repeat("00", 32) + "020102", false}, // r = 2^256
		{"3026022100" + strings.Repeat("ff", 32) + "020102", true},  // r = 2^256 - 1: range is the verifier's
	} {
		b, err := hex.DecodeString(c.hex)
		if err != nil {
			t.Fatal(err)
		}
		var sig [64]byte
		if got := ParseDERSignature(&sig, b) == nil; got != c.ok {
			t.Errorf("%s: parsed %v, want %v", c.hex, got, c.ok)
		}
	}
}

// FuzzParseDERSignature checks that strict DER is canonical: whatever
// parses re-encodes to the same bytes.
func FuzzParseDERSignature(f *testing.F) {
	for _, s := range []string{"3006020101020102", "300702020080020102", "3008020200ff020200ff"} {
		b, _ := hex.DecodeString(s)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, der []byte) {
		var sig [64]byte
		if ParseDERSignature(&sig, der) != nil {
			return
		}
		if again := AppendDERSignature(nil, &sig); !bytes.Equal(again, der) {
			t.Fatalf("%x parses, re-encodes as %x", der, again)
		}
	})
}
