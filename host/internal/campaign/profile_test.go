package campaign

import (
	"slices"
	"testing"

	"crucible.dev/host/internal/plugin"
	"crucible.dev/registry"
)

// A symmetric primitive is profiled at one length of each operation, the
// one nearest 1 KiB; a public-key scheme at every operation.
func TestProfiledPoints(t *testing.T) {
	pts := func(in *plugin.Instance, ps ...registry.Point) []*point {
		var out []*point
		for _, p := range ps {
			out = append(out, &point{Point: p, in: in})
		}
		return out
	}
	names := func(ps []*point) []string {
		var out []string
		for _, p := range ps {
			out = append(out, p.String())
		}
		return out
	}
	var hash []registry.Point
	for _, n := range []int{16, 64, 256, 1024, 4096, 16384, 65536, 1 << 20} {
		hash = append(hash, registry.Point{Op: registry.OpHash, MsgLen: n})
	}
	h := &plugin.Instance{Name: "SHA-256", Kind: registry.KindHash}
	if got, want := names(profiledPoints(pts(h, hash...))), []string{"hash@1024"}; !slices.Equal(got, want) {
		t.Errorf("hash: profiled %v, want %v", got, want)
	}
	x := &plugin.Instance{Name: "SHAKE128", Kind: registry.KindXOF}
	xof := pts(x, registry.Point{Op: registry.OpXOF, MsgLen: 65536, OutLen: 32}, registry.Point{Op: registry.OpXOF, MsgLen: 32, OutLen: 1024},
		registry.Point{Op: registry.OpXOF, MsgLen: 32, OutLen: 4096})
	if got, want := names(profiledPoints(xof)), []string{"xof@32>1024"}; !slices.Equal(got, want) {
		t.Errorf("xof: profiled %v, want %v", got, want)
	}
	// No length at 1 KiB: the nearer one, the longer of two as near.
	kdf := pts(&plugin.Instance{Name: "HKDF", Kind: registry.KindKDF}, registry.Point{Op: registry.OpKDF, MsgLen: 32, OutLen: 32},
		registry.Point{Op: registry.OpKDF, MsgLen: 32, OutLen: 128}, registry.Point{Op: registry.OpKDF, MsgLen: 32, OutLen: 1920})
	if got, want := names(profiledPoints(kdf)), []string{"kdf@32>1920"}; !slices.Equal(got, want) {
		t.Errorf("kdf: profiled %v, want %v", got, want)
	}
	k := &plugin.Instance{Name: "ML-KEM-768", Kind: registry.KindKEM}
	kem := pts(k, registry.Point{Op: registry.OpKeygen}, registry.Point{Op: registry.OpEncaps}, registry.Point{Op: registry.OpDecaps})
	if got := profiledPoints(kem); len(got) != 3 {
		t.Errorf("kem: profiled %v, want every operation", names(got))
	}
}
