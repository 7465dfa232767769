package catalog

import "crucible.dev/registry"

// mldsaOrigin is where the NIST .rsp digests of ML-DSA are published: liboqs
// hashes the output of its tests/kat_sig.c ("single": the count-0 record;
// "all": 100 records), in which signing is hedged with rnd drawn from the
// record's DRBG after keygen and the secret key is the skEncode form.
const mldsaOrigin = "open-quantum-safe/liboqs tests/KATs/sig/kats.json"

// ML-DSA (FIPS 204): sizes from Table 2, categories from Table 1. The seed
// form of the secret key is ξ (Algorithm 1).
func init() {
	register(
		mldsaEntry("ML-DSA-44", 2, registry.Sizes{PublicKey: 1312, SecretKey: 2560, Signature: 2420},
			"9a196e7fb32fbc93757dc2d8dc1924460eab66303c0c08aeb8b798fb8d8f8cf3",
			"54322d25c05b96941aec73eb3ee27a975d38a34bfb53ef4cb9fd4a8e9cab554c"),
		mldsaEntry("ML-DSA-65", 3, registry.Sizes{PublicKey: 1952, SecretKey: 4032, Signature: 3309},
			"7cb96242eac9907a55b5c84c202f0ebd552419c50b2e986dc2e28f07ecebf072",
			"47e1ca6d4a45e9853e381954cf97206eca22993deade3cade45bd9d9457c93f9"),
		mldsaEntry("ML-DSA-87", 5, registry.Sizes{PublicKey: 2592, SecretKey: 4896, Signature: 4627},
			"4537905d2aabcf302fab2f242baed293459ecda7c230e6a67063b02c7e2840ed",
			"12382114979d5b64436aebfe6db02d61c07859429233105e936752cb77cc585a"),
	)
}

func mldsaEntry(name string, category int, sizes registry.Sizes, single, all string) Entry {
	return Entry{
		Name: name, Family: "ML-DSA", Kind: registry.KindSig, Category: category,
		Sizes: sizes, SeedSize: 32, Spec: "FIPS 204",
		Digests: []Digest{
			{Source: "nist-rsp", Records: 1, SHA256: single, Origin: mldsaOrigin + ` "single"`},
			{Source: "nist-rsp", Records: 100, SHA256: all, Origin: mldsaOrigin + ` "all"`},
		},
	}
}
