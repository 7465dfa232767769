// Package secp256k1 serves ECDSA, BIP-340 Schnorr and ECDH over the curve
// secp256k1 (SEC 2 §2.4.1) as Crucible instances, each backed by several
// implementations: decred's dcrd secp256k1, btcsuite's btcec, Bitcoin
// Core's libsecp256k1 (through cgo, loaded at run time) and this
// project's own, package k256, named crucible.
//
// Key generation, message hashing, the nonce inputs and the wire encodings
// are fixed here, once for every implementation, so the implementations are
// compared on the same bytes and their outputs must agree exactly.
package secp256k1

import (
	"bytes"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"unsafe"

	"crucible.dev/registry"
)

// ScalarSize is the length of a secret key and of a field element: 32 bytes.
const ScalarSize = 32

// order is n, the order of the generator G (SEC 2 §2.4.1), big-endian.
var order = [ScalarSize]byte{
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
	0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b,
	0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41,
}

// errSecretKey reports a secret key that is not a scalar in [1, n-1].
var errSecretKey = errors.New("secret key is not in [1, n-1]")

// validScalar reports whether b is a 32-byte big-endian integer in [1, n-1],
// the range of secret keys (SEC 1 §3.2.1).
//
// b is a secret key: the test reads every byte whatever their values (a
// bytes.Compare would stop at the first byte that differs from n), and only
// its verdict is declared public, which it is by design (keygen's count of
// tries, the refusal of an invalid key).
func validScalar(b []byte) bool {
	if len(b) != ScalarSize {
		return false
	}
	var borrow uint32 // of b - n, from the last byte up: 1 when b < n
	var or byte
	for i := ScalarSize - 1; i >= 0; i-- {
		d := uint32(b[i]) - uint32(order[i]) - borrow
		borrow = d >> 31
		or |= b[i]
	}
	ok := []byte{byte(borrow) &^ byte(subtle.ConstantTimeByteEq(or, 0))}
	registry.Declassify(ok)
	return ok[0] == 1
}

// publicBool declares a verdict computed from secrets public by design
// before the caller branches on it (registry.Declassify; free outside a
// taint build). It copies the bool's byte, which Go keeps 0 or 1, where an
// if to convert it would itself branch on the secret.
func publicBool(v bool) bool {
	b := []byte{*(*byte)(unsafe.Pointer(&v))}
	registry.Declassify(b)
	return b[0] == 1
}

// generateScalar draws a secret key from rand by rejection sampling: 32
// bytes at a time until they encode a scalar in [1, n-1] (the "testing
// candidates" method of FIPS 186-5 §A.2.2, which SEC 1 §3.2.1 allows). A
// reader holding exactly one valid key therefore yields that key, which is
// how known-answer tests feed a chosen secret key to keygen.
func generateScalar(rand io.Reader) ([]byte, error) {
	if rand == nil {
		return nil, errors.New("keygen: no randomness")
	}
	sk := make([]byte, ScalarSize)
	for {
		if _, err := io.ReadFull(rand, sk); err != nil {
			return nil, fmt.Errorf("keygen: %w", err)
		}
		if validScalar(sk) {
			return sk, nil
		}
	}
}

// checkSecretKey rejects a secret key of the wrong length or out of range.
func checkSecretKey(op string, sk []byte) error {
	if len(sk) != ScalarSize {
		return fmt.Errorf("%s: secret key is %d bytes, want %d", op, len(sk), ScalarSize)
	}
	if !validScalar(sk) {
		return fmt.Errorf("%s: %w", op, errSecretKey)
	}
	return nil
}

// scalarFromInteger converts a big-endian integer of any length (as
// Wycheproof writes private keys, with a leading zero byte when the top bit
// is set) to a 32-byte secret key.
func scalarFromInteger(b []byte) ([]byte, error) {
	b = bytes.TrimLeft(b, "\x00")
	if len(b) > ScalarSize {
		return nil, fmt.Errorf("private key integer is %d bytes long", len(b))
	}
	sk := make([]byte, ScalarSize)
	copy(sk[ScalarSize-len(b):], b)
	if !validScalar(sk) {
		return nil, errSecretKey
	}
	return sk, nil
}
