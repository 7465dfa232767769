package afskex

import (
	"bytes"
	"crypto/rand"
	"testing"

	"crucible.dev/registry"
)

// TestEphemeralKeyOp checks the operation against init: the ephemeral key
// of a party's own seed, added to its static key, is its composite key.
func TestEphemeralKeyOp(t *testing.T) {
	for _, p := range All {
		pk, _, st, err := p.Init(registry.PartyB, rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		op := p.EphemeralKeyOp()
		out, err := op.Run(nil, registry.Args{registry.ArgPK: pk, registry.ArgKey: st})
		if err != nil {
			t.Fatal(err)
		}
		pvb, pkb := p.polyVecBytes(), p.kemPKBytes()
		var eph, static polyVec
		p.decodeVec(&eph, out[registry.ArgOut])
		p.decodeVec(&static, pk[pkb:])
		for i := 0; i < p.k; i++ {
			polyAdd(eph[i][:p.n], eph[i][:p.n], static[i][:p.n])
			polyReduce(eph[i][:p.n])
		}
		sum := make([]byte, pvb)
		p.encodeVec(sum, &eph)
		if !bytes.Equal(sum, pk[:pvb]) {
			t.Errorf("%s: ephemeral key plus static key is not the composite key", p.Name)
		}
		if _, err := op.Run(nil, registry.Args{registry.ArgPK: pk, registry.ArgKey: st[1:]}); err == nil {
			t.Errorf("%s: a short seed was accepted", p.Name)
		}
		if _, err := op.Run(nil, registry.Args{registry.ArgPK: pk[1:], registry.ArgKey: st}); err == nil {
			t.Errorf("%s: a short public key was accepted", p.Name)
		}
	}
}
