package k256

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

var bigP, _ = new(big.Int).SetString("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f", 16)

func limbsToBig(l []uint64) *big.Int {
	v := new(big.Int)
	for i := len(l) - 1; i >= 0; i-- {
		v.Lsh(v, 64)
		v.Or(v, new(big.Int).SetUint64(l[i]))
	}
	return v
}

func feBig(x *fieldElement) *big.Int { return limbsToBig(x[:]) }

// edgeLimbs are limb values that exercise carries: the test's random
// elements mix them with random words, including values in [p, 2^256).
var edgeLimbs = []uint64{0, 1, 2, feC, 0xFFFFFFFEFFFFFC2F, 0xFFFFFFFEFFFFFC30, 1 << 63, ^uint64(0) - 1, ^uint64(0)}

func randomLimbs(r *rand.Rand) [4]uint64 {
	var l [4]uint64
	for i := range l {
		if r.IntN(3) == 0 {
			l[i] = edgeLimbs[r.IntN(len(edgeLimbs))]
		} else {
			l[i] = r.Uint64()
		}
	}
	return l
}

func TestFieldArithmetic(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	max := ^uint64(0)
	specials := []fieldElement{{}, {1}, {feC - 1}, {feC}, fieldP, {fieldP[0] - 1, max, max, max}, {fieldP[0] + 1, max, max, max},
		{max, max, max, max}, {max - 1, max, max, max}, {0, 0, 0, 1 << 63}}
	for i := 0; i < 20000+len(specials)*len(specials); i++ {
		x, y := fieldElement(randomLimbs(r)), fieldElement(randomLimbs(r))
		if i >= 20000 {
			j := i - 20000
			x, y = specials[j/len(specials)], specials[j%len(specials)]
		}
		bx, by := feBig(&x), feBig(&y)
		check := func(name string, got *fieldElement, want *big.Int) {
			t.Helper()
			want.Mod(want, bigP)
			g := feBig(got)
			if g.BitLen() > 256 {
				t.Fatalf("%s: result above 2^256", name)
			}
			if g.Mod(g, bigP).Cmp(want) != 0 {
				t.Fatalf("%s(%x, %x) = %x, want %x", name, bx, by, feBig(got), want)
			}
		}
		var z fieldElement
		feAdd(&z, &x, &y)
		check("add", &z, new(big.Int).Add(bx, by))
		feAddGeneric(&z, &x, &y)
		check("addGeneric", &z, new(big.Int).Add(bx, by))
		feSub(&z, &x, &y)
		check("sub", &z, new(big.Int).Sub(bx, by))
		feSubGeneric(&z, &x, &y)
		check("subGeneric", &z, new(big.Int).Sub(bx, by))
		feMulGeneric(&z, &x, &y)
		check("mulGeneric", &z, new(big.Int).Mul(bx, by))
		feSqrGeneric(&z, &x)
		check("sqrGeneric", &z, new(big.Int).Mul(bx, bx))
		feMul(&z, &x, &y)
		check("mul", &z, new(big.Int).Mul(bx, by))
		feSqr(&z, &x)
		check("sqr", &z, new(big.Int).Mul(bx, bx))
		feMulSmall(&z, &x, curveB3)
		check("mulSmall", &z, new(big.Int).Mul(bx, big.NewInt(curveB3)))
		feNeg(&z, &x)
		check("neg", &z, new(big.Int).Neg(bx))
		z = x
		z.normalize()
		if feBig(&z).Cmp(new(big.Int).Mod(bx, bigP)) != 0 {
			t.Fatalf("normalize(%x) = %x", bx, feBig(&z))
		}
		if i%50 == 0 {
			feInvert(&z, &x)
			want := new(big.Int).ModInverse(new(big.Int).Mod(bx, bigP), bigP)
			if want == nil {
				want = new(big.Int)
			}
			check("invert", &z, want)
			var s fieldElement
			ok := feSqrt(&s, &x)
			isSquare := big.Jacobi(new(big.Int).Mod(bx, bigP), bigP) >= 0
			if (ok == 1) != isSquare {
				t.Fatalf("sqrt(%x): ok %d, square %v", bx, ok, isSquare)
			}
			if ok == 1 {
				feSqr(&z, &s)
				check("sqrt²", &z, new(big.Int).Set(bx))
			}
		}
	}
}

func TestFieldEncoding(t *testing.T) {
	var b [32]byte
	fieldP.putBytes(&b)
	if b != ([32]byte{}) {
		t.Errorf("p encodes as %x, want zero", b)
	}
	pb := bigP.FillBytes(make([]byte, 32))
	var x fieldElement
	if x.setBytes((*[32]byte)(pb)) {
		t.Error("setBytes accepts p")
	}
	pb[31]--
	if !x.setBytes((*[32]byte)(pb)) || feBig(&x).Cmp(new(big.Int).Sub(bigP, big.NewInt(1))) != 0 {
		t.Error("setBytes rejects or misreads p-1")
	}
	if x.isZero() != 0 || fieldP.isZero() != 1 {
		t.Error("isZero is wrong for p-1 or p")
	}
}
