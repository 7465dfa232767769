//go:build amd64 && !purego

package iccs

import (
	"math/rand/v2"
	"testing"

	"crucible.dev/registry/testenv"
)

// TestBlock16 checks the 16-lane SM3 compression, and the 8-lane one on
// its lanes, against the scalar reference (refBlock16).
func TestBlock16(t *testing.T) {
	if !useLanes {
		testenv.SkipCPU(t, laneFeatures)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		var dig, want [8][16]uint32
		var m [16][16]uint32
		for i := range dig {
			for l := range dig[i] {
				dig[i][l] = r.Uint32()
			}
		}
		for k := range m {
			for l := range m[k] {
				m[k][l] = r.Uint32()
			}
		}
		want = dig
		refBlock16(&want, &m)
		got := dig
		block16(&got, &m)
		if got != want {
			t.Fatalf("block16 = %x, want %x", got, want)
		}
		// block8 changes lanes 0-7 only.
		got = dig
		block8(&got, &m)
		for i := range got {
			if [8]uint32(got[i][:8]) != [8]uint32(want[i][:8]) || [8]uint32(got[i][8:]) != [8]uint32(dig[i][8:]) {
				t.Fatalf("block8 = %x, want %x in lanes 0-7", got, want)
			}
		}
	}
}
