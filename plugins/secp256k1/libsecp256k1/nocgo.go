//go:build !cgo

package libsecp256k1

import "fmt"

// Load reports that this build cannot call C.
func Load() error {
	return fmt.Errorf("%w: %w", ErrNotLoaded, ErrNoCgo)
}

// Path is empty: nothing is loaded.
func Path() string { return "" }

// PublicKey is unavailable without cgo.
func PublicKey(sk []byte) ([]byte, error) { return nil, Load() }

// ECDSASign is unavailable without cgo.
func ECDSASign(sk, hash, extra []byte, der bool) ([]byte, error) { return nil, Load() }

// ECDSAVerify is unavailable without cgo.
func ECDSAVerify(pk, hash, sig []byte, der, lowS bool) error { return Load() }

// XOnlyPublicKey is unavailable without cgo.
func XOnlyPublicKey(sk []byte) ([]byte, error) { return nil, Load() }

// SchnorrSign is unavailable without cgo.
func SchnorrSign(sk, msg, aux []byte) ([]byte, error) { return nil, Load() }

// SchnorrVerify is unavailable without cgo.
func SchnorrVerify(pk, msg, sig []byte) error { return Load() }

// ECDH is unavailable without cgo.
func ECDH(sk, peer []byte, raw bool) ([]byte, error) { return nil, Load() }

// Noop does nothing without cgo.
func Noop() {}
