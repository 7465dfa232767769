package catalog

import "crucible.dev/registry"

// AFS-KEX, the NGCC round-1 authenticated key-exchange candidate kex-02: a
// four-pass exchange whose messages are a BW-KEM ciphertext (pass 1), a
// ciphertext and a masked seed (pass 2), a masked seed (pass 3) and nothing
// (pass 4: B's final check). Keys are the composite and static BW-KEM keys
// of a party side by side. Sizes are those the reference's kex_get_*
// functions report; the digests are the canonical SHA-256 of the reference
// KAT files as the NGCC harness publishes them.
//
// Category: the sets are named by a claimed classical security level in
// bits; as for Amoeba, 128 reads as category 1 and 256 and above as 5.
func init() {
	const origin = "ngcc-dev/ngcc-harness kex-02/kat.sha256"
	const spec = "NGCC round 1 kex-02 AFS-KEX, reference implementation"
	kex := func(name string, cat, pk, sk, ct, s int, digest string) Entry {
		return Entry{
			Name: name, Family: "AFS-KEX", Kind: registry.KindKEX, Category: cat,
			Sizes: registry.Sizes{PublicKey: pk, SecretKey: sk, SharedSecret: s,
				Messages: []int{ct, ct + s, s, 0}},
			Digests: []Digest{{Source: "ngcc", Records: 10, SHA256: digest, Origin: origin}},
			Spec:    spec,
		}
	}
	register(
		kex("AFS_KEX_C128", 1, 1568, 3170, 768, 16, "3c9aa3be239d12954a0c2bfe7229d04098630684bbac13cf188d06cb4c8b9d18"),
		kex("AFS_KEX_C256", 5, 3136, 6338, 1440, 32, "68c3b6a7b823b558d7a31eb2636feb0fd65f59a0b11641d1a3da34112d8ac58f"),
		kex("AFS_KEX_C512", 5, 6272, 12674, 2944, 64, "c7e61b175e0b4df1bea12d39f684d27eba4c69dd7e1c38e196e2582f75634f57"),
	)
}
