package main

import (
	_ "embed"

	"crucible.dev/registry"
)

// rfc8032 holds RFC 8032 §7.1's Ed25519 test vectors in the layout of
// Wycheproof's EdDSA files (vectors/SOURCE.md).
//
//go:embed vectors/rfc8032.json
var rfc8032 []byte

// instances is Ed25519 with the KAT material it declares: the RFC's
// vectors, inline, and Wycheproof's ed25519 file from the pinned module the
// project fetches its vectors from.
func instances() []*registry.Instance {
	return []*registry.Instance{{
		Name: "Ed25519", Impl: "go-std", Kind: registry.KindSig,
		Signature: scheme{},
		Sizes:     registry.Sizes{PublicKey: 32, SecretKey: 32, Signature: 64},
		Vectors: []registry.VectorFile{
			{Name: "rfc8032", Format: "wycheproof", Data: rfc8032},
			{Name: "wycheproof", Format: "wycheproof",
				Module: "github.com/C2SP/wycheproof@v0.0.0-20250901140545-b51abcfb8daf",
				Path:   "testvectors_v1/ed25519_test.json",
				SHA256: "14275c10db6e761f5d89178eb6e160f9ca340c2f1b5168f016f65002a6858a5a"},
		},
		Notes: map[string]string{
			"secret key": "the 32-byte seed of RFC 8032 §5.1.5",
			"library":    "crypto/ed25519",
		},
	}}
}
