package katgate

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"

	"crucible.dev/registry"
	"crucible.dev/registry/kat"
)

// TestDeclaredFileDigest: the file a generated KAT file is compared with
// must be the one the declared digest was taken of. A hostile plugin that
// declares one digest and carries another file (to steer the reported
// first difference) gets no comparison; the matching file is found among
// others.
func TestDeclaredFileDigest(t *testing.T) {
	honest := []byte("count = 0\nss = 00\n")
	other := []byte("count = 0\nss = 01\n")
	sum := sha256.Sum256(honest)
	digest := hex.EncodeToString(sum[:])
	if got, _ := declaredFile([]registry.VectorFile{{Name: "x", Format: kat.FormatRSP, Data: other}}, kat.FormatRSP, digest); got != nil {
		t.Errorf("a file whose digest is not the declared one was used: %q", got)
	}
	if got, _ := declaredFile([]registry.VectorFile{{Name: "x", Format: "csv", Data: honest}}, kat.FormatRSP, digest); got != nil {
		t.Errorf("a file of another format was used: %q", got)
	}
	got, name := declaredFile([]registry.VectorFile{{Name: "x", Format: kat.FormatRSP, Data: other}, {Name: "y", Format: kat.FormatRSP, Data: honest}}, kat.FormatRSP, digest)
	if string(got) != string(honest) || name != "y" {
		t.Errorf("got %q from %q, want the declared file y", got, name)
	}
}
