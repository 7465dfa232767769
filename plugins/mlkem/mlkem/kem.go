// Package mlkem serves ML-KEM (FIPS 203) implementations through Crucible's
// registry contract: the Go standard library's crypto/mlkem, circl's
// kem/mlkem and gmsm's mlkem, side by side, each reduced to the
// derandomised algorithms of FIPS 203 §6 so that one randomness stream
// drives all of them identically.
package mlkem

import (
	cryptorand "crypto/rand"
	"fmt"
	"io"
)

// The lengths FIPS 203 fixes for every parameter set.
const (
	// SeedSize is the seed form of a decapsulation key, d‖z: FIPS 203 §7.1
	// allows storing the seed instead of the expanded key, to be expanded
	// again by ML-KEM.KeyGen_internal.
	SeedSize = 64
	// MessageSize is m, the encapsulation randomness (FIPS 203 §7.2).
	MessageSize = 32
	// SharedKeySize is K.
	SharedKeySize = 32
)

// internal is one implementation of one parameter set reduced to FIPS 203's
// derandomised algorithms (§6.1 ML-KEM.KeyGen_internal, §6.2
// ML-KEM.Encaps_internal, §6.3 ML-KEM.Decaps_internal), with keys and
// ciphertexts as their byte encodings.
type internal struct {
	// keyGen derives (ek, dk) from the seed d‖z; dk is in the
	// implementation's own form (seed or expanded).
	keyGen func(seed []byte) (ek, dk []byte, err error)
	// encaps encapsulates to ek with the randomness m, after the
	// encapsulation key check of §7.2.
	encaps func(ek, m []byte) (ct, k []byte, err error)
	// decaps decapsulates ct with dk; an invalid ciphertext of the right
	// length gives the implicit-rejection key, not an error.
	decaps func(dk, ct []byte) (k []byte, err error)
	// encapsSystem, when set, is the library's own randomised
	// encapsulation, drawing m from the system generator. It is used only
	// when the caller's randomness is crypto/rand.Reader, where no one can
	// reproduce m anyway, because the library's derandomised entry point
	// costs more than its public one (see std.go).
	encapsSystem func(ek []byte) (ct, k []byte, err error)
}

// KEM adapts an internal implementation to registry.KEM.
//
// Randomness is read in the pieces the NIST KAT generator (and liboqs, whose
// published digests Crucible reproduces) reads it: keygen draws d‖z with a
// single 64-byte call, encapsulation draws m with a single 32-byte call.
// With the CTR DRBG of the KAT files, where every call ends with a state
// update, reading d and z separately would give different keys.
type KEM struct {
	name     string
	impl     string
	in       internal
	pk, sk   int // declared sizes: ek, dk in the implementation's form
	ct       int
	skIsSeed bool
}

// Sets returns every parameter set of every implementation.
func Sets() []*KEM {
	var out []*KEM
	for _, s := range [][]*KEM{stdSets, circlSets, gmsmSets} {
		out = append(out, s...)
	}
	return out
}

// Name is the parameter set, e.g. "ML-KEM-768".
func (k *KEM) Name() string { return k.name }

// Impl names the implementation: "go-std", "circl" or "gmsm".
func (k *KEM) Impl() string { return k.impl }

// PublicKeySize is the length of an encapsulation key ek.
func (k *KEM) PublicKeySize() int { return k.pk }

// SecretKeySize is the length of a decapsulation key in the
// implementation's own form: the seed d‖z or the expanded dk.
func (k *KEM) SecretKeySize() int { return k.sk }

// CiphertextSize is the length of a ciphertext c.
func (k *KEM) CiphertextSize() int { return k.ct }

// SeedForm reports whether the decapsulation key is kept as the 64-byte
// seed d‖z (FIPS 203 §7.1) rather than expanded.
func (k *KEM) SeedForm() bool { return k.skIsSeed }

// GenerateKey runs ML-KEM.KeyGen (FIPS 203 §7.1) with d‖z read from rand in
// one call.
func (k *KEM) GenerateKey(rand io.Reader) (pk, sk []byte, err error) {
	if rand == nil {
		return nil, nil, fmt.Errorf("keygen %s/%s: no randomness given", k.name, k.impl)
	}
	seed := make([]byte, SeedSize)
	if _, err := io.ReadFull(rand, seed); err != nil {
		return nil, nil, fmt.Errorf("keygen %s/%s: reading d‖z: %w", k.name, k.impl, err)
	}
	return k.FromSeed(seed)
}

// FromSeed runs ML-KEM.KeyGen_internal on the 64-byte seed d‖z.
func (k *KEM) FromSeed(seed []byte) (pk, sk []byte, err error) {
	if len(seed) != SeedSize {
		return nil, nil, fmt.Errorf("keygen %s/%s: seed is %d bytes, want %d", k.name, k.impl, len(seed), SeedSize)
	}
	pk, sk, err = k.in.keyGen(seed)
	if err != nil {
		return nil, nil, fmt.Errorf("keygen %s/%s: %w", k.name, k.impl, err)
	}
	return pk, sk, nil
}

// Encapsulate runs ML-KEM.Encaps (FIPS 203 §7.2) with m read from rand in
// one call. An encapsulation key that fails the §7.2 input check (wrong
// length, a coefficient not reduced modulo q) is an error.
func (k *KEM) Encapsulate(rand io.Reader, pk []byte) (ct, ss []byte, err error) {
	if len(pk) != k.pk {
		return nil, nil, fmt.Errorf("encaps %s/%s: encapsulation key is %d bytes, want %d", k.name, k.impl, len(pk), k.pk)
	}
	if rand == nil {
		return nil, nil, fmt.Errorf("encaps %s/%s: no randomness given", k.name, k.impl)
	}
	if rand == cryptorand.Reader && k.in.encapsSystem != nil {
		ct, ss, err = k.in.encapsSystem(pk)
		if err != nil {
			return nil, nil, fmt.Errorf("encaps %s/%s: %w", k.name, k.impl, err)
		}
		return ct, ss, nil
	}
	m := make([]byte, MessageSize)
	if _, err := io.ReadFull(rand, m); err != nil {
		return nil, nil, fmt.Errorf("encaps %s/%s: reading m: %w", k.name, k.impl, err)
	}
	ct, ss, err = k.in.encaps(pk, m)
	if err != nil {
		return nil, nil, fmt.Errorf("encaps %s/%s: %w", k.name, k.impl, err)
	}
	return ct, ss, nil
}

// Decapsulate runs ML-KEM.Decaps (FIPS 203 §7.3). Keys and ciphertexts of
// the wrong length are errors; a well-formed invalid ciphertext yields the
// implicit-rejection key.
func (k *KEM) Decapsulate(sk, ct []byte) (ss []byte, err error) {
	if len(sk) != k.sk {
		return nil, fmt.Errorf("decaps %s/%s: decapsulation key is %d bytes, want %d", k.name, k.impl, len(sk), k.sk)
	}
	if len(ct) != k.ct {
		return nil, fmt.Errorf("decaps %s/%s: ciphertext is %d bytes, want %d", k.name, k.impl, len(ct), k.ct)
	}
	ss, err = k.in.decaps(sk, ct)
	if err != nil {
		return nil, fmt.Errorf("decaps %s/%s: %w", k.name, k.impl, err)
	}
	return ss, nil
}
