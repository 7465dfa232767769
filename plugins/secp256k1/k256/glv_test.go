package k256

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

func hexBig(s string) *big.Int {
	v, ok := new(big.Int).SetString(s, 16)
	if !ok {
		panic(s)
	}
	return v
}

// TestGLVConstants derives every endomorphism constant: λ³ ≡ 1 mod n,
// β³ ≡ 1 mod p, λ·G = (β·x, y), the basis vectors lie in the lattice,
// and g1, g2 are the rounded quotients.
func TestGLVConstants(t *testing.T) {
	lambda, beta := scBig(&glvLambda), feBig(&glvBeta)
	one := big.NewInt(1)
	if new(big.Int).Exp(lambda, big.NewInt(3), bigN).Cmp(one) != 0 || lambda.Cmp(one) == 0 {
		t.Error("λ is not a non-trivial cube root of 1 mod n")
	}
	if new(big.Int).Exp(beta, big.NewInt(3), bigP).Cmp(one) != 0 || beta.Cmp(one) == 0 {
		t.Error("β is not a non-trivial cube root of 1 mod p")
	}
	lg := refMul(lambda, refG)
	if lg.y.Cmp(refG.y) != 0 || lg.x.Cmp(new(big.Int).Mod(new(big.Int).Mul(beta, refG.x), bigP)) != 0 {
		t.Error("λ·G is not (β·x, y)")
	}
	a1 := hexBig("3086d221a7d46bcde86c90e49284eb15")
	b1 := new(big.Int).Neg(hexBig("e4437ed6010e88286f547fa90abfe4c3"))
	a2 := hexBig("114ca50f7a8e2f3f657c1108d9d44cfd8")
	b2 := a1
	for _, v := range [][2]*big.Int{{a1, b1}, {a2, b2}} {
		if new(big.Int).Mod(new(big.Int).Add(v[0], new(big.Int).Mul(v[1], lambda)), bigN).Sign() != 0 {
			t.Errorf("(%x, %x) is not in the lattice", v[0], v[1])
		}
	}
	if new(big.Int).Mod(new(big.Int).Neg(b1), bigN).Cmp(scBig(&glvMinusB1)) != 0 ||
		new(big.Int).Mod(new(big.Int).Neg(b2), bigN).Cmp(scBig(&glvMinusB2)) != 0 {
		t.Error("-b1 or -b2 is wrong")
	}
	round := func(num *big.Int) *big.Int {
		num = new(big.Int).Lsh(num, 384)
		return num.Add(num, new(big.Int).Rsh(bigN, 1)).Div(num, bigN)
	}
	if round(b2).Cmp(limbsToBig(glvG1[:])) != 0 || round(new(big.Int).Neg(b1)).Cmp(limbsToBig(glvG2[:])) != 0 {
		t.Error("g1 or g2 is not the rounded quotient")
	}
}

// TestSplitLambda checks k ≡ k1 + k2·λ and the size of the halves on
// random and edge scalars.
func TestSplitLambda(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	bound := new(big.Int).Lsh(big.NewInt(1), 129)
	for i := 0; i < 20000; i++ {
		var k scalar
		switch {
		case i < 3:
			k = scalarFromBig(big.NewInt(int64(i)))
		case i < 6:
			k = scalarFromBig(new(big.Int).Sub(bigN, big.NewInt(int64(i-2))))
		default:
			k = randomScalar(r)
		}
		k1, k2 := splitLambda(&k)
		sum := new(big.Int).Mul(scBig(&k2), scBig(&glvLambda))
		sum.Add(sum, scBig(&k1)).Mod(sum, bigN)
		if sum.Cmp(scBig(&k)) != 0 {
			t.Fatalf("split(%x): k1 + k2·λ = %x", scBig(&k), sum)
		}
		for _, h := range []*scalar{&k1, &k2} {
			abs, _ := shortForm(h)
			if scBig(&abs).Cmp(bound) >= 0 {
				t.Fatalf("split(%x): half %x is not below 2^129", scBig(&k), scBig(&abs))
			}
		}
	}
}
