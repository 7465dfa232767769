package afskex

import (
	"bytes"
	"fmt"
	"io"

	"crucible.dev/registry"
)

// OpEphemeralKey names the Extra operation EKeyGen (§6.1 step 2): the
// ephemeral public key that a secret seed makes on a party's matrix.
const OpEphemeralKey = "ephemeral_key"

// ephemeralKey writes the packed t̂ of EKeyGen(ρ, seed) to out. Init adds
// it to the static key, and the authentication of passes 3 and 4 removes
// it again.
func (p *Params) ephemeralKey(out, rho, seed []byte) {
	var a [maxK]polyVec
	var eph cpaKey
	p.genMatrix(&a, rho, false)
	p.keyFromMatrix(&eph, &a, seed)
	p.encodeVec(out, &eph.t)
}

// EphemeralKeyOp is EKeyGen as an operation: pk (a party's public key, whose
// static half gives ρ) and key (the S-byte seed) in, out the packed key.
//
// Its constant-time test holds ρ fixed and varies only the seed. The
// passes' own tests vary whole exchanges, ρ included, and the rejection
// sampling of the public matrix from ρ (§4.3) takes a time that depends on
// ρ; this test isolates the part of the passes that depends on a secret.
func (p *Params) EphemeralKeyOp() registry.Op {
	rhoOf := func(pk []byte) []byte {
		pkb := p.kemPKBytes()
		return pk[pkb+p.polyVecBytes() : 2*pkb]
	}
	return registry.Op{Name: OpEphemeralKey, Doc: "pk (a party's public key, whose static half gives ρ) and key (the secret seed) in; out the packed ephemeral key of EKeyGen (§6.1 step 2)", Secret: true,
		Run: func(_ io.Reader, in registry.Args) (registry.Args, error) {
			pk, seed := in[registry.ArgPK], in[registry.ArgKey]
			if err := checkLen("public key", pk, p.PublicKeySize()); err != nil {
				return nil, fmt.Errorf("%s %s: %w", p.Name, OpEphemeralKey, err)
			}
			if err := checkLen("seed", seed, p.s); err != nil {
				return nil, fmt.Errorf("%s %s: %w", p.Name, OpEphemeralKey, err)
			}
			out := make([]byte, p.polyVecBytes())
			p.ephemeralKey(out, rhoOf(pk), seed)
			return registry.Args{registry.ArgOut: out}, nil
		},
		CT: func(rand io.Reader, m int) (func(int, int) error, error) {
			pk, _, _, err := p.Init(registry.PartyA, rand)
			if err != nil {
				return nil, err
			}
			rho := rhoOf(pk)
			var seeds [2][][]byte
			fixed := make([]byte, p.s)
			if _, err := io.ReadFull(rand, fixed); err != nil {
				return nil, err
			}
			for j := 0; j < m; j++ {
				s := make([]byte, p.s)
				if _, err := io.ReadFull(rand, s); err != nil {
					return nil, err
				}
				seeds[0], seeds[1] = append(seeds[0], bytes.Clone(fixed)), append(seeds[1], s)
			}
			out := make([]byte, p.polyVecBytes())
			return func(c, j int) error { p.ephemeralKey(out, rho, seeds[c][j]); return nil }, nil
		}}
}
