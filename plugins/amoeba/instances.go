package main

import (
	"io"

	"crucible.dev/plugins/amoeba/amoeba"
	"crucible.dev/registry"
	"crucible.dev/registry/iccs"
	"crucible.dev/registry/kat"
)

// instances serves every parameter set of amoeba.All, one table, one
// adapter.
func instances() []*registry.Instance {
	out := make([]*registry.Instance, 0, len(amoeba.All))
	for _, p := range amoeba.All {
		k := amoeba.New(p)
		out = append(out, &registry.Instance{
			Name: p.Name,
			Impl: "go",
			Kind: registry.KindKEM,
			KEM:  k,
			Sizes: registry.Sizes{
				PublicKey:    p.PublicKeySize(),
				SecretKey:    p.SecretKeySize(),
				Ciphertext:   p.CiphertextSize(),
				SharedSecret: p.SharedSecretSize(),
			},
			KATs: []registry.KATGenerator{{
				Source:  "ngcc",
				Format:  kat.FormatNGCC,
				Records: 10,
				Generate: func(w io.Writer, n int, seed []byte) error {
					return kat.WriteNGCCKEM(w, k, n, seed)
				},
			}},
			Notes: map[string]string{
				"implementation": "Go port of the NGCC round-1 reference C (crucible.dev/plugins/amoeba/amoeba)",
				"symmetric":      "ICCS sm3hash, pseudoXOF and DRNG from crucible.dev/registry/iccs",
				"secret key":     "reference form: NTT-domain ŝ packed 12 bits per value ‖ pk ‖ z",
				"decaps failure": "a ciphertext the message code cannot decode gets the reference's answer, 64 zero bytes (kem_dec also returns -1; no error here, as the contract keeps errors for unparseable input; amoeba.KEM.DecapsulateChecked reports it); a re-encryption mismatch gets the implicit-rejection key pseudoXOF(ct ‖ z)",
				"re-encryption":  "compares every 4th ciphertext byte, as the reference does",
				"dispatch":       dispatch(),
			},
			Profile: []string{"crucible.dev/registry/iccs."},
			// Timed under the ICCS DRNG, as the official NGCC driver runs it.
			Rand: func() io.Reader { return iccs.NewDRNG([]byte("crucible benchmark")) },
		})
	}
	return out
}

// dispatch names the NTT code this process runs; the SM3 code paths are
// registry/iccs's own.
func dispatch() string {
	return "NTT: " + amoeba.NTTPath() + "; sampling, coding: Go; SM3, pseudoXOF, DRNG: crucible.dev/registry/iccs"
}
