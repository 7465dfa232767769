package registry

import (
	"strings"
	"testing"
)

func TestParseKATManifest(t *testing.T) {
	h := strings.Repeat("ab", 32)
	m := "# digests\n" + h + "  Demo-1 ngcc 10\n\n" + strings.ToUpper(h) + " Demo-1 ngcc 100\n" + h + " Other ngcc 10\n"
	ds, err := ParseKATManifest([]byte(m), "Demo-1", "kat.sha256")
	if err != nil || len(ds) != 2 || ds[0] != (DeclaredDigest{Source: "ngcc", Records: 10, SHA256: h, Origin: "kat.sha256"}) || ds[1].SHA256 != h {
		t.Errorf("got %+v, %v", ds, err)
	}
	for _, bad := range []string{h + " Demo-1 ngcc", "abcd Demo-1 ngcc 10", h + " Demo-1 ngcc 0", h + " Demo-1 ngcc x"} {
		if _, err := ParseKATManifest([]byte(bad), "Demo-1", "m"); err == nil || !strings.Contains(err.Error(), "line 1") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
