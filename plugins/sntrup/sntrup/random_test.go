package sntrup

import (
	"bytes"
	cryptorand "crypto/rand"
	"errors"
	"math/rand/v2"
	"testing"
	"testing/iotest"

	"crucible.dev/registry/testenv"
)

// TestReadSystem checks that crypto/rand.Reader is served by systemRead
// where the build sets it (fresh, nonzero bytes on every draw), and that
// any other reader is left to the conventions.
func TestReadSystem(t *testing.T) {
	a, b := make([]byte, 4*maxP), make([]byte, 4*maxP)
	if systemRead == nil {
		if readSystem(cryptorand.Reader, a) {
			t.Fatal("readSystem served crypto/rand.Reader without a system reader")
		}
		testenv.SkipChosen(t, "no system reader on this platform")
	}
	if !readSystem(cryptorand.Reader, a) || !readSystem(cryptorand.Reader, b) {
		t.Fatal("readSystem declined crypto/rand.Reader")
	}
	if bytes.Equal(a, b) || bytes.Equal(a, make([]byte, len(a))) {
		t.Fatal("the system reader repeated itself or left zeros")
	}
	clear(a)
	if readSystem(rand.NewChaCha8([32]byte{}), a) || !bytes.Equal(a, make([]byte, len(a))) {
		t.Fatal("readSystem took over a reader other than crypto/rand.Reader")
	}
}

// TestRandomErrors checks that a failing random source fails keygen and
// encaps with the source's error, under both conventions.
func TestRandomErrors(t *testing.T) {
	errSource := errors.New("source broken")
	ps := SNTRUP761
	pk, _, err := ps.GenerateKey(cryptorand.Reader, OneCall)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []Convention{OneCall, PerCoefficient} {
		if _, _, err := ps.GenerateKey(iotest.ErrReader(errSource), c); !errors.Is(err, errSource) {
			t.Errorf("keygen %s: error %v, want %v", c, err, errSource)
		}
		if _, _, err := ps.Encapsulate(iotest.ErrReader(errSource), c, pk); !errors.Is(err, errSource) {
			t.Errorf("encaps %s: error %v, want %v", c, err, errSource)
		}
	}
}
