package secp256k1

import (
	"errors"
	"fmt"

	"crucible.dev/registry"
	secp "github.com/decred/dcrd/dcrec/secp256k1/v4"
	"github.com/decred/dcrd/dcrec/secp256k1/v4/ecdsa"
)

// decred is github.com/decred/dcrd/dcrec/secp256k1/v4: ECDSA from its
// ecdsa package, ECDH on its group arithmetic. Its schnorr package is
// EC-Schnorr-DCRv0, not BIP-340, so it serves no BIP-340 instance.
type decred struct{}

var (
	_ ecdsaBackend = decred{}
	_ ecdhBackend  = decred{}
)

// PublicKey returns the compressed public key of sk.
func (decred) PublicKey(sk []byte) ([]byte, error) {
	return secp.PrivKeyFromBytes(sk).PubKey().SerializeCompressed(), nil
}

// Sign uses ecdsa.Sign for the deterministic signature. decred has no
// entry point for RFC 6979 additional data, so the hedged signature takes
// its nonce from decred's secp.NonceRFC6979 with extra as that data and
// completes SEC 1 §4.1.3 steps 1-6 on decred's scalar and point arithmetic,
// negating s above n/2 as ecdsa.Sign does.
func (decred) Sign(sk, hash, extra []byte, der bool) ([]byte, error) {
	priv := secp.PrivKeyFromBytes(sk)
	var sig *ecdsa.Signature
	if extra == nil {
		sig = ecdsa.Sign(priv, hash)
	} else {
		sig = decredSignHedged(&priv.Key, sk, hash, extra)
	}
	if der {
		return sig.Serialize(), nil
	}
	out := make([]byte, CompactSignatureSize)
	r, s := sig.R(), sig.S()
	r.PutBytesUnchecked(out[:32])
	s.PutBytesUnchecked(out[32:])
	return out, nil
}

func decredSignHedged(d *secp.ModNScalar, sk, hash, extra []byte) *ecdsa.Signature {
	var e secp.ModNScalar
	e.SetByteSlice(hash)
	for iteration := uint32(0); ; iteration++ {
		k := secp.NonceRFC6979(sk, hash, extra, nil, iteration)
		var kG secp.JacobianPoint
		secp.ScalarBaseMultNonConst(k, &kG)
		kG.ToAffine()
		var r secp.ModNScalar
		r.SetBytes(kG.X.Bytes()) // x mod n
		// r is the signature's first half, published.
		if publicBool(r.IsZero()) {
			continue
		}
		kinv := new(secp.ModNScalar).InverseValNonConst(k)
		s := new(secp.ModNScalar).Mul2(d, &r).Add(&e).Mul(kinv)
		k.Zero()
		// A zero s (probability about 2^-256) only makes another try.
		if publicBool(s.IsZero()) {
			continue
		}
		// r = x(kG) is the same for k and n - k, so whether s came out
		// above n/2 is a fair coin independent of d: public by design.
		if publicBool(s.IsOverHalfOrder()) {
			s.Negate()
		}
		return ecdsa.NewSignature(&r, s)
	}
}

// Verify parses pk with secp.ParsePubKey (compressed, uncompressed or
// hybrid) and sig with ecdsa.ParseDERSignature, or as r ‖ s with both in
// [1, n-1], then calls Signature.Verify.
func (decred) Verify(pk, hash, sig []byte, der, lowS bool) error {
	key, err := secp.ParsePubKey(pk)
	if err != nil {
		return err
	}
	var parsed *ecdsa.Signature
	if der {
		if parsed, err = ecdsa.ParseDERSignature(sig); err != nil {
			return err
		}
	} else {
		if len(sig) != CompactSignatureSize {
			return fmt.Errorf("signature is %d bytes, want %d", len(sig), CompactSignatureSize)
		}
		var r, s secp.ModNScalar
		if r.SetByteSlice(sig[:32]) || s.SetByteSlice(sig[32:]) {
			return errors.New("signature r or s is not below n")
		}
		parsed = ecdsa.NewSignature(&r, &s)
	}
	if lowS {
		if s := parsed.S(); s.IsOverHalfOrder() {
			return fmt.Errorf("s above n/2: %w", registry.ErrInvalidSignature)
		}
	}
	if !parsed.Verify(hash, key) {
		return registry.ErrInvalidSignature
	}
	return nil
}

// Shared uses secp.GenerateSharedSecret for the x coordinate; the hashed
// form needs the parity of y, which that function drops, so it repeats its
// multiplication (ScalarMultNonConst, which is variable-time in the secret
// scalar, as GenerateSharedSecret itself is).
func (decred) Shared(sk, peer []byte, raw bool) ([]byte, error) {
	key, err := secp.ParsePubKey(peer)
	if err != nil {
		return nil, err
	}
	priv := secp.PrivKeyFromBytes(sk)
	if raw {
		return secp.GenerateSharedSecret(priv, key), nil
	}
	var p, q secp.JacobianPoint
	key.AsJacobian(&p)
	secp.ScalarMultNonConst(&priv.Key, &p, &q)
	q.ToAffine()
	return hashCompressed(q.X.Bytes(), q.Y.IsOdd()), nil
}
