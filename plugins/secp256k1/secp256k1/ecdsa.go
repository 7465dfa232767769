package secp256k1

import (
	"crypto/sha256"
	"fmt"
	"io"

	"crucible.dev/registry"
)

// Sizes of ECDSA keys and signatures.
const (
	// PublicKeySize is a SEC 1 §2.3.3 compressed point: 0x02 or 0x03, then x.
	PublicKeySize = 33
	// MaxDERSignatureSize bounds a DER signature (X.690 SEQUENCE of two
	// INTEGERs r and s, each up to 33 bytes with its sign byte): 72 bytes.
	// Low-S signatures are at most 71 bytes, and shorter when r or s has
	// leading zero bytes, so the length varies per signature.
	MaxDERSignatureSize = 72
	// CompactSignatureSize is r ‖ s, 32 bytes each (IEEE P1363, the form
	// libsecp256k1 calls compact).
	CompactSignatureSize = 64
)

// ecdsaBackend is one implementation of ECDSA over secp256k1, on digests.
type ecdsaBackend interface {
	// PublicKey returns the compressed public key of a valid secret key.
	PublicKey(sk []byte) ([]byte, error)
	// Sign signs a 32-byte digest with an RFC 6979 nonce, extra (nil or 32
	// bytes) being the additional data k' of RFC 6979 §3.6, and returns a
	// low-S signature, DER or compact.
	Sign(sk, hash, extra []byte, der bool) ([]byte, error)
	// Verify checks a signature on a 32-byte digest under a SEC 1 encoded
	// public key; with lowS, s > n/2 is rejected.
	Verify(pk, hash, sig []byte, der, lowS bool) error
}

// ECDSA is ECDSA-secp256k1-SHA256 (SEC 1 §4.1 with SHA-256) as a
// registry.Signature: the message is hashed with SHA-256, nonces follow
// RFC 6979 §3.2, and signatures are normalised to low S (BIP-62, BIP-146)
// because libsecp256k1 and Bitcoin consensus rules only produce that form.
type ECDSA struct {
	backend ecdsaBackend
	der     bool // DER output (X.690); otherwise 64-byte r ‖ s
}

var _ registry.Signature = (*ECDSA)(nil)

// GenerateKey draws a secret key from rand (see generateScalar) and returns
// its compressed public key.
func (e *ECDSA) GenerateKey(rand io.Reader) (pk, sk []byte, err error) {
	if sk, err = generateScalar(rand); err != nil {
		return nil, nil, err
	}
	if pk, err = e.backend.PublicKey(sk); err != nil {
		return nil, nil, fmt.Errorf("keygen: %w", err)
	}
	return pk, sk, nil
}

// Sign signs SHA-256(msg). With a nil rand the signature is the
// deterministic one of RFC 6979 §3.2; with a reader, 32 bytes read from it
// enter the nonce derivation as RFC 6979 §3.6 additional data, as
// libsecp256k1's ndata does, so equal bytes give equal signatures in every
// implementation.
func (e *ECDSA) Sign(rand io.Reader, sk, msg, ctx []byte) ([]byte, error) {
	if len(ctx) != 0 {
		return nil, fmt.Errorf("ecdsa sign: secp256k1 ECDSA has no context string")
	}
	if err := checkSecretKey("ecdsa sign", sk); err != nil {
		return nil, err
	}
	h := sha256.Sum256(msg)
	var extra []byte
	if rand != nil {
		extra = make([]byte, 32)
		if _, err := io.ReadFull(rand, extra); err != nil {
			return nil, fmt.Errorf("ecdsa sign: additional data: %w", err)
		}
	}
	sig, err := e.backend.Sign(sk, h[:], extra, e.der)
	if err != nil {
		return nil, fmt.Errorf("ecdsa sign: %w", err)
	}
	return sig, nil
}

// Verify checks sig on SHA-256(msg) as SEC 1 §4.1.4 does, accepting either
// s or n - s; pk is a compressed or uncompressed SEC 1 point.
func (e *ECDSA) Verify(pk, msg, sig, ctx []byte) error {
	return e.verify(pk, msg, sig, ctx, false)
}

// VerifyLowS is Verify with the low-S rule of BIP-146 (and libsecp256k1's
// secp256k1_ecdsa_verify): a signature with s > n/2 is invalid.
func (e *ECDSA) VerifyLowS(pk, msg, sig []byte) error {
	return e.verify(pk, msg, sig, nil, true)
}

func (e *ECDSA) verify(pk, msg, sig, ctx []byte, lowS bool) error {
	if len(ctx) != 0 {
		return fmt.Errorf("ecdsa verify: secp256k1 ECDSA has no context string")
	}
	h := sha256.Sum256(msg)
	if err := e.backend.Verify(pk, h[:], sig, e.der, lowS); err != nil {
		return fmt.Errorf("ecdsa verify: %w", err)
	}
	return nil
}

// VerifyLowSOp is the Extra operation "verify_low_s", the verification rule
// Wycheproof's ecdsa_secp256k1_sha256_bitcoin_test.json checks.
func (e *ECDSA) VerifyLowSOp() registry.Op {
	return registry.Op{Name: OpVerifyLowS, Doc: "pk, msg, sig in; valid \"1\" or \"0\" under ECDSA verification with BIP-146's low-S rule (s > n/2 is invalid)",
		Run: func(_ io.Reader, in registry.Args) (registry.Args, error) {
			pk, msg, sig, ok := in[registry.ArgPK], in[registry.ArgMsg], in[registry.ArgSig], true
			for _, n := range []string{registry.ArgPK, registry.ArgMsg, registry.ArgSig} {
				_, has := in[n]
				ok = ok && has
			}
			if !ok {
				return nil, fmt.Errorf("%s: needs %s, %s and %s", OpVerifyLowS, registry.ArgPK, registry.ArgMsg, registry.ArgSig)
			}
			out := registry.Args{registry.ArgValid: []byte("1")}
			if err := e.VerifyLowS(pk, msg, sig); err != nil {
				out[registry.ArgValid] = []byte("0")
				out["error"] = []byte(err.Error())
			}
			return out, nil
		},
		Prepare: func(r io.Reader, p registry.BenchParams) (func() error, error) {
			pk, sk, err := e.GenerateKey(r)
			if err != nil {
				return nil, err
			}
			msg := benchMessage(p)
			sig, err := e.Sign(r, sk, msg, nil)
			if err != nil {
				return nil, err
			}
			return func() error { return e.VerifyLowS(pk, msg, sig) }, nil
		},
		// The key pair is the loop's, the message and its signature each
		// call's own.
		Input: func(key, rand io.Reader, p registry.BenchParams) (registry.Args, error) {
			pk, sk, err := e.GenerateKey(key)
			if err != nil {
				return nil, err
			}
			msg := benchMessage(p)
			if _, err := io.ReadFull(rand, msg); err != nil {
				return nil, err
			}
			sig, err := e.Sign(rand, sk, msg, nil)
			if err != nil {
				return nil, err
			}
			return registry.Args{registry.ArgPK: pk, registry.ArgMsg: msg, registry.ArgSig: sig}, nil
		}}
}

// OpVerifyLowS names the low-S verification operation of the ECDSA instances.
const OpVerifyLowS = "verify_low_s"

// benchMessage is the message the Extra operations' benchmarks sign: the
// registry's 64 bytes 0, 1, 2, ... unless the host asks for another length.
func benchMessage(p registry.BenchParams) []byte {
	n := p.MsgLen
	if n == 0 {
		n = 64
	}
	m := make([]byte, n)
	for i := range m {
		m[i] = byte(i)
	}
	return m
}
