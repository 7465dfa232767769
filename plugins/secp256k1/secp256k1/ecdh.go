package secp256k1

import (
	"crypto/sha256"
	"encoding/asn1"
	"fmt"
	"io"

	"crucible.dev/registry"
)

// SharedSecretSize is the length of either ECDH output: a SHA-256 digest
// or an x coordinate.
const SharedSecretSize = 32

// ecdhBackend is one implementation of secp256k1 Diffie-Hellman (SEC 1
// §3.3.1).
type ecdhBackend interface {
	// PublicKey returns the compressed public key of a valid secret key.
	PublicKey(sk []byte) ([]byte, error)
	// Shared multiplies the SEC 1 encoded point peer by sk and returns
	// SHA-256 of the compressed product, or with raw its x coordinate.
	Shared(sk, peer []byte, raw bool) ([]byte, error)
}

// ECDH is secp256k1 Diffie-Hellman as a 2-pass registry.KEX, as X25519 is:
// Init makes a party's key pair (the public value in pk, compressed), pass
// 1 carries A's public key to B, pass 2 B's to A, and each party derives
// the secret from its secret key and the message it received.
//
// The secret is libsecp256k1's default (secp256k1_ecdh_hash_function_sha256):
// SHA-256 of the compressed shared point, 0x02 or 0x03 then x; with raw it
// is the x coordinate alone (SEC 1 §3.3.1, RFC 5903 §9), the form
// Wycheproof's ECDH vectors give.
type ECDH struct {
	backend ecdhBackend
	raw     bool
}

var _ registry.KEX = (*ECDH)(nil)

// Passes is 2: one public key each way.
func (x *ECDH) Passes() int { return 2 }

// Init makes party p's key pair; there is no state.
func (x *ECDH) Init(p registry.Party, rand io.Reader) (pk, sk, st []byte, err error) {
	if sk, err = generateScalar(rand); err != nil {
		return nil, nil, nil, fmt.Errorf("init_%s: %w", p, err)
	}
	if pk, err = x.backend.PublicKey(sk); err != nil {
		return nil, nil, nil, fmt.Errorf("init_%s: %w", p, err)
	}
	return pk, sk, []byte{}, nil
}

// Pass sends the sender's public key: A's in pass 1, B's in pass 2.
func (x *ECDH) Pass(i int, _ io.Reader, pk, _, _, st, _ []byte) (out, newSt []byte, err error) {
	if i != 1 && i != 2 {
		return nil, nil, fmt.Errorf("ecdh: no pass %d", i)
	}
	if len(pk) != PublicKeySize {
		return nil, nil, fmt.Errorf("ecdh pass%d: public key is %d bytes, want %d", i, len(pk), PublicKeySize)
	}
	return pk, st, nil
}

// Derive computes party p's secret from its secret key and the peer's
// public key as received in the last message.
func (x *ECDH) Derive(p registry.Party, _, sk, _, _, in []byte) ([]byte, error) {
	if err := checkSecretKey("ecdh derive_"+p.String(), sk); err != nil {
		return nil, err
	}
	ss, err := x.backend.Shared(sk, in, x.raw)
	if err != nil {
		return nil, fmt.Errorf("ecdh derive_%s: %w", p, err)
	}
	return ss, nil
}

// OpECDHSPKI names the Extra operation that computes a shared secret from
// a private key integer (ArgScalar) and a peer public key in X.509
// SubjectPublicKeyInfo DER (ArgPoint), the encodings of Wycheproof's
// ecdh_secp256k1_test.json; it returns ArgSS or an error for a key it
// rejects.
const OpECDHSPKI = "ecdh_spki"

// SPKIOp is the Extra operation OpECDHSPKI on x's backend.
func (x *ECDH) SPKIOp() registry.Op {
	run := func(scalar, spki []byte) ([]byte, error) {
		sk, err := scalarFromInteger(scalar)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", OpECDHSPKI, err)
		}
		point, err := parseSPKI(spki)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", OpECDHSPKI, err)
		}
		ss, err := x.backend.Shared(sk, point, x.raw)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", OpECDHSPKI, err)
		}
		return ss, nil
	}
	return registry.Op{Name: OpECDHSPKI, Doc: "scalar (a private key integer, big-endian) and point (a peer public key as DER SubjectPublicKeyInfo) in; ss out, or an error for a rejected key", Secret: true,
		Run: func(_ io.Reader, in registry.Args) (registry.Args, error) {
			scalar, ok1 := in[registry.ArgScalar]
			spki, ok2 := in[registry.ArgPoint]
			if !ok1 || !ok2 {
				return nil, fmt.Errorf("%s: needs %s and %s", OpECDHSPKI, registry.ArgScalar, registry.ArgPoint)
			}
			ss, err := run(scalar, spki)
			if err != nil {
				return nil, err
			}
			return registry.Args{registry.ArgSS: ss}, nil
		},
		Prepare: func(r io.Reader, _ registry.BenchParams) (func() error, error) {
			sk, spki, err := x.spkiInput(r, r)
			if err != nil {
				return nil, err
			}
			return func() error { _, err := run(sk, spki); return err }, nil
		},
		// The scalar is the loop's key, the peer's key each call's own.
		Input: func(key, rand io.Reader, _ registry.BenchParams) (registry.Args, error) {
			sk, spki, err := x.spkiInput(key, rand)
			if err != nil {
				return nil, err
			}
			return registry.Args{registry.ArgScalar: sk, registry.ArgPoint: spki}, nil
		}}
}

// spkiInput makes an ecdh_spki input: a scalar from key and a peer's
// public key from rand, as DER SubjectPublicKeyInfo.
func (x *ECDH) spkiInput(key, rand io.Reader) (scalar, spki []byte, err error) {
	if _, scalar, _, err = x.Init(registry.PartyA, key); err != nil {
		return nil, nil, err
	}
	peer, _, _, err := x.Init(registry.PartyB, rand)
	if err != nil {
		return nil, nil, err
	}
	spki, err = marshalSPKI(peer)
	return scalar, spki, err
}

// hashCompressed is libsecp256k1's default ECDH output: SHA-256 of the
// compressed shared point.
func hashCompressed(x *[32]byte, yOdd bool) []byte {
	var buf [1 + 32]byte
	buf[0] = 0x02
	if yOdd {
		buf[0] = 0x03
	}
	copy(buf[1:], x[:])
	h := sha256.Sum256(buf[:])
	return h[:]
}

// The object identifiers of an elliptic-curve SubjectPublicKeyInfo.
var (
	oidECPublicKey = asn1.ObjectIdentifier{1, 2, 840, 10045, 2, 1} // RFC 5480 §2.1.1 id-ecPublicKey
	oidSecp256k1   = asn1.ObjectIdentifier{1, 3, 132, 0, 10}       // SEC 2 §A.2.1 secp256k1
)

type algorithmIdentifier struct {
	Algorithm  asn1.ObjectIdentifier
	Parameters asn1.RawValue
}

type subjectPublicKeyInfo struct {
	Algorithm algorithmIdentifier
	PublicKey asn1.BitString
}

// parseSPKI returns the SEC 1 point of a DER SubjectPublicKeyInfo whose
// algorithm is id-ecPublicKey on the named curve secp256k1 (RFC 5480
// §2.1.1). Explicit curve parameters (specifiedCurve) are refused, as RFC
// 5480 §2.1.1 says conforming keys must use namedCurve: that alone rejects
// Wycheproof's modified-curve keys whatever their parameters claim.
func parseSPKI(der []byte) ([]byte, error) {
	var s subjectPublicKeyInfo
	rest, err := asn1.Unmarshal(der, &s)
	if err != nil {
		return nil, fmt.Errorf("public key info: %w", err)
	}
	if len(rest) != 0 {
		return nil, fmt.Errorf("public key info: %d trailing bytes", len(rest))
	}
	if !s.Algorithm.Algorithm.Equal(oidECPublicKey) {
		return nil, fmt.Errorf("public key info: algorithm %v is not id-ecPublicKey", s.Algorithm.Algorithm)
	}
	var curve asn1.ObjectIdentifier
	rest, err = asn1.Unmarshal(s.Algorithm.Parameters.FullBytes, &curve)
	if err != nil {
		return nil, fmt.Errorf("public key info: parameters are not a named curve: %w", err)
	}
	if len(rest) != 0 || !curve.Equal(oidSecp256k1) {
		return nil, fmt.Errorf("public key info: curve %v is not secp256k1", curve)
	}
	if s.PublicKey.BitLength%8 != 0 {
		return nil, fmt.Errorf("public key info: key is %d bits, not whole bytes", s.PublicKey.BitLength)
	}
	return s.PublicKey.Bytes, nil
}

// marshalSPKI encodes a SEC 1 point as a named-curve SubjectPublicKeyInfo.
func marshalSPKI(point []byte) ([]byte, error) {
	params, err := asn1.Marshal(oidSecp256k1)
	if err != nil {
		return nil, err
	}
	return asn1.Marshal(subjectPublicKeyInfo{
		Algorithm: algorithmIdentifier{Algorithm: oidECPublicKey, Parameters: asn1.RawValue{FullBytes: params}},
		PublicKey: asn1.BitString{Bytes: point, BitLength: 8 * len(point)},
	})
}
