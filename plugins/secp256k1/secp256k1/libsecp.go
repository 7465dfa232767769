package secp256k1

import (
	"errors"

	"crucible.dev/plugins/secp256k1/libsecp256k1"
	"crucible.dev/registry"
)

// libsecp is Bitcoin Core's libsecp256k1 through package libsecp256k1: one
// cgo call per operation.
type libsecp struct{}

var (
	_ ecdsaBackend  = libsecp{}
	_ bip340Backend = libsecpSchnorr{}
	_ ecdhBackend   = libsecp{}
)

// PublicKey is secp256k1_ec_pubkey_create, serialised compressed.
func (libsecp) PublicKey(sk []byte) ([]byte, error) { return libsecp256k1.PublicKey(sk) }

// Sign is secp256k1_ecdsa_sign with the default nonce function
// (RFC 6979, extra as ndata).
func (libsecp) Sign(sk, hash, extra []byte, der bool) ([]byte, error) {
	return libsecp256k1.ECDSASign(sk, hash, extra, der)
}

// Verify is secp256k1_ecdsa_verify, after secp256k1_ecdsa_signature_normalize
// unless lowS.
func (libsecp) Verify(pk, hash, sig []byte, der, lowS bool) error {
	return invalid(libsecp256k1.ECDSAVerify(pk, hash, sig, der, lowS))
}

// Shared is secp256k1_ecdh with the default hash function, or one that
// returns x for raw.
func (libsecp) Shared(sk, peer []byte, raw bool) ([]byte, error) {
	return libsecp256k1.ECDH(sk, peer, raw)
}

// libsecpSchnorr is libsecp256k1's schnorrsig module.
type libsecpSchnorr struct{}

// PublicKey is secp256k1_keypair_create then secp256k1_keypair_xonly_pub.
func (libsecpSchnorr) PublicKey(sk []byte) ([]byte, error) { return libsecp256k1.XOnlyPublicKey(sk) }

// Sign is secp256k1_schnorrsig_sign_custom with aux as ndata.
func (libsecpSchnorr) Sign(sk, msg, aux []byte) ([]byte, error) {
	return libsecp256k1.SchnorrSign(sk, msg, aux)
}

// Verify is secp256k1_schnorrsig_verify.
func (libsecpSchnorr) Verify(pk, msg, sig []byte) error {
	return invalid(libsecp256k1.SchnorrVerify(pk, msg, sig))
}

// invalid maps the package's invalid-signature error to the registry's.
func invalid(err error) error {
	if errors.Is(err, libsecp256k1.ErrInvalidSignature) {
		return registry.ErrInvalidSignature
	}
	return err
}
