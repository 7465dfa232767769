package k256

import (
	"math/big"
	"testing"
)

// TestJacobianCases checks the variable-time formulas on generic sums and
// on each exceptional case they branch on, and the Z ratio the mixed
// addition reports.
func TestJacobianCases(t *testing.T) {
	var g, id, g2, g3, g6, sum jacobianPoint
	g.setAffine(&generator)
	g2.doubleVar(&g)
	g3.addAffineVar(&g2, &generator, nil)
	g6.doubleVar(&g3)
	a3 := g3.toAffineVar()
	for _, c := range []struct {
		name string
		got  jacobianPoint
		k    int64
	}{{"2G", g2, 2}, {"2G+G", g3, 3}, {"2·3G", g6, 6}} {
		if !sameRef(jacobianRef(t, c.got), refMul(big.NewInt(c.k), refG)) {
			t.Errorf("%s differs from the reference", c.name)
		}
	}
	var ratio, z fieldElement
	// Z ≠ 1 on the Jacobian side, so the scaling matters.
	if sum.addAffineVar(&g6, &a3, &ratio); !sameRef(jacobianRef(t, sum), refMul(big.NewInt(9), refG)) {
		t.Error("6G + affine 3G is not 9G")
	}
	if feMul(&z, &g6.z, &ratio); z.equal(&sum.z) != 1 {
		t.Error("the Z ratio of an addition is wrong")
	}
	if sum.addAffineVar(&g3, &a3, &ratio); !sameRef(jacobianRef(t, sum), refMul(big.NewInt(6), refG)) {
		t.Error("3G + affine 3G is not 6G")
	}
	if feMul(&z, &g3.z, &ratio); z.equal(&sum.z) != 1 {
		t.Error("the Z ratio of a doubling through addition is wrong")
	}
	feNeg(&a3.y, &a3.y)
	if sum.addAffineVar(&g3, &a3, &ratio); !sum.isIdentityVar() || ratio.isZero() != 1 {
		t.Error("3G + affine -3G is not the identity")
	}
	if sum.addAffineVar(&id, &a3, nil); !sameRef(jacobianRef(t, sum), refMul(new(big.Int).Sub(bigN, big.NewInt(3)), refG)) {
		t.Error("O + affine -3G is not -3G")
	}
	if sum.doubleVar(&id); !sum.isIdentityVar() {
		t.Error("2·O is not O")
	}
}
