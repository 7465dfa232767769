//go:build !purego

package sntrup

import (
	"bytes"
	"io"
	mrand "math/rand/v2"
	"testing"

	"crucible.dev/registry/testenv"
)

// TestPathsAgree runs every operation on both code paths from the same
// randomness, including decapsulation of random secret keys and
// ciphertexts and encapsulation to random public keys, which exercise the
// inputs a valid run never produces (unused codes, values beyond a radix).
func TestPathsAgree(t *testing.T) {
	if !useAVX2 {
		if forcePortable {
			testenv.SkipChosen(t, "CRUCIBLE_SNTRUP_PORTABLE=1 keeps the portable path")
		}
		testenv.SkipCPU(t, "avx2")
	}
	defer func() { useAVX2 = true }()
	both := func(f func() ([]byte, error)) (avx2, portable []byte, err1, err2 error) {
		useAVX2 = true
		avx2, err1 = f()
		useAVX2 = false
		portable, err2 = f()
		useAVX2 = true
		return
	}
	seed := func(i int) io.Reader {
		var s [32]byte
		s[0], s[1] = byte(i), byte(i>>8)
		return mrand.NewChaCha8(s)
	}
	for _, ps := range All {
		for i := range 4 {
			a, b, e1, e2 := both(func() ([]byte, error) {
				pk, sk, err := ps.GenerateKey(seed(i), PerCoefficient)
				return append(pk, sk...), err
			})
			if e1 != nil || e2 != nil || !bytes.Equal(a, b) {
				t.Fatalf("%s: keygen differs between paths (%v, %v)", ps.Name, e1, e2)
			}
			pk := make([]byte, ps.PublicKeySize)
			seed(1000 + i).Read(pk)
			a, b, e1, e2 = both(func() ([]byte, error) {
				ct, ss, err := ps.Encapsulate(seed(i), OneCall, pk)
				return append(ct, ss...), err
			})
			if e1 != nil || e2 != nil || !bytes.Equal(a, b) {
				t.Fatalf("%s: encaps to a random public key differs between paths (%v, %v)", ps.Name, e1, e2)
			}
			sk := make([]byte, ps.SecretKeySize)
			ct := make([]byte, ps.CiphertextSize)
			seed(2000 + i).Read(sk)
			seed(3000 + i).Read(ct)
			a, b, e1, e2 = both(func() ([]byte, error) { return ps.Decapsulate(sk, ct) })
			if e1 != nil || e2 != nil || !bytes.Equal(a, b) {
				t.Fatalf("%s: decaps of random bytes differs between paths (%v, %v)", ps.Name, e1, e2)
			}
		}
	}
}
