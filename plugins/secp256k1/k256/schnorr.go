package k256

import (
	"crypto/sha256"
	"errors"
)

// The BIP-340 tags, each hashed once: hash_tag(x) = SHA-256(SHA-256(tag) ‖
// SHA-256(tag) ‖ x).
var (
	tagAux       = sha256.Sum256([]byte("BIP0340/aux"))
	tagNonce     = sha256.Sum256([]byte("BIP0340/nonce"))
	tagChallenge = sha256.Sum256([]byte("BIP0340/challenge"))
)

// taggedStack bounds the input a tagged hash takes on the stack; longer
// messages go through a sha256.New hasher.
const taggedStack = 512

// taggedHash returns hash_tag(a ‖ b ‖ m) for 32-byte a and b.
func taggedHash(tag, a, b *[32]byte, m []byte) [32]byte {
	if 128+len(m) <= taggedStack {
		var buf [taggedStack]byte
		copy(buf[:], tag[:])
		copy(buf[32:], tag[:])
		copy(buf[64:], a[:])
		copy(buf[96:], b[:])
		n := 128 + copy(buf[128:], m)
		return sha256.Sum256(buf[:n])
	}
	h := sha256.New()
	h.Write(tag[:])
	h.Write(tag[:])
	h.Write(a[:])
	h.Write(b[:])
	h.Write(m)
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// XOnlyPublicKey writes bytes(d'·G), the BIP-340 public key of sk, in
// time independent of sk.
func XOnlyPublicKey(pk *[32]byte, sk *[32]byte) error {
	var d scalar
	a, err := publicPoint(&d, sk)
	if err != nil {
		return err
	}
	a.x.putBytes(pk)
	return nil
}

var errNonceZero = errors.New("bip340: nonce k' is zero")

// SignSchnorr writes the BIP-340 signature of msg (any length) under sk
// with auxiliary random data aux ("Default Signing"), in time independent
// of sk and the nonce.
func SignSchnorr(sig *[64]byte, sk *[32]byte, msg []byte, aux *[32]byte) error {
	var d scalar
	pa, err := publicPoint(&d, sk)
	if err != nil {
		return err
	}
	// Let d = d' if has_even_y(P), otherwise let d = n - d'.
	scCondNeg(&d, &d, pa.y.isOdd())
	var px, db [32]byte
	pa.x.putBytes(&px)
	d.putBytes(&db)
	// Let t be the byte-wise xor of bytes(d) and hash_BIP0340/aux(a).
	var t [32]byte
	{
		var buf [96]byte
		copy(buf[:], tagAux[:])
		copy(buf[32:], tagAux[:])
		copy(buf[64:], aux[:])
		t = sha256.Sum256(buf[:])
	}
	for i := range t {
		t[i] ^= db[i]
	}
	// Let rand = hash_BIP0340/nonce(t ‖ bytes(P) ‖ m), k' = int(rand) mod n.
	rand := taggedHash(&tagNonce, &t, &px, msg)
	var k scalar
	k.setBytes(&rand)
	if public(k.isZero()) == 1 {
		return errNonceZero
	}
	// Let R = k'·G, k = k' if has_even_y(R), otherwise k = n - k'.
	var r point
	baseMul(&r, &k)
	ra, _ := r.toAffine()
	scCondNeg(&k, &k, ra.y.isOdd())
	var rx [32]byte
	ra.x.putBytes(&rx)
	// Let e = int(hash_BIP0340/challenge(bytes(R) ‖ bytes(P) ‖ m)) mod n.
	eh := taggedHash(&tagChallenge, &rx, &px, msg)
	var e, s scalar
	e.setBytes(&eh)
	// sig = bytes(R) ‖ bytes((k + e·d) mod n).
	scMul(&s, &e, &d)
	scAdd(&s, &s, &k)
	copy(sig[:32], rx[:])
	s.putBytes((*[32]byte)(sig[32:]))
	return nil
}

// Errors of BIP-340 verification.
var (
	errLiftX = errors.New("bip340: public key is not the x coordinate of a point")
	errRBig  = errors.New("bip340: r is not below p")
	errSBig  = errors.New("bip340: s is not below n")
)

// VerifySchnorr checks a BIP-340 signature on msg under the x-only public
// key pk ("Verification"). Variable time.
func VerifySchnorr(pk *[32]byte, msg []byte, sig *[64]byte) error {
	// Let P = lift_x(int(pk)); fail if that fails.
	var px fieldElement
	var p affinePoint
	if !px.setBytes(pk) || !p.liftX(&px, 0) {
		return errLiftX
	}
	// Let r = int(sig[0:32]); fail if r ≥ p. Let s = int(sig[32:64]); fail if s ≥ n.
	var r fieldElement
	if !r.setBytes((*[32]byte)(sig[:32])) {
		return errRBig
	}
	var s scalar
	if s.setBytes((*[32]byte)(sig[32:])) != 0 {
		return errSBig
	}
	// Let e = int(hash_BIP0340/challenge(bytes(r) ‖ bytes(P) ‖ m)) mod n.
	eh := taggedHash(&tagChallenge, (*[32]byte)(sig[:32]), pk, msg)
	var e scalar
	e.setBytes(&eh)
	scNeg(&e, &e)
	// Let R = s·G - e·P; fail if infinite, not has_even_y(R) or x(R) ≠ r.
	rp := doubleMulVar(&s, &e, &p)
	if rp.isIdentityVar() {
		return ErrSignature
	}
	ra := rp.toAffineVar()
	if ra.y.isOdd() == 1 || ra.x.equal(&r) != 1 {
		return ErrSignature
	}
	return nil
}
