package main

import (
	"crucible.dev/plugins/symmetric/symmetric"
	"crucible.dev/registry"
	"crucible.dev/registry/iccs"
)

// instances is every row of package symmetric's tables as an instance,
// with the sizes its implementation fixes: what the plugin serves.
func instances() []*registry.Instance {
	var out []*registry.Instance
	note := func(lib string) map[string]string { return map[string]string{"library": lib} }
	for _, h := range symmetric.Hashes {
		out = append(out, &registry.Instance{Name: h.Name, Impl: h.Impl, Kind: registry.KindHash, Hash: h.Func,
			Sizes: registry.Sizes{Digest: h.Func.Size()}, Notes: note(h.Lib), Profile: h.Profile})
	}
	for _, x := range symmetric.XOFs {
		out = append(out, &registry.Instance{Name: x.Name, Impl: x.Impl, Kind: registry.KindXOF, XOF: x.Func,
			Notes: note(x.Lib), Profile: x.Profile})
	}
	for _, m := range symmetric.MACs {
		out = append(out, &registry.Instance{Name: m.Name, Impl: m.Impl, Kind: registry.KindMAC, MAC: m.Func,
			Sizes: registry.Sizes{Digest: tagSize(m.Func), Key: m.Func.KeySize()}, Notes: note(m.Lib), Profile: m.Profile})
	}
	out = append(out, &registry.Instance{Name: "HKDF-SHA256", Impl: "go-std", Kind: registry.KindKDF, KDF: symmetric.HKDFSHA256{},
		Notes: note("crypto/hkdf, crypto/sha256"), Profile: []string{"crypto/hkdf.", "crypto/internal/fips140/hkdf.", "crypto/internal/fips140/hmac.", "crypto/internal/fips140/sha256."}})
	for _, a := range symmetric.AEADs {
		out = append(out, &registry.Instance{Name: a.Name, Impl: a.Impl, Kind: registry.KindAEAD, AEAD: a.Func,
			Sizes: registry.Sizes{Key: a.Func.KeySize(), Nonce: 12, Overhead: 16}, Notes: note(a.Lib), Profile: a.Profile})
	}
	out = append(out,
		&registry.Instance{Name: "CTR-DRBG-AES256", Impl: "crucible", Kind: registry.KindDRBG, DRBG: symmetric.CTRDRBG{},
			Sizes: registry.Sizes{Key: symmetric.CTRDRBG{}.SeedSize()}, Extra: []registry.Op{symmetric.GenerateSeq(symmetric.CTRDRBG{})},
			Notes:   map[string]string{"library": "crucible.dev/registry/drbg (crypto/aes)", "form": "no derivation function, no reseed, update after every call (NIST PQC randombytes)"},
			Profile: []string{"crucible.dev/registry/drbg.", "crypto/internal/fips140/aes."}},
		&registry.Instance{Name: "ICCS-DRNG", Impl: "crucible", Kind: registry.KindDRBG, DRBG: symmetric.ICCSDRNG{},
			Sizes: registry.Sizes{Key: symmetric.ICCSSeedSize}, Extra: []registry.Op{symmetric.GenerateSeq(symmetric.ICCSDRNG{})},
			Notes:   map[string]string{"library": "crucible.dev/registry/iccs", "form": "SM3 Hash_DRBG, seedlen 440, seed = init_random_number input"},
			Profile: symmetric.ICCSProfile},
	)
	for _, in := range out {
		switch {
		case in.Name == "ICCS-pseudoXOF" && in.Impl == "crucible", in.Name == "ICCS-DRNG":
			in.Notes["dispatch"] = iccs.Implementation()
		case in.Profile[0] == symmetric.ICCSProfile[0]:
			in.Notes["dispatch"] = symmetric.Dispatch("SM3") // one message at a time
		case in.Name == "HMAC-SM3" || in.Name == "HMAC-SHA256" || in.Name == "HMAC-SHA3-256":
			in.Notes["dispatch"] = symmetric.Dispatch(map[string]string{"HMAC-SM3": "SM3", "HMAC-SHA256": "SHA-2", "HMAC-SHA3-256": "SHA-3"}[in.Name])
		case in.Impl == "per-block":
			in.Notes["dispatch"] = symmetric.Dispatch("SM3")
		default:
			if d := symmetric.Dispatch(familyOf(in.Name)); d != "" {
				in.Notes["dispatch"] = d
			}
		}
	}
	return out
}

// tagSize is the length of the MAC's tag: its hash's output length. A MAC
// that cannot be keyed declares 0, which the host's size audit reports.
func tagSize(m registry.MAC) int {
	h, err := m.New(make([]byte, m.KeySize()))
	if err != nil {
		return 0
	}
	return h.Size()
}

// familyOf is the catalog family of a primitive, as the tables give it.
func familyOf(name string) string {
	for _, h := range symmetric.Hashes {
		if h.Name == name {
			return h.Family
		}
	}
	for _, x := range symmetric.XOFs {
		if x.Name == name {
			return x.Family
		}
	}
	for _, a := range symmetric.AEADs {
		if a.Name == name {
			return a.Family
		}
	}
	return ""
}
