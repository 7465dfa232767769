package kat

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"crucible.dev/registry/iccs"
)

// expectNGCCKEM builds the expected NGCC file of echoKEM from the ICCS DRNG
// directly.
func expectNGCCKEM(n int) string {
	seeds := iccs.NewDRNG(bytes.Repeat([]byte("seed"), 16))
	var sb strings.Builder
	for c := 0; c < n; c++ {
		seed := make([]byte, 64)
		seeds.Read(seed)
		rec := iccs.NewDRNG(seed)
		pk, sk, _ := echoKEM{}.GenerateKey(rec)
		ct, ss, _ := echoKEM{}.Encapsulate(rec, pk)
		fmt.Fprintf(&sb, "Count = %d\nSeed_Len = 64\nSeed = %s\nPK_Len = %d\nPK = %s\nSK_Len = %d\nSK = %s\nCT_Len = %d\nCT = %s\nSS_Len = %d\nSS = %s\n\n",
			c, upper(seed), len(pk), upper(pk), len(sk), upper(sk), len(ct), upper(ct), len(ss), upper(ss))
	}
	return sb.String()
}

func TestWriteNGCCKEMLayout(t *testing.T) {
	for _, n := range []int{1, 3} {
		var b bytes.Buffer
		if err := WriteNGCCKEM(&b, echoKEM{}, n, nil); err != nil {
			t.Fatal(err)
		}
		if got, want := b.String(), expectNGCCKEM(n); got != want {
			t.Errorf("n=%d:\n got %q\nwant %q", n, got, want)
		}
	}
	var b bytes.Buffer
	WriteNGCCKEM(&b, echoKEM{}, 2, nil)
	s := b.String()
	// The Seed lines every NGCC KEM file shares (the KAT driver's seed
	// DRNG output; published with the Amoeba reference files).
	if !strings.HasPrefix(s, "Count = 0\nSeed_Len = 64\nSeed = 927F06B594798A4DDFAA4F03F92AAAF04E1D453F6ED1DE19B86D3AADE048A65483DF4754049B5CD3F586406CF2C64875C51EDB576DF342B5A970F40EABC15D3C\n") {
		t.Errorf("record 0 does not carry the NGCC seed: %q", s[:80])
	}
	if !strings.Contains(s, "\n\nCount = 1\nSeed_Len = 64\nSeed = 58561187CBBF6CDC") {
		t.Errorf("record 1 is not separated by one empty line or has the wrong seed")
	}
	if !strings.HasSuffix(s, "\n\n") || strings.HasSuffix(s, "\n\n\n") {
		t.Errorf("the file must end with exactly one empty line after the last record")
	}
}

func TestWriteNGCCKEMChecksDecaps(t *testing.T) {
	err := WriteNGCCKEM(io.Discard, echoKEM{badDecaps: true}, 1, nil)
	if err == nil || !strings.Contains(err.Error(), "record 0: decaps") {
		t.Errorf("mismatching decapsulation not reported: %v", err)
	}
	if err := WriteNGCCKEM(io.Discard, echoKEM{}, 0, nil); err == nil {
		t.Errorf("zero records accepted")
	}
}
