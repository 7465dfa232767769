package main

import (
	"io"

	"crucible.dev/plugins/afskex/afskex"
	"crucible.dev/registry"
	"crucible.dev/registry/iccs"
	"crucible.dev/registry/kat"
)

// instances serves every AFS-KEX parameter set, with the sizes the
// implementation itself computes and the NGCC KAT file it can generate.
func instances() []*registry.Instance {
	var out []*registry.Instance
	for _, p := range afskex.All {
		p := p
		out = append(out, &registry.Instance{
			Name: p.Name,
			Kind: registry.KindKEX,
			KEX:  p,
			Sizes: registry.Sizes{
				PublicKey:    p.PublicKeySize(),
				SecretKey:    p.SecretKeySize(),
				SharedSecret: p.SharedSecretSize(),
				Messages:     p.MessageSizes(),
			},
			Extra: []registry.Op{p.EphemeralKeyOp()},
			KATs: []registry.KATGenerator{{
				Source: "ngcc", Format: kat.FormatNGCC, Records: 10,
				Generate: func(w io.Writer, n int, seed []byte) error { return kat.WriteNGCCKEX(w, p, n, seed) },
			}},
			Notes: map[string]string{
				"implementation": "Go port of the kex-02 reference code (crucible.dev/plugins/afskex 0.1.0)",
				"arithmetic":     "the reference's int16 Montgomery/Barrett NTT; exact int32 NTT-domain accumulation (no int16 wrap is reachable)",
				"dispatch":       "portable Go arithmetic; ICCS helpers (crucible.dev/registry/iccs): " + iccs.Implementation(),
				"key form":       "pk = composite pk ‖ static pk, sk = composite sk ‖ static sk (BW-KEM keys)",
				"pass 4":         "B's check of A; sends nothing, state unchanged",
				"constant time":  "every pass rejection-samples a public matrix from ρ (§4.3), as the reference does, in a time that depends on ρ; the passes' tests vary whole exchanges, ρ included, so they separate on public data. " + afskex.OpEphemeralKey + " tests the secret-seeded part (EKeyGen) with ρ held fixed",
			},
			Profile: []string{"crucible.dev/registry/iccs."},
			// Timed under the ICCS DRNG, as the official NGCC driver runs it.
			Rand: func() io.Reader { return iccs.NewDRNG([]byte("crucible benchmark")) },
		})
	}
	return out
}
