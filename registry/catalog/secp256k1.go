package catalog

import "crucible.dev/registry"

// secp256k1 (SEC 2 §2.4.1): ECDSA, BIP-340 Schnorr and ECDH. The curve
// gives about 128-bit classical security and none against a quantum
// adversary, so no NIST post-quantum category applies (Category 0).
//
// Sizes: secret keys are 32-byte scalars; ECDSA and ECDH public keys are
// 33-byte SEC 1 §2.3.3 compressed points; BIP-340 keys are 32-byte x-only.
// A DER ECDSA signature (X.690 SEQUENCE of INTEGER r, s) has no fixed
// length: 72 bytes at most (70 to 71 for the low-S signatures produced here,
// shorter when r or s has leading zero bytes, about 1 in 256 signatures
// each), so ECDSA-secp256k1-SHA256 sets MaxSig: its Signature size is an
// upper bound and the audit checks len(sig) <= 72, not equality. The compact
// instance is the same signature as r ‖ s, exactly 64 bytes.
func init() {
	register(
		Entry{
			Name: "ECDSA-secp256k1-SHA256", Family: "secp256k1", Kind: registry.KindSig, Category: 0,
			Sizes: registry.Sizes{PublicKey: 33, SecretKey: 32, Signature: 72}, MaxSig: true,
			Spec: "SEC 1 v2 §4.1 with SHA-256, RFC 6979 nonces, BIP-62 low S; signature DER, variable length, Signature is a maximum (<= 72)",
		},
		Entry{
			Name: "ECDSA-secp256k1-SHA256-compact", Family: "secp256k1", Kind: registry.KindSig, Category: 0,
			Sizes: registry.Sizes{PublicKey: 33, SecretKey: 32, Signature: 64},
			Spec:  "SEC 1 v2 §4.1 with SHA-256, RFC 6979 nonces, BIP-62 low S; signature r ‖ s (IEEE P1363)",
		},
		Entry{
			Name: "BIP340-Schnorr", Family: "secp256k1", Kind: registry.KindSig, Category: 0,
			Sizes: registry.Sizes{PublicKey: 32, SecretKey: 32, Signature: 64},
			Spec:  "BIP-340 (messages of any length)",
		},
		Entry{
			Name: "ECDH-secp256k1", Family: "secp256k1", Kind: registry.KindKEX, Category: 0,
			Sizes: registry.Sizes{PublicKey: 33, SecretKey: 32, SharedSecret: 32, Messages: []int{33, 33}},
			Spec:  "SEC 1 v2 §3.3.1; secret SHA-256 of the compressed shared point (libsecp256k1 secp256k1_ecdh default)",
		},
		Entry{
			Name: "ECDH-secp256k1-x", Family: "secp256k1", Kind: registry.KindKEX, Category: 0,
			Sizes: registry.Sizes{PublicKey: 33, SecretKey: 32, SharedSecret: 32, Messages: []int{33, 33}},
			Spec:  "SEC 1 v2 §3.3.1, RFC 5903 §9; secret the x coordinate of the shared point",
		},
	)
}
