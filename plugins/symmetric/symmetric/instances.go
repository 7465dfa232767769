package symmetric

import (
	"crucible.dev/registry"
	"crucible.dev/registry/iccs"
)

// Instances returns every instance the plugin serves, with the sizes its
// implementation fixes.
func Instances() []*registry.Instance {
	var out []*registry.Instance
	note := func(lib string) map[string]string { return map[string]string{"library": lib} }
	for _, h := range hashes {
		in := &registry.Instance{Name: h.name, Impl: h.impl, Kind: registry.KindHash, Hash: h.hash,
			Sizes: registry.Sizes{Digest: h.hash.Size()}, Notes: note(h.lib), Profile: h.profile}
		out = append(out, in)
	}
	for _, x := range xofs {
		out = append(out, &registry.Instance{Name: x.name, Impl: x.impl, Kind: registry.KindXOF, XOF: x.xof,
			Notes: note(x.lib), Profile: x.profile})
	}
	for _, m := range macs {
		out = append(out, &registry.Instance{Name: m.name, Impl: m.impl, Kind: registry.KindMAC, MAC: m.mac,
			Sizes: registry.Sizes{Digest: m.tag, Key: m.mac.KeySize()}, Notes: note(m.lib), Profile: m.profile})
	}
	out = append(out, &registry.Instance{Name: "HKDF-SHA256", Impl: "go-std", Kind: registry.KindKDF, KDF: hkdfSHA256{},
		Notes: note("crypto/hkdf, crypto/sha256"), Profile: []string{"crypto/hkdf.", "crypto/internal/fips140/hkdf.", "crypto/internal/fips140/hmac.", "crypto/internal/fips140/sha256."}})
	for _, a := range aeads {
		in := &registry.Instance{Name: a.name, Impl: a.impl, Kind: registry.KindAEAD, AEAD: a.aead,
			Sizes: registry.Sizes{Key: a.aead.KeySize(), Nonce: 12, Overhead: 16}, Notes: note(a.lib), Profile: a.profile}
		out = append(out, in)
	}
	out = append(out,
		&registry.Instance{Name: "CTR-DRBG-AES256", Impl: "crucible", Kind: registry.KindDRBG, DRBG: ctrDRBG{},
			Sizes: registry.Sizes{Key: ctrDRBG{}.SeedSize()}, Extra: []registry.Op{generateSeq(ctrDRBG{})},
			Notes:   map[string]string{"library": "crucible.dev/registry/drbg (crypto/aes)", "form": "no derivation function, no reseed, update after every call (NIST PQC randombytes)"},
			Profile: []string{"crucible.dev/registry/drbg.", "crypto/internal/fips140/aes."}},
		&registry.Instance{Name: "ICCS-DRNG", Impl: "crucible", Kind: registry.KindDRBG, DRBG: iccsDRNG{},
			Sizes: registry.Sizes{Key: iccsSeedSize}, Extra: []registry.Op{generateSeq(iccsDRNG{})},
			Notes:   map[string]string{"library": "crucible.dev/registry/iccs", "form": "SM3 Hash_DRBG, seedlen 440, seed = init_random_number input"},
			Profile: iccsProfile},
	)
	for _, in := range out {
		switch {
		case in.Name == "ICCS-pseudoXOF" && in.Impl == "crucible", in.Name == "ICCS-DRNG":
			in.Notes["dispatch"] = iccs.Implementation()
		case in.Profile[0] == iccsProfile[0]:
			in.Notes["dispatch"] = dispatch("SM3") // one message at a time
		case in.Name == "HMAC-SM3" || in.Name == "HMAC-SHA256" || in.Name == "HMAC-SHA3-256":
			in.Notes["dispatch"] = dispatch(map[string]string{"HMAC-SM3": "SM3", "HMAC-SHA256": "SHA-2", "HMAC-SHA3-256": "SHA-3"}[in.Name])
		case in.Impl == "per-block":
			in.Notes["dispatch"] = dispatch("SM3")
		default:
			if d := dispatch(familyOf(in.Name)); d != "" {
				in.Notes["dispatch"] = d
			}
		}
	}
	return out
}

// familyOf is the catalog family of a primitive, as the tables give it.
func familyOf(name string) string {
	for _, h := range hashes {
		if h.name == name {
			return h.family
		}
	}
	for _, x := range xofs {
		if x.name == name {
			return x.family
		}
	}
	for _, a := range aeads {
		if a.name == name {
			return a.family
		}
	}
	return ""
}
