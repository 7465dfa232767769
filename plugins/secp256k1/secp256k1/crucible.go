package secp256k1

import (
	"errors"
	"fmt"

	"crucible.dev/plugins/secp256k1/k256"
	"crucible.dev/registry"
)

// crucible is this project's own secp256k1, package k256.
type crucible struct{}

var (
	_ ecdsaBackend  = crucible{}
	_ ecdhBackend   = crucible{}
	_ bip340Backend = crucibleSchnorr{}
)

// PublicKey is k256.PublicKey.
func (crucible) PublicKey(sk []byte) ([]byte, error) {
	if len(sk) != ScalarSize {
		return nil, errSecretKey
	}
	pk := make([]byte, PublicKeySize)
	if err := k256.PublicKey((*[33]byte)(pk), (*[32]byte)(sk)); err != nil {
		return nil, err
	}
	// Public by design: the public key is the call's published result. An
	// exchange run as one call parses it again as the peer's key.
	registry.Declassify(pk)
	return pk, nil
}

// Sign is k256.SignECDSA, then DER encoding if asked.
func (crucible) Sign(sk, hash, extra []byte, der bool) ([]byte, error) {
	if len(sk) != ScalarSize || len(hash) != 32 || (extra != nil && len(extra) != 32) {
		return nil, errors.New("secret key, digest and additional data must be 32 bytes")
	}
	var sig [CompactSignatureSize]byte
	if err := k256.SignECDSA(&sig, (*[32]byte)(sk), (*[32]byte)(hash), extra); err != nil {
		return nil, err
	}
	if der {
		// Public by design: the signature is the call's published result,
		// and its DER length depends on its leading zero bytes.
		registry.Declassify(sig[:])
		return k256.AppendDERSignature(make([]byte, 0, MaxDERSignatureSize), &sig), nil
	}
	return sig[:], nil
}

// Verify parses sig (strict DER, or 64 bytes r ‖ s) and calls
// k256.VerifyECDSA.
func (crucible) Verify(pk, hash, sig []byte, der, lowS bool) error {
	if len(hash) != 32 {
		return fmt.Errorf("digest is %d bytes, want 32", len(hash))
	}
	var rs [CompactSignatureSize]byte
	if der {
		if err := k256.ParseDERSignature(&rs, sig); err != nil {
			return fmt.Errorf("%w: %v", registry.ErrInvalidSignature, err)
		}
	} else {
		if len(sig) != CompactSignatureSize {
			return fmt.Errorf("signature is %d bytes, want %d: %w", len(sig), CompactSignatureSize, registry.ErrInvalidSignature)
		}
		copy(rs[:], sig)
	}
	return crucibleInvalid(k256.VerifyECDSA(pk, (*[32]byte)(hash), &rs, lowS))
}

// Shared is k256.ECDH.
func (crucible) Shared(sk, peer []byte, raw bool) ([]byte, error) {
	if len(sk) != ScalarSize {
		return nil, errSecretKey
	}
	out := make([]byte, SharedSecretSize)
	if err := k256.ECDH((*[32]byte)(out), (*[32]byte)(sk), peer, raw); err != nil {
		return nil, err
	}
	return out, nil
}

// crucibleSchnorr is package k256's BIP-340.
type crucibleSchnorr struct{}

// PublicKey is k256.XOnlyPublicKey.
func (crucibleSchnorr) PublicKey(sk []byte) ([]byte, error) {
	if len(sk) != ScalarSize {
		return nil, errSecretKey
	}
	pk := make([]byte, XOnlyPublicKeySize)
	if err := k256.XOnlyPublicKey((*[32]byte)(pk), (*[32]byte)(sk)); err != nil {
		return nil, err
	}
	return pk, nil
}

// Sign is k256.SignSchnorr.
func (crucibleSchnorr) Sign(sk, msg, aux []byte) ([]byte, error) {
	if len(sk) != ScalarSize || len(aux) != AuxRandSize {
		return nil, errors.New("secret key and aux_rand must be 32 bytes")
	}
	sig := make([]byte, SchnorrSignatureSize)
	if err := k256.SignSchnorr((*[64]byte)(sig), (*[32]byte)(sk), msg, (*[32]byte)(aux)); err != nil {
		return nil, err
	}
	return sig, nil
}

// Verify is k256.VerifySchnorr; the caller has checked the lengths.
func (crucibleSchnorr) Verify(pk, msg, sig []byte) error {
	return crucibleInvalid(k256.VerifySchnorr((*[32]byte)(pk), msg, (*[64]byte)(sig)))
}

// crucibleInvalid marks every verification failure as an invalid
// signature, keeping k256's reason.
func crucibleInvalid(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%w: %v", registry.ErrInvalidSignature, err)
}
