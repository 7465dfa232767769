package kat

import (
	"bytes"
	"testing"
)

// TestFreshSeedArgument: the seed a generator is given, and only it, moves
// the file's root: nil writes the standard file, a seed another file that
// the same seed writes again, and two generations side by side do not
// see each other's seed.
func TestFreshSeedArgument(t *testing.T) {
	gen := func(seed []byte) []byte {
		var b bytes.Buffer
		if err := WriteRSPKEM(&b, echoKEM{}, 2, seed); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	std, a, a2, b := gen(nil), gen([]byte("seed a")), gen([]byte("seed a")), gen([]byte("seed b"))
	if bytes.Equal(std, a) || bytes.Equal(a, b) {
		t.Error("a fresh seed did not change the file")
	}
	if !bytes.Equal(a, a2) {
		t.Error("one seed wrote two different files")
	}
	done := make(chan []byte)
	go func() { done <- gen([]byte("seed b")) }()
	if s := gen(nil); !bytes.Equal(s, std) {
		t.Error("a standard file written beside a fresh one is not the standard file")
	}
	if got := <-done; !bytes.Equal(got, b) {
		t.Error("a fresh file written beside a standard one lost its seed")
	}
	var n bytes.Buffer
	if err := WriteNGCCKEM(&n, echoKEM{}, 1, []byte("seed a")); err != nil {
		t.Fatal(err)
	}
	var ns bytes.Buffer
	if err := WriteNGCCKEM(&ns, echoKEM{}, 1, nil); err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(n.Bytes(), ns.Bytes()) {
		t.Error("a fresh seed did not change the NGCC file")
	}
}
