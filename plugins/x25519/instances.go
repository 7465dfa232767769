package main

import "crucible.dev/registry"

// instances is what the plugin serves.
func instances() []*registry.Instance {
	return []*registry.Instance{{
		Name: "X25519",
		Impl: "go-std",
		Kind: registry.KindKEX,
		KEX:  exchange{},
		Sizes: registry.Sizes{
			PublicKey: 32, SecretKey: 32, SharedSecret: 32,
			Messages: []int{32, 32},
		},
		Extra: []registry.Op{scalarMultOp},
		Notes: map[string]string{
			"library": "crypto/ecdh (Go standard library)",
			"derive":  "parses the private key from bytes, and crypto/ecdh then recomputes its public key: one extra base-point multiplication; scalarmult times X25519(k, u) alone",
		},
	}}
}
