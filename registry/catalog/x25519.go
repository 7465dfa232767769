package catalog

import "crucible.dev/registry"

// X25519 as a 2-pass exchange: each pass carries one party's public value.
func init() {
	register(Entry{
		Name: "X25519", Family: "X25519", Kind: registry.KindKEX, Category: 1,
		Sizes: registry.Sizes{PublicKey: 32, SecretKey: 32, SharedSecret: 32, Messages: []int{32, 32}},
		Spec:  "RFC 7748",
	})
}
