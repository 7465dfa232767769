package k256

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

var bigN = limbsToBig(scalarN[:])

func scBig(x *scalar) *big.Int { return limbsToBig(x[:]) }

// randomScalar returns a scalar below n, often with edge limbs.
func randomScalar(r *rand.Rand) scalar {
	var s scalar
	l := randomLimbs(r)
	var b [32]byte
	new(big.Int).Mod(limbsToBig(l[:]), bigN).FillBytes(b[:])
	s.setBytes(&b)
	return s
}

func TestScalarArithmetic(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, c := range []struct {
		name string
		v    *big.Int
	}{{"n0inv", new(big.Int).SetUint64(scN0Inv)}, {"r2", scBig(&scR2)}} {
		var want *big.Int
		if c.name == "n0inv" {
			m := new(big.Int).Lsh(big.NewInt(1), 64)
			want = new(big.Int).Sub(m, new(big.Int).ModInverse(new(big.Int).Mod(bigN, m), m))
		} else {
			want = new(big.Int).Mod(new(big.Int).Lsh(big.NewInt(1), 512), bigN)
		}
		if c.v.Cmp(want) != 0 {
			t.Fatalf("%s = %x, want %x", c.name, c.v, want)
		}
	}
	if scBig(&scalarHalfN).Cmp(new(big.Int).Rsh(bigN, 1)) != 0 {
		t.Fatal("scalarHalfN is not (n-1)/2")
	}
	for i := 0; i < 20000; i++ {
		x, y := randomScalar(r), randomScalar(r)
		bx, by := scBig(&x), scBig(&y)
		check := func(name string, got *scalar, want *big.Int) {
			t.Helper()
			if scBig(got).Cmp(want.Mod(want, bigN)) != 0 {
				t.Fatalf("%s(%x, %x) = %x, want %x", name, bx, by, scBig(got), want)
			}
		}
		var z scalar
		scAdd(&z, &x, &y)
		check("add", &z, new(big.Int).Add(bx, by))
		scMul(&z, &x, &y)
		check("mul", &z, new(big.Int).Mul(bx, by))
		scNeg(&z, &x)
		check("neg", &z, new(big.Int).Neg(bx))
		var g scalar
		scMontMul(&z, &x, &y)
		scMontMulGeneric(&g, &x, &y)
		if z != g {
			t.Fatalf("montMul(%x, %x): dispatched %x, portable %x", bx, by, scBig(&z), scBig(&g))
		}
		if got, want := x.isHigh() == 1, bx.Cmp(new(big.Int).Rsh(bigN, 1)) > 0; got != want {
			t.Fatalf("isHigh(%x) = %v", bx, got)
		}
		if i%100 == 0 {
			scInvert(&z, &x)
			want := new(big.Int).ModInverse(bx, bigN)
			if want == nil {
				want = new(big.Int)
			}
			check("invert", &z, want)
		}
	}
}

func TestScalarSetBytes(t *testing.T) {
	for _, c := range []struct {
		v        *big.Int
		overflow int
	}{
		{new(big.Int).Sub(bigN, big.NewInt(1)), 0},
		{bigN, 1},
		{new(big.Int).Add(bigN, big.NewInt(5)), 1},
		{new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1)), 1},
	} {
		var b [32]byte
		c.v.FillBytes(b[:])
		var s scalar
		if o := s.setBytes(&b); o != c.overflow || scBig(&s).Cmp(new(big.Int).Mod(c.v, bigN)) != 0 {
			t.Errorf("setBytes(%x) = %x overflow %d", c.v, scBig(&s), o)
		}
		var out [32]byte
		s.putBytes(&out)
		if new(big.Int).SetBytes(out[:]).Cmp(scBig(&s)) != 0 {
			t.Errorf("putBytes(%x) = %x", scBig(&s), out)
		}
	}
}
