package secp256k1

import (
	"fmt"
	"io"

	"crucible.dev/registry"
)

// Sizes of BIP-340 keys and signatures.
const (
	// XOnlyPublicKeySize is a BIP-340 public key: the x coordinate of the
	// point whose y is even.
	XOnlyPublicKeySize = 32
	// SchnorrSignatureSize is bytes(R) ‖ bytes(s).
	SchnorrSignatureSize = 64
	// AuxRandSize is the length of BIP-340's auxiliary random data a.
	AuxRandSize = 32
)

// bip340Backend is one implementation of BIP-340.
type bip340Backend interface {
	// PublicKey returns the x-only public key of a valid secret key.
	PublicKey(sk []byte) ([]byte, error)
	// Sign signs msg (any length) with auxiliary random data aux.
	Sign(sk, msg, aux []byte) ([]byte, error)
	// Verify checks a 64-byte signature under a 32-byte public key.
	Verify(pk, msg, sig []byte) error
}

// Schnorr is BIP340-Schnorr as a registry.Signature. Messages are signed as
// given, of any length (BIP-340 "Messages of arbitrary size").
type Schnorr struct {
	backend bip340Backend
}

var _ registry.Signature = (*Schnorr)(nil)

// GenerateKey draws a secret key from rand (see generateScalar) and returns
// its x-only public key (BIP-340 "Public Key Generation").
func (s *Schnorr) GenerateKey(rand io.Reader) (pk, sk []byte, err error) {
	if sk, err = generateScalar(rand); err != nil {
		return nil, nil, err
	}
	if pk, err = s.backend.PublicKey(sk); err != nil {
		return nil, nil, fmt.Errorf("keygen: %w", err)
	}
	return pk, sk, nil
}

// Sign signs msg. The auxiliary random data a is 32 bytes read from rand;
// with a nil rand it is 32 zero bytes, which BIP-340 ("Default Signing",
// note on a) permits when no randomness is available, and which makes the
// signature deterministic.
func (s *Schnorr) Sign(rand io.Reader, sk, msg, ctx []byte) ([]byte, error) {
	if len(ctx) != 0 {
		return nil, fmt.Errorf("bip340 sign: BIP-340 has no context string")
	}
	if err := checkSecretKey("bip340 sign", sk); err != nil {
		return nil, err
	}
	aux := make([]byte, AuxRandSize)
	if rand != nil {
		if _, err := io.ReadFull(rand, aux); err != nil {
			return nil, fmt.Errorf("bip340 sign: aux_rand: %w", err)
		}
	}
	sig, err := s.backend.Sign(sk, msg, aux)
	if err != nil {
		return nil, fmt.Errorf("bip340 sign: %w", err)
	}
	return sig, nil
}

// Verify checks sig on msg under the x-only public key pk (BIP-340
// "Verification").
func (s *Schnorr) Verify(pk, msg, sig, ctx []byte) error {
	if len(ctx) != 0 {
		return fmt.Errorf("bip340 verify: BIP-340 has no context string")
	}
	if len(pk) != XOnlyPublicKeySize {
		return fmt.Errorf("bip340 verify: public key is %d bytes, want %d", len(pk), XOnlyPublicKeySize)
	}
	if len(sig) != SchnorrSignatureSize {
		return fmt.Errorf("bip340 verify: signature is %d bytes, want %d: %w", len(sig), SchnorrSignatureSize, registry.ErrInvalidSignature)
	}
	if err := s.backend.Verify(pk, msg, sig); err != nil {
		return fmt.Errorf("bip340 verify: %w", err)
	}
	return nil
}
