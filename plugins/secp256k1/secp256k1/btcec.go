package secp256k1

import (
	"errors"
	"fmt"

	"crucible.dev/registry"
	"github.com/btcsuite/btcd/btcec/v2"
	"github.com/btcsuite/btcd/btcec/v2/schnorr"
	"github.com/btcsuite/btcd/chainhash/v2"
)

// btcecSchnorr is BIP-340 from github.com/btcsuite/btcd/btcec/v2/schnorr.
//
// That package signs and verifies 32-byte messages only (the BIP before its
// 2022 revision to messages of any size). For those, which are every
// BIP-340 use in Bitcoin, schnorr.Sign and Signature.Verify are called.
// Other lengths go through signAnyLength and verifyAnyLength below: the
// same BIP-340 steps written here on btcec's own scalar, point and
// tagged-hash functions; a test checks they give schnorr.Sign's bytes on
// 32-byte messages.
type btcecSchnorr struct{}

var _ bip340Backend = btcecSchnorr{}

// PublicKey returns bytes(d⋅G), the x-only public key.
func (btcecSchnorr) PublicKey(sk []byte) ([]byte, error) {
	_, pub := btcec.PrivKeyFromBytes(sk)
	return schnorr.SerializePubKey(pub), nil
}

// Sign passes aux as schnorr.CustomNonce, which selects BIP-340's nonce
// derivation (without it btcec uses RFC 6979 nonces, which are not
// BIP-340's), and FastSign, which skips btcec's verification of its own
// signature: libsecp256k1 does not verify either, so both do the same work.
func (btcecSchnorr) Sign(sk, msg, aux []byte) ([]byte, error) {
	if len(msg) != 32 {
		return signAnyLength(sk, msg, aux)
	}
	// PrivKeyFromScalar, not PrivKeyFromBytes: the latter also computes
	// the public key, which schnorr.Sign computes again itself.
	var d btcec.ModNScalar
	d.SetByteSlice(sk)
	sig, err := schnorr.Sign(btcec.PrivKeyFromScalar(&d), msg, schnorr.CustomNonce([32]byte(aux)), schnorr.FastSign())
	if err != nil {
		return nil, err
	}
	return sig.Serialize(), nil
}

// Verify uses schnorr.ParsePubKey (lift_x), schnorr.ParseSignature (r < p,
// s < n) and Signature.Verify.
func (btcecSchnorr) Verify(pk, msg, sig []byte) error {
	if len(msg) != 32 {
		return verifyAnyLength(pk, msg, sig)
	}
	key, err := schnorr.ParsePubKey(pk)
	if err != nil {
		return err
	}
	s, err := schnorr.ParseSignature(sig)
	if err != nil {
		return fmt.Errorf("%w: %v", registry.ErrInvalidSignature, err)
	}
	if !s.Verify(msg, key) {
		return registry.ErrInvalidSignature
	}
	return nil
}

// signAnyLength is BIP-340 "Default Signing" for a message of any length.
func signAnyLength(sk, msg, aux []byte) ([]byte, error) {
	var d btcec.ModNScalar
	d.SetByteSlice(sk)
	var p btcec.JacobianPoint
	btcec.ScalarBaseMultNonConst(&d, &p)
	p.ToAffine()
	// Let d = d' if has_even_y(P), otherwise let d = n - d'.
	if p.Y.IsOdd() {
		d.Negate()
	}
	px := p.X.Bytes()
	// Let t be the byte-wise xor of bytes(d) and hash_BIP0340/aux(a).
	t := chainhash.TaggedHash(chainhash.TagBIP0340Aux, aux)
	db := d.Bytes()
	for i := range t {
		t[i] ^= db[i]
	}
	// Let rand = hash_BIP0340/nonce(t || bytes(P) || m), k' = int(rand) mod n.
	rand := chainhash.TaggedHash(chainhash.TagBIP0340Nonce, t[:], px[:], msg)
	var k btcec.ModNScalar
	k.SetBytes((*[32]byte)(rand))
	// A zero nonce (probability about 2^-256) fails in the open.
	if publicBool(k.IsZero()) {
		return nil, errors.New("nonce k' is zero")
	}
	// Let R = k'⋅G, k = k' if has_even_y(R), otherwise k = n - k'.
	var r btcec.JacobianPoint
	btcec.ScalarBaseMultNonConst(&k, &r)
	r.ToAffine()
	if r.Y.IsOdd() {
		k.Negate()
	}
	rx := r.X.Bytes()
	// Let e = int(hash_BIP0340/challenge(bytes(R) || bytes(P) || m)) mod n.
	eh := chainhash.TaggedHash(chainhash.TagBIP0340Challenge, rx[:], px[:], msg)
	var e btcec.ModNScalar
	e.SetBytes((*[32]byte)(eh))
	// Let sig = bytes(R) || bytes((k + ed) mod n).
	s := new(btcec.ModNScalar).Mul2(&e, &d).Add(&k)
	k.Zero()
	sig := make([]byte, SchnorrSignatureSize)
	copy(sig, rx[:])
	s.PutBytesUnchecked(sig[32:])
	return sig, nil
}

// verifyAnyLength is BIP-340 "Verification" for a message of any length.
func verifyAnyLength(pk, msg, sig []byte) error {
	// Let P = lift_x(int(pk)); fail if that fails.
	key, err := schnorr.ParsePubKey(pk)
	if err != nil {
		return err
	}
	// Let r = int(sig[0:32]); fail if r ≥ p. Let s = int(sig[32:64]); fail if s ≥ n.
	var r btcec.FieldVal
	var s btcec.ModNScalar
	if r.SetByteSlice(sig[:32]) {
		return fmt.Errorf("r is not below p: %w", registry.ErrInvalidSignature)
	}
	if s.SetByteSlice(sig[32:]) {
		return fmt.Errorf("s is not below n: %w", registry.ErrInvalidSignature)
	}
	// Let e = int(hash_BIP0340/challenge(bytes(r) || bytes(P) || m)) mod n.
	eh := chainhash.TaggedHash(chainhash.TagBIP0340Challenge, sig[:32], pk, msg)
	var e btcec.ModNScalar
	e.SetBytes((*[32]byte)(eh))
	e.Negate()
	// Let R = s⋅G - e⋅P.
	var p, sG, eP, rp btcec.JacobianPoint
	key.AsJacobian(&p)
	btcec.ScalarBaseMultNonConst(&s, &sG)
	btcec.ScalarMultNonConst(&e, &p, &eP)
	btcec.AddNonConst(&sG, &eP, &rp)
	// Fail if is_infinite(R), not has_even_y(R), or x(R) ≠ r.
	if (rp.X.IsZero() && rp.Y.IsZero()) || rp.Z.IsZero() {
		return fmt.Errorf("the point R is infinite: %w", registry.ErrInvalidSignature)
	}
	rp.ToAffine()
	if rp.Y.IsOdd() || !r.Equals(&rp.X) {
		return registry.ErrInvalidSignature
	}
	return nil
}
