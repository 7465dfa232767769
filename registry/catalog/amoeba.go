package catalog

import "crucible.dev/registry"

// Amoeba, the NGCC round-1 KEM candidate kem-02. Sizes are those of the
// submission's params.h; the digests are the canonical SHA-256 of the
// reference KAT files as the NGCC harness publishes them.
//
// Category: the submission names its sets by a claimed classical security
// level in bits (SECURITY_LEVEL 128 … 512). The category given is the
// highest NIST category that level reaches: 128 → 1 (AES-128), 192 → 3
// (AES-192), 256 and above → 5 (AES-256), so 384 and 512 share category 5,
// the top of the scale. This is a reading of the claim, not an analysis.
func init() {
	const origin = "ngcc-dev/ngcc-harness kem-02/kat.sha256"
	const spec = "NGCC round 1 kem-02 Amoeba, reference implementation"
	kem := func(name string, cat, pk, sk, ct int, digest string) Entry {
		return Entry{
			Name: name, Family: "Amoeba", Kind: registry.KindKEM, Category: cat,
			Sizes:   registry.Sizes{PublicKey: pk, SecretKey: sk, Ciphertext: ct, SharedSecret: 64},
			Digests: []Digest{{Source: "ngcc", Records: 10, SHA256: digest, Origin: origin}},
			Spec:    spec,
		}
	}
	register(
		kem("Amoeba128", 1, 784, 1712, 1047, "1ae8995c621577c22fd0ee2bfeeee15b9219f37d52ec4b4078857373c1f955eb"),
		kem("Amoeba192", 3, 1144, 2504, 1581, "77702dda17041e01f318460f3e218a56e4366ffa0d27d5a5281e3eee1c083e29"),
		kem("Amoeba256", 5, 1648, 3440, 1833, "996118bf854f2775c60256233a8f403c345a771b26c80424f282f4772954e03f"),
		kem("Amoeba384", 5, 2440, 5096, 2769, "ae08dbe4316138bdef5f8e28de565e9568c011ee43c658b3d030c0e1d1ebc169"),
		kem("Amoeba512", 5, 3520, 7040, 3914, "05d950db7b571e233eddff98aad7f5081989f6217031bacb3ffd7a09976e008e"),
	)
}
