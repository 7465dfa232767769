package mldsa

import (
	"errors"
	"fmt"
	"io"

	"crucible.dev/registry"
)

// Features says which parts of FIPS 204 an implementation's public API
// reaches. The vector checks read them (through the "features" operation)
// to tell a case the API cannot express from a case it gets wrong.
type Features struct {
	// ExplicitRnd: hedged signing takes rnd from the caller. Without it
	// the library draws rnd itself and hedged known answers cannot be
	// reproduced (FIPS 204, Algorithm 2, and Section 3.4).
	ExplicitRnd bool
	// SeedKey: signing accepts the 32-byte seed ξ as the secret key.
	SeedKey bool
	// ExpandedKey: signing accepts the skEncode form (Algorithm 24).
	ExpandedKey bool
	// EmptyMessage: the empty message can be signed and verified, as
	// FIPS 204 allows (M ∈ {0,1}*).
	EmptyMessage bool
	// SignMu: signing through the internal interface on an externally
	// computed μ (Algorithm 7 from line 7 on).
	SignMu bool
	// VerifyMu: verification on an external μ (Algorithm 8 from line 7
	// on); none of the adapted libraries exposes it.
	VerifyMu bool
}

// backend is one implementation of one parameter set, reduced to the
// library calls the contract needs. Secret keys are in the library's own
// form; see Features for what else it accepts.
type backend struct {
	impl string
	// keyGen is ML-DSA.KeyGen_internal (Algorithm 6) on the seed ξ.
	keyGen func(xi []byte) (pk, sk []byte, err error)
	// sign is ML-DSA.Sign (Algorithm 2) of the pure variant. rnd is the
	// 32 bytes to hedge with (all zero for the deterministic variant), or
	// nil to let the library draw them.
	sign func(sk, msg, ctx, rnd []byte) ([]byte, error)
	// verify is ML-DSA.Verify (Algorithm 3); the error is for a public
	// key the library cannot parse.
	verify func(pk, msg, sig, ctx []byte) (bool, error)
	// signMu is ML-DSA.Sign_internal (Algorithm 7) on an external μ,
	// where the library has it; rnd as for sign.
	signMu   func(sk, mu, rnd []byte) ([]byte, error)
	features Features
	// pkSize, skSize and sigSize are the lengths the library's own
	// constants give for its public keys, the secret keys keyGen returns
	// and signatures.
	pkSize, skSize, sigSize int
}

// errExplicitRnd is the answer of a library that cannot take rnd from its
// caller when asked to hedge with given bytes.
var errExplicitRnd = errors.New("the library draws rnd itself and cannot sign with a given rnd")

// isZero reports whether rnd selects deterministic signing.
func isZero(rnd []byte) bool {
	for _, b := range rnd {
		if b != 0 {
			return false
		}
	}
	return true
}

// Signer is one implementation of one parameter set as a
// registry.Signature.
type Signer struct {
	p *Params
	b *backend
}

var _ registry.Signature = Signer{}

// Sizes are the lengths the library's own constants give for its public
// keys, the secret keys GenerateKey returns, and signatures.
func (s Signer) Sizes() (pk, sk, sig int) { return s.b.pkSize, s.b.skSize, s.b.sigSize }

// Features says what the implementation's API can express.
func (s Signer) Features() Features { return s.b.features }

// Params is the parameter set.
func (s Signer) Params() *Params { return s.p }

// GenerateKey reads ξ from r (FIPS 204, Algorithm 1 line 1) so that the
// same randomness gives the same key in every implementation. Without r it
// fails rather than draw a key nobody can reproduce.
func (s Signer) GenerateKey(r io.Reader) (pk, sk []byte, err error) {
	if r == nil {
		return nil, nil, fmt.Errorf("keygen %s/%s: no randomness for ξ", s.p.Name, s.b.impl)
	}
	xi := make([]byte, SeedSize)
	if _, err := io.ReadFull(r, xi); err != nil {
		return nil, nil, fmt.Errorf("keygen %s/%s: reading ξ: %w", s.p.Name, s.b.impl, err)
	}
	pk, sk, err = s.b.keyGen(xi)
	if err != nil {
		return nil, nil, fmt.Errorf("keygen %s/%s: %w", s.p.Name, s.b.impl, err)
	}
	return pk, sk, nil
}

// Sign is deterministic for a nil r and hedged otherwise, with rnd read
// from r where the library takes it.
func (s Signer) Sign(r io.Reader, sk, msg, ctx []byte) ([]byte, error) {
	rnd, err := s.rnd(r)
	if err != nil {
		return nil, fmt.Errorf("sign %s/%s: %w", s.p.Name, s.b.impl, err)
	}
	sig, err := s.b.sign(sk, msg, ctx, rnd)
	if err != nil {
		return nil, fmt.Errorf("sign %s/%s: %w", s.p.Name, s.b.impl, err)
	}
	return sig, nil
}

// rnd returns the rnd of Algorithm 2 for the randomness r: zero
// for deterministic signing, 32 bytes of r for hedged signing, or nil when
// the library draws them itself.
func (s Signer) rnd(r io.Reader) ([]byte, error) {
	rnd := make([]byte, RndSize)
	switch {
	case r == nil:
		return rnd, nil
	case !s.b.features.ExplicitRnd:
		return nil, nil
	}
	if _, err := io.ReadFull(r, rnd); err != nil {
		return nil, fmt.Errorf("reading rnd: %w", err)
	}
	return rnd, nil
}

// Verify returns registry.ErrInvalidSignature for a signature that does not
// verify, and another error for a public key the library cannot parse.
func (s Signer) Verify(pk, msg, sig, ctx []byte) error {
	ok, err := s.b.verify(pk, msg, sig, ctx)
	if err != nil {
		return fmt.Errorf("verify %s/%s: %w", s.p.Name, s.b.impl, err)
	}
	if !ok {
		return registry.ErrInvalidSignature
	}
	return nil
}
