package vectors

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

// The shipped table is the one its SOURCE note pins: BIP-340's final
// test-vectors.csv (bitcoin/bips 200f9b26).
func TestBIP340FileDigest(t *testing.T) {
	const name = "data/bip340/test-vectors.csv"
	b, err := tables.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	if got, want := hex.EncodeToString(sum[:]), "34c9d1d9c3a88d524bc80778540dc43f8306ec249a7485293063c376db851c2d"; got != want {
		t.Errorf("%s: sha256 %s, want %s", name, got, want)
	}
}
