package k256

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestInvert checks both safegcd inversions against math/big for both
// moduli on random values and on 1, 2, M - 1 and M - 2.
func TestInvert(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for _, c := range []struct {
		name string
		m    *big.Int
		inv  func(x *[4]uint64) [4]uint64
	}{
		{"p", bigP, func(x *[4]uint64) [4]uint64 { return invert(x, &modP62) }},
		{"n", bigN, func(x *[4]uint64) [4]uint64 { return invert(x, &modN62) }},
		{"p var", bigP, func(x *[4]uint64) [4]uint64 {
			var z fieldElement
			feInvertVar(&z, (*fieldElement)(x))
			return z
		}},
		{"n var", bigN, func(x *[4]uint64) [4]uint64 {
			var z scalar
			scInvertVar(&z, (*scalar)(x))
			return z
		}},
	} {
		edges := []*big.Int{big.NewInt(1), big.NewInt(2), new(big.Int).Sub(c.m, big.NewInt(1)), new(big.Int).Sub(c.m, big.NewInt(2))}
		for i := 0; i < 5000; i++ {
			var x *big.Int
			if i < len(edges) {
				x = edges[i]
			} else {
				l := randomLimbs(r)
				x = new(big.Int).Mod(limbsToBig(l[:]), c.m)
				if x.Sign() == 0 {
					continue
				}
			}
			var limbs [4]uint64
			for j, w := range x.Bits() {
				limbs[j] = uint64(w)
			}
			got := c.inv(&limbs)
			want := new(big.Int).ModInverse(x, c.m)
			if limbsToBig(got[:]).Cmp(want) != 0 {
				t.Fatalf("1/%x mod %s = %x, want %x", x, c.name, limbsToBig(got[:]), want)
			}
		}
	}
}

// TestInvertZero checks that the constant-time inversion maps 0 to 0,
// which toAffine relies on for the identity.
func TestInvertZero(t *testing.T) {
	for _, mod := range []*modulus62{&modP62, &modN62} {
		if got := invert(&[4]uint64{}, mod); got != ([4]uint64{}) {
			t.Errorf("1/0 = %x, want 0", got)
		}
	}
}
