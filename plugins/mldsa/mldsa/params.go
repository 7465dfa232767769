// Package mldsa adapts three Go implementations of ML-DSA (FIPS 204) to
// Crucible's signature contract: filippo.io/mldsa (the code that becomes
// crypto/mldsa), github.com/cloudflare/circl and github.com/emmansun/gmsm.
//
// Every implementation derives its keys from the 32-byte seed ξ read from the
// caller's randomness (FIPS 204, Algorithm 1), so the same bytes give the same
// public key everywhere, and signs pure ML-DSA with a context string
// (Algorithm 2), deterministically when no randomness is given.
package mldsa

// Params is one ML-DSA parameter set: the sizes FIPS 204 fixes for it
// (Table 2) and the NIST security category it targets (Table 1).
type Params struct {
	Name          string // "ML-DSA-65"
	Category      int
	PublicKeySize int // pkEncode, Algorithm 22
	SecretKeySize int // skEncode, Algorithm 24
	SignatureSize int // sigEncode, Algorithm 26
}

// SeedSize is the length of ξ, the seed of key generation (FIPS 204,
// Algorithm 1) and the seed form of the secret key.
const SeedSize = 32

// RndSize is the length of rnd, the per-signature randomness of hedged
// signing; deterministic signing uses 32 zero bytes (FIPS 204, Section 3.4).
const RndSize = 32

// MuSize is the length of μ, the message representative that the internal
// signing interface takes (FIPS 204, Algorithm 7 line 6).
const MuSize = 64

// ParameterSets are the three parameter sets of FIPS 204, in order of
// strength.
var ParameterSets = []*Params{
	{Name: "ML-DSA-44", Category: 2, PublicKeySize: 1312, SecretKeySize: 2560, SignatureSize: 2420},
	{Name: "ML-DSA-65", Category: 3, PublicKeySize: 1952, SecretKeySize: 4032, SignatureSize: 3309},
	{Name: "ML-DSA-87", Category: 5, PublicKeySize: 2592, SecretKeySize: 4896, SignatureSize: 4627},
}
