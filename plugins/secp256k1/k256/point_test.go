package k256

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// refPoint is an affine point in math/big, nil being the identity.
type refPoint struct{ x, y *big.Int }

// refAdd is the affine chord-and-tangent law, the reference the complete
// projective formulas are checked against.
func refAdd(a, b *refPoint) *refPoint {
	if a == nil {
		return b
	}
	if b == nil {
		return a
	}
	var l *big.Int
	if a.x.Cmp(b.x) == 0 {
		if new(big.Int).Add(a.y, b.y).Mod(new(big.Int).Add(a.y, b.y), bigP).Sign() == 0 {
			return nil
		}
		num := new(big.Int).Mul(a.x, a.x)
		num.Mul(num, big.NewInt(3))
		den := new(big.Int).Lsh(a.y, 1)
		l = num.Mul(num, den.ModInverse(den, bigP))
	} else {
		num := new(big.Int).Sub(b.y, a.y)
		den := new(big.Int).Sub(b.x, a.x)
		den.Mod(den, bigP)
		l = num.Mul(num, den.ModInverse(den, bigP))
	}
	l.Mod(l, bigP)
	x := new(big.Int).Mul(l, l)
	x.Sub(x, a.x).Sub(x, b.x).Mod(x, bigP)
	y := new(big.Int).Sub(a.x, x)
	y.Mul(y, l).Sub(y, a.y).Mod(y, bigP)
	return &refPoint{x, y}
}

func refMul(k *big.Int, p *refPoint) *refPoint {
	var acc *refPoint
	for i := k.BitLen() - 1; i >= 0; i-- {
		acc = refAdd(acc, acc)
		if k.Bit(i) == 1 {
			acc = refAdd(acc, p)
		}
	}
	return acc
}

func toRef(t *testing.T, p *point) *refPoint {
	t.Helper()
	a, ok := p.toAffine()
	if ok == 0 {
		return nil
	}
	if !a.isOnCurve() {
		t.Fatalf("result (%x, %x) is off the curve", feBig(&a.x), feBig(&a.y))
	}
	return &refPoint{feBig(&a.x), feBig(&a.y)}
}

func sameRef(a, b *refPoint) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.x.Cmp(b.x) == 0 && a.y.Cmp(b.y) == 0
}

var refG = &refPoint{feBig(&generator.x), feBig(&generator.y)}

func scalarFromBig(v *big.Int) scalar {
	var b [32]byte
	new(big.Int).Mod(v, bigN).FillBytes(b[:])
	var s scalar
	s.setBytes(&b)
	return s
}

// TestPointFormulas checks the complete formulas against the affine law
// on random points and on the exceptional cases: identity operands,
// doubling through addition and P + (-P).
func TestPointFormulas(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var id point
	id.setIdentity()
	for i := 0; i < 40; i++ {
		k1, k2 := big.NewInt(int64(r.IntN(1000)+1)), randBelowN(r)
		if i%4 == 1 {
			k2.Set(k1)
		}
		if i%4 == 2 {
			k2.Sub(bigN, k1)
		}
		s1, s2 := scalarFromBig(k1), scalarFromBig(k2)
		var p1, p2, sum, dbl, mixed point
		baseMul(&p1, &s1)
		baseMul(&p2, &s2)
		r1, r2 := refMul(k1, refG), refMul(k2, refG)
		if !sameRef(toRef(t, &p1), r1) || !sameRef(toRef(t, &p2), r2) {
			t.Fatalf("baseMul(%d) or baseMul(%x) differs from the reference", k1, k2)
		}
		pointAdd(&sum, &p1, &p2)
		if !sameRef(toRef(t, &sum), refAdd(r1, r2)) {
			t.Fatalf("add %d·G + %x·G", k1, k2)
		}
		a2, _ := p2.toAffine()
		pointAddAffine(&mixed, &p1, &a2)
		if !sameRef(toRef(t, &mixed), refAdd(r1, r2)) {
			t.Fatalf("mixed add %d·G + %x·G", k1, k2)
		}
		pointAddAffine(&mixed, &id, &a2)
		pointAdd(&sum, &id, &p2)
		if !sameRef(toRef(t, &mixed), r2) || !sameRef(toRef(t, &sum), r2) {
			t.Fatal("identity + P is not P")
		}
		pointDouble(&dbl, &p1)
		if !sameRef(toRef(t, &dbl), refAdd(r1, r1)) {
			t.Fatalf("double %d·G", k1)
		}
		pointDouble(&dbl, &id)
		if dbl.isIdentity() != 1 {
			t.Fatal("2·identity is not the identity")
		}
	}
}

// randBelowN returns a uniform-looking integer in [1, n-1].
func randBelowN(r *rand.Rand) *big.Int {
	l := [4]uint64{r.Uint64(), r.Uint64(), r.Uint64(), r.Uint64()}
	v := limbsToBig(l[:])
	v.Mod(v, new(big.Int).Sub(bigN, big.NewInt(1)))
	return v.Add(v, big.NewInt(1))
}

// TestScalarMults checks the three multiplications against the
// reference on random and edge scalars.
func TestScalarMults(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	edges := []*big.Int{big.NewInt(1), big.NewInt(2), big.NewInt(8), big.NewInt(15), big.NewInt(16),
		new(big.Int).Sub(bigN, big.NewInt(1)), new(big.Int).Rsh(bigN, 1), new(big.Int).Lsh(big.NewInt(1), 255)}
	for i := 0; i < 24; i++ {
		k := randBelowN(r)
		if i < len(edges) {
			k = edges[i]
		}
		u := randBelowN(r)
		ks, us := scalarFromBig(k), scalarFromBig(u)
		q := refMul(big.NewInt(int64(i+3)), refG)
		var qa affinePoint
		qa.x.setBytes((*[32]byte)(q.x.FillBytes(make([]byte, 32))))
		qa.y.setBytes((*[32]byte)(q.y.FillBytes(make([]byte, 32))))
		var got point
		baseMul(&got, &ks)
		if !sameRef(toRef(t, &got), refMul(k, refG)) {
			t.Fatalf("baseMul(%x)", k)
		}
		scalarMul(&got, &ks, &qa)
		if !sameRef(toRef(t, &got), refMul(k, q)) {
			t.Fatalf("scalarMul(%x)", k)
		}
		if !sameRef(jacobianRef(t, doubleMulVar(&ks, &us, &qa)), refAdd(refMul(k, refG), refMul(u, q))) {
			t.Fatalf("doubleMulVar(%x, %x)", k, u)
		}
		// u·G + (-u)·G is the identity.
		var negU scalar
		scNeg(&negU, &us)
		if j := doubleMulVar(&us, &negU, &generator); !j.isIdentityVar() {
			t.Fatalf("doubleMulVar(u, -u, G) is not the identity")
		}
	}
}

func jacobianRef(t *testing.T, p jacobianPoint) *refPoint {
	t.Helper()
	if p.isIdentityVar() {
		return nil
	}
	a := p.toAffineVar()
	if !a.isOnCurve() {
		t.Fatalf("result (%x, %x) is off the curve", feBig(&a.x), feBig(&a.y))
	}
	return &refPoint{feBig(&a.x), feBig(&a.y)}
}
