package secp256k1

import (
	"math/big"
	"testing"
)

// TestValidScalarRange checks the constant-time range test against
// math/big on the edges of [1, n-1] and on values that differ from n in one
// byte only, where a borrow must travel the whole way.
func TestValidScalarRange(t *testing.T) {
	n := new(big.Int).SetBytes(order[:])
	one := big.NewInt(1)
	cases := []*big.Int{big.NewInt(0), one, new(big.Int).Sub(n, one), n, new(big.Int).Add(n, one),
		new(big.Int).Lsh(one, 256-1), new(big.Int).Sub(new(big.Int).Lsh(one, 256), one)}
	for i := 0; i < ScalarSize; i++ {
		for _, d := range []int{-1, 1} {
			b := order
			b[i] = byte(int(b[i]) + d)
			cases = append(cases, new(big.Int).SetBytes(b[:]))
		}
	}
	for _, c := range cases {
		var b [ScalarSize]byte
		c.FillBytes(b[:])
		want := c.Sign() > 0 && c.Cmp(n) < 0
		if got := validScalar(b[:]); got != want {
			t.Errorf("validScalar(%x) = %v, want %v", b, got, want)
		}
	}
}
