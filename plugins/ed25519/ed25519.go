package main

import (
	"crypto/ed25519"
	"fmt"
	"io"

	"crucible.dev/registry"
)

// scheme is Ed25519 (RFC 8032 §5.1) with the secret key in its seed form:
// the 32 bytes of §5.1.5 from which the signing scalar and prefix derive.
type scheme struct{}

// GenerateKey draws the 32-byte seed (RFC 8032 §5.1.5) from rand.
func (scheme) GenerateKey(rand io.Reader) (pk, sk []byte, err error) {
	seed := make([]byte, ed25519.SeedSize)
	if _, err := io.ReadFull(rand, seed); err != nil {
		return nil, nil, fmt.Errorf("ed25519 keygen: %w", err)
	}
	priv := ed25519.NewKeyFromSeed(seed)
	return priv.Public().(ed25519.PublicKey), seed, nil
}

// Sign is deterministic (RFC 8032 §5.1.6), so rand is not read. Ed25519
// has no context string; Ed25519ctx is a different scheme.
func (scheme) Sign(_ io.Reader, sk, msg, ctx []byte) ([]byte, error) {
	if len(sk) != ed25519.SeedSize {
		return nil, fmt.Errorf("ed25519 sign: secret key is %d bytes, want %d", len(sk), ed25519.SeedSize)
	}
	if len(ctx) > 0 {
		return nil, fmt.Errorf("ed25519 sign: Ed25519 takes no context string")
	}
	return ed25519.Sign(ed25519.NewKeyFromSeed(sk), msg), nil
}

// Verify checks sig under pk (RFC 8032 §5.1.7, with the cofactorless
// equation and canonical S that crypto/ed25519 enforces).
func (scheme) Verify(pk, msg, sig, ctx []byte) error {
	if len(pk) != ed25519.PublicKeySize {
		return fmt.Errorf("ed25519 verify: public key is %d bytes, want %d", len(pk), ed25519.PublicKeySize)
	}
	if len(ctx) > 0 {
		return fmt.Errorf("ed25519 verify: Ed25519 takes no context string")
	}
	if !ed25519.Verify(ed25519.PublicKey(pk), msg, sig) {
		return registry.ErrInvalidSignature
	}
	return nil
}
