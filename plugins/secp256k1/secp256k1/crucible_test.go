//go:build cgo

package secp256k1

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"crucible.dev/plugins/secp256k1/libsecp256k1"
	"crucible.dev/registry/testenv"
)

// needLibsecp skips when libsecp256k1 cannot be loaded, or fails when
// under CI (testenv), where it must be there.
func needLibsecp(t testing.TB) {
	t.Helper()
	if err := libsecp256k1.Load(); err != nil {
		testenv.Skipf(t, "libsecp256k1 absent: %v", err)
	}
}

// randomBytes draws n bytes from r.
func randomBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// mutate returns b with one random change: a flipped bit, a byte set to
// an edge value, or a truncation.
func mutate(r *rand.Rand, b []byte) []byte {
	b = bytes.Clone(b)
	if len(b) == 0 {
		return []byte{0}
	}
	i := r.IntN(len(b))
	switch r.IntN(4) {
	case 0:
		b[i] ^= 1 << r.IntN(8)
	case 1:
		b[i] = []byte{0, 0x7f, 0x80, 0xff}[r.IntN(4)]
	case 2:
		b = b[:i]
	default:
		b[i]++
	}
	return b
}

// sameOutcome fails unless both results are errors or both are equal
// successes.
func sameOutcome(t *testing.T, what string, got, want []byte, gotErr, wantErr error) {
	t.Helper()
	if (gotErr == nil) != (wantErr == nil) || !bytes.Equal(got, want) {
		t.Fatalf("%s: crucible %x (%v), libsecp256k1 %x (%v)", what, got, gotErr, want, wantErr)
	}
}

// TestCrucibleDifferential runs the crucible implementation and
// libsecp256k1 on the same random inputs, valid and mutated: key
// generation, both signatures, ECDH and every verification must give the
// same bytes and the same accept/reject decisions.
func TestCrucibleDifferential(t *testing.T) {
	needLibsecp(t)
	r := rand.New(rand.NewPCG(22, 1))
	var c crucible
	var cs crucibleSchnorr
	iters := 300
	if testing.Short() {
		iters = 40
	}
	for i := 0; i < iters; i++ {
		sk := randomBytes(r, 32)
		if i%10 == 0 {
			sk = bytes.Clone(order[:])
			binary.BigEndian.PutUint64(sk[24:], binary.BigEndian.Uint64(sk[24:])-uint64(r.IntN(3)))
		}
		pk, err1 := c.PublicKey(sk)
		want, err2 := libsecp256k1.PublicKey(sk)
		sameOutcome(t, "public key", pk, want, err1, err2)
		xpk, err1 := cs.PublicKey(sk)
		want, err2 = libsecp256k1.XOnlyPublicKey(sk)
		sameOutcome(t, "x-only public key", xpk, want, err1, err2)
		if err1 != nil {
			continue
		}
		msg := randomBytes(r, r.IntN(100))
		hash := sha256.Sum256(msg)
		var extra []byte
		if i%2 == 1 {
			extra = randomBytes(r, 32)
		}
		for _, der := range []bool{true, false} {
			sig, err1 := c.Sign(sk, hash[:], extra, der)
			want, err2 := libsecp256k1.ECDSASign(sk, hash[:], extra, der)
			sameOutcome(t, "ecdsa sign", sig, want, err1, err2)
			for j := 0; j < 4; j++ {
				s, key := sig, pk
				switch j {
				case 1:
					s = mutate(r, sig)
				case 2:
					key = mutate(r, pk)
				case 3:
					s = randomBytes(r, len(sig))
				}
				for _, lowS := range []bool{false, true} {
					e1 := c.Verify(key, hash[:], s, der, lowS)
					e2 := libsecp256k1.ECDSAVerify(key, hash[:], s, der, lowS)
					if (e1 == nil) != (e2 == nil) {
						t.Fatalf("ecdsa verify pk %x sig %x der %v lowS %v: crucible %v, libsecp256k1 %v", key, s, der, lowS, e1, e2)
					}
				}
			}
		}
		aux := randomBytes(r, 32)
		sig, err1 := cs.Sign(sk, msg, aux)
		want, err2 = libsecp256k1.SchnorrSign(sk, msg, aux)
		sameOutcome(t, "bip340 sign", sig, want, err1, err2)
		for j := 0; j < 3; j++ {
			s, key := sig, xpk
			if j == 1 {
				s = mutate(r, sig)
			}
			if j == 2 {
				key = mutate(r, xpk)
			}
			if len(s) != 64 || len(key) != 32 {
				continue
			}
			e1, e2 := cs.Verify(key, msg, s), libsecp256k1.SchnorrVerify(key, msg, s)
			if (e1 == nil) != (e2 == nil) {
				t.Fatalf("bip340 verify pk %x sig %x: crucible %v, libsecp256k1 %v", key, s, e1, e2)
			}
		}
		peer := pk
		if i%3 == 0 {
			peer = mutate(r, pk)
		}
		for _, raw := range []bool{false, true} {
			ss, err1 := c.Shared(sk, peer, raw)
			want, err2 := libsecp256k1.ECDH(sk, peer, raw)
			sameOutcome(t, "ecdh", ss, want, err1, err2)
		}
	}
}

// fuzzSeed is a valid key, digest and signature for the fuzz corpora.
func fuzzSeed(f *testing.F) (pk, xpk, hash, der, compact, schnorr []byte) {
	var c crucible
	var cs crucibleSchnorr
	sk := sha256.Sum256([]byte("fuzz key"))
	h := sha256.Sum256([]byte("fuzz message"))
	pk, _ = c.PublicKey(sk[:])
	xpk, _ = cs.PublicKey(sk[:])
	der, _ = c.Sign(sk[:], h[:], nil, true)
	compact, _ = c.Sign(sk[:], h[:], nil, false)
	schnorr, err := cs.Sign(sk[:], h[:], make([]byte, 32))
	if err != nil {
		f.Fatal(err)
	}
	return pk, xpk, h[:], der, compact, schnorr
}

// FuzzCrucibleVerifyECDSA feeds arbitrary public keys and signatures,
// DER or compact, to the crucible verifier and libsecp256k1's: they must
// accept and reject alike (strict DER, point parsing, range and low-S
// rules, the x mod n comparison).
func FuzzCrucibleVerifyECDSA(f *testing.F) {
	needLibsecp(f)
	pk, _, hash, der, compact, _ := fuzzSeed(f)
	f.Add(pk, hash, der, true, false)
	f.Add(pk, hash, compact, false, true)
	var c crucible
	f.Fuzz(func(t *testing.T, pk, hash, sig []byte, der, lowS bool) {
		if len(hash) != 32 {
			return
		}
		e1 := c.Verify(pk, hash, sig, der, lowS)
		e2 := libsecp256k1.ECDSAVerify(pk, hash, sig, der, lowS)
		if (e1 == nil) != (e2 == nil) {
			t.Fatalf("pk %x sig %x der %v lowS %v: crucible %v, libsecp256k1 %v", pk, sig, der, lowS, e1, e2)
		}
	})
}

// FuzzCrucibleVerifySchnorr does the same for BIP-340 verification
// (lift_x, the r < p and s < n checks, the even-y rule).
func FuzzCrucibleVerifySchnorr(f *testing.F) {
	needLibsecp(f)
	_, xpk, hash, _, _, sig := fuzzSeed(f)
	f.Add(xpk, hash, sig)
	var cs crucibleSchnorr
	f.Fuzz(func(t *testing.T, pk, msg, sig []byte) {
		if len(pk) != 32 || len(sig) != 64 {
			return
		}
		e1, e2 := cs.Verify(pk, msg, sig), libsecp256k1.SchnorrVerify(pk, msg, sig)
		if (e1 == nil) != (e2 == nil) {
			t.Fatalf("pk %x msg %x sig %x: crucible %v, libsecp256k1 %v", pk, msg, sig, e1, e2)
		}
	})
}

// FuzzCrucibleECDH feeds arbitrary peer encodings and secret keys to both
// ECDH implementations: the same keys must be refused and the same
// secrets derived.
func FuzzCrucibleECDH(f *testing.F) {
	needLibsecp(f)
	pk, _, hash, _, _, _ := fuzzSeed(f)
	f.Add(hash, pk, false)
	var c crucible
	f.Fuzz(func(t *testing.T, sk, peer []byte, raw bool) {
		if len(sk) != 32 {
			return
		}
		ss, e1 := c.Shared(sk, peer, raw)
		want, e2 := libsecp256k1.ECDH(sk, peer, raw)
		if (e1 == nil) != (e2 == nil) || !bytes.Equal(ss, want) {
			t.Fatalf("sk %x peer %x: crucible %x (%v), libsecp256k1 %x (%v)", sk, peer, ss, e1, want, e2)
		}
	})
}
