package afskex

import (
	"bytes"
	"encoding/hex"
	"slices"
	"testing"

	"crucible.dev/registry/iccs"
)

// TestRecord0Intermediates checks the intermediate values of the first KAT
// record of C128, as the reference computes them (SOURCE.md): the DRNG draws, A's seeds and the first
// coefficients of A and s. A KAT mismatch shows that something differs;
// these show where.
func TestRecord0Intermediates(t *testing.T) {
	seeds := iccs.NewDRNG(bytes.Repeat([]byte("seed"), 16))
	seed := make([]byte, 64)
	seeds.Read(seed)
	rng := iccs.NewDRNG(seed)
	coins := make([]byte, 32)
	rng.Read(coins)
	if got := hex.EncodeToString(coins); got != "b1c3cbc9f8f59b19cc899f8560f906f889eea5fe5ced0484527f28fff19315de" {
		t.Fatalf("A's coins %s", got)
	}
	p := C128
	var rs [32]byte
	p.hashG(rs[:], append(coins[:16:16], byte(p.k)))
	if got := hex.EncodeToString(rs[:16]); got != "baaa98e96c2c6e5fda672a4f1cf668ca" {
		t.Errorf("ρ_A %s", got)
	}
	if got := hex.EncodeToString(rs[16:]); got != "9f3dd11f9de605d9d131efb1043d8354" {
		t.Errorf("σ_A %s", got)
	}
	var a [maxK]polyVec
	p.genMatrix(&a, rs[:16], false)
	if got, want := a[0][0][:8], []int16{2621, 2149, 2889, 1451, 1854, 2754, 306, 1730}; !slices.Equal(got, want) {
		t.Errorf("A[0][0][0:8] = %v, want %v", got, want)
	}
	if got, want := a[0][1][:4], []int16{766, 83, 978, 1399}; !slices.Equal(got, want) {
		t.Errorf("A[0][1][0:4] = %v, want %v", got, want)
	}
	var s poly
	p.sampleNoise(s[:p.n], rs[16:], 0, p.etaS)
	if got, want := s[:16], []int16{-1, 0, -1, -3, 0, -1, -2, 0, -1, -2, 1, 0, 2, 3, 0, -1}; !slices.Equal(got, want) {
		t.Errorf("s_0[0:16] = %v, want %v", got, want)
	}
}
