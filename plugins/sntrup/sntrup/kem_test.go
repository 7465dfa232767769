package sntrup

import (
	"bytes"
	"crypto/rand"
	"crypto/sha512"
	mrand "math/rand/v2"
	"slices"
	"testing"
)

// TestImplicitRejection tampers with ciphertexts and checks that
// decapsulation returns the rejection key of spec §3.5,
// Hash_0(Hash_3(rho) || ct), computed here from SHA-512 directly.
func TestImplicitRejection(t *testing.T) {
	for _, ps := range All {
		pk, sk, err := ps.GenerateKey(rand.Reader, OneCall)
		if err != nil {
			t.Fatal(err)
		}
		ct, ss, err := ps.Encapsulate(rand.Reader, OneCall, pk)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ps.Decapsulate(sk, ct)
		if err != nil || !bytes.Equal(got, ss) {
			t.Fatalf("%s: decapsulation of a valid ciphertext: %x, %v; want %x", ps.Name, got, err, ss)
		}
		rho := sk[2*ps.SmallBytes+ps.PublicKeySize : 3*ps.SmallBytes+ps.PublicKeySize]
		// A flipped bit in the rounded part, in the last byte of the
		// encoding and in the confirmation hash.
		for _, pos := range []int{0, ps.RoundedBytes / 2, ps.RoundedBytes - 1, ps.RoundedBytes + 5, len(ct) - 1} {
			bad := bytes.Clone(ct)
			bad[pos] ^= 0x04
			h3 := sha512.Sum512(append([]byte{3}, rho...))
			want := sha512.Sum512(slices.Concat([]byte{0}, h3[:HashBytes], bad))
			k, err := ps.Decapsulate(sk, bad)
			if err != nil {
				t.Fatalf("%s: byte %d: %v", ps.Name, pos, err)
			}
			if !bytes.Equal(k, want[:HashBytes]) {
				t.Errorf("%s: byte %d tampered: key %x, want rejection key %x", ps.Name, pos, k, want[:HashBytes])
			}
			if bytes.Equal(k, ss) {
				t.Errorf("%s: byte %d tampered: got the real key", ps.Name, pos)
			}
		}
	}
}

// TestLengthErrors checks that wrong-length inputs are refused.
func TestLengthErrors(t *testing.T) {
	ps := SNTRUP761
	if _, _, err := ps.Encapsulate(rand.Reader, OneCall, make([]byte, ps.PublicKeySize-1)); err == nil {
		t.Error("encapsulate accepted a short public key")
	}
	if _, err := ps.Decapsulate(make([]byte, ps.SecretKeySize), make([]byte, ps.CiphertextSize+1)); err == nil {
		t.Error("decapsulate accepted a long ciphertext")
	}
	if _, err := ps.Decapsulate(make([]byte, ps.SecretKeySize-1), make([]byte, ps.CiphertextSize)); err == nil {
		t.Error("decapsulate accepted a short secret key")
	}
}

// TestSizes checks the derived lengths against the specification's table.
func TestSizes(t *testing.T) {
	want := map[string][3]int{
		"sntrup653": {994, 1518, 897}, "sntrup761": {1158, 1763, 1039}, "sntrup857": {1322, 1999, 1184},
		"sntrup953": {1505, 2254, 1349}, "sntrup1013": {1623, 2417, 1455}, "sntrup1277": {2067, 3059, 1847},
	}
	for _, ps := range All {
		if got := [3]int{ps.PublicKeySize, ps.SecretKeySize, ps.CiphertextSize}; got != want[ps.Name] {
			t.Errorf("%s: pk/sk/ct %v, want %v", ps.Name, got, want[ps.Name])
		}
	}
}

// TestWeightForce compares weightForce with the spec's coefficient loop on
// vectors of weight w, which it keeps, and of other weights, which it
// replaces; and ctEqual with a byte comparison.
func TestWeightForce(t *testing.T) {
	r := mrand.New(mrand.NewPCG(21, 22))
	for _, ps := range All {
		for _, weight := range []int{ps.W, ps.W - 1, ps.W + 1, 0, ps.P} {
			x := make([]int8, ps.P)
			for i := range weight {
				x[i] = int8(2*r.IntN(2) - 1)
			}
			r.Shuffle(len(x), func(i, j int) { x[i], x[j] = x[j], x[i] })
			want := slices.Clone(x)
			if weight != ps.W {
				for i := range want {
					want[i] = 0
					if i < ps.W {
						want[i] = 1
					}
				}
			}
			ps.weightForce(x)
			if !slices.Equal(x, want) {
				t.Fatalf("%s: weightForce at weight %d differs from the spec", ps.Name, weight)
			}
		}
	}
	for n := range 40 {
		a := make([]byte, n)
		for i := range a {
			a[i] = byte(r.IntN(256))
		}
		if ctEqual(a, slices.Clone(a)) != 1 {
			t.Fatalf("ctEqual: equal strings of %d bytes differ", n)
		}
		for i := range n {
			b := slices.Clone(a)
			b[i] ^= byte(1 << r.IntN(8))
			if ctEqual(a, b) != 0 {
				t.Fatalf("ctEqual: strings of %d bytes differing at %d are equal", n, i)
			}
		}
	}
}
