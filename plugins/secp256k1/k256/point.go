package k256

import "errors"

// point is a point of y² = x³ + 7 in homogeneous projective coordinates
// (X:Y:Z), with x = X/Z and y = Y/Z; the identity is (0:1:0). The
// formulas are the complete ones of Renes, Costello and Batina, "Complete
// addition formulas for prime order elliptic curves" (EUROCRYPT 2016),
// for a = 0: they hold for every pair of inputs, identity and doublings
// included, so scalar multiplication needs no branches.
type point struct{ x, y, z fieldElement }

// affinePoint is a point (x, y) other than the identity.
type affinePoint struct{ x, y fieldElement }

// curveB3 is 3·b for b = 7, the constant in the complete formulas.
const curveB3 = 21

// setIdentity sets p to (0:1:0).
func (p *point) setIdentity() {
	*p = point{}
	p.y[0] = 1
}

// setAffine sets p to (x:y:1).
func (p *point) setAffine(a *affinePoint) {
	p.x, p.y = a.x, a.y
	p.z = fieldElement{1}
}

// isIdentity returns 1 if p is the identity (Z = 0), 0 otherwise.
func (p *point) isIdentity() int { return p.z.isZero() }

// pointAdd sets r = p + q (Algorithm 7 of Renes–Costello–Batina: 12M).
func pointAdd(r, p, q *point) {
	var t0, t1, t2, t3, t4, x3, y3, z3 fieldElement
	feMul(&t0, &p.x, &q.x)
	feMul(&t1, &p.y, &q.y)
	feMul(&t2, &p.z, &q.z)
	feAdd(&t3, &p.x, &p.y)
	feAdd(&t4, &q.x, &q.y)
	feMul(&t3, &t3, &t4)
	feAdd(&t4, &t0, &t1)
	feSub(&t3, &t3, &t4)
	feAdd(&t4, &p.y, &p.z)
	feAdd(&x3, &q.y, &q.z)
	feMul(&t4, &t4, &x3)
	feAdd(&x3, &t1, &t2)
	feSub(&t4, &t4, &x3)
	feAdd(&x3, &p.x, &p.z)
	feAdd(&y3, &q.x, &q.z)
	feMul(&x3, &x3, &y3)
	feAdd(&y3, &t0, &t2)
	feSub(&y3, &x3, &y3)
	feAdd(&x3, &t0, &t0)
	feAdd(&t0, &x3, &t0)
	feMulSmall(&t2, &t2, curveB3)
	feAdd(&z3, &t1, &t2)
	feSub(&t1, &t1, &t2)
	feMulSmall(&y3, &y3, curveB3)
	feMul(&x3, &t4, &y3)
	feMul(&t2, &t3, &t1)
	feSub(&x3, &t2, &x3)
	feMul(&y3, &y3, &t0)
	feMul(&t1, &t1, &z3)
	feAdd(&y3, &t1, &y3)
	feMul(&t0, &t0, &t3)
	feMul(&z3, &z3, &t4)
	feAdd(&z3, &z3, &t0)
	r.x, r.y, r.z = x3, y3, z3
}

// pointAddAffine sets r = p + q for an affine q (Algorithm 8: 11M). It is
// complete in p; q cannot be the identity.
func pointAddAffine(r, p *point, q *affinePoint) {
	var t0, t1, t2, t3, t4, x3, y3, z3 fieldElement
	feMul(&t0, &p.x, &q.x)
	feMul(&t1, &p.y, &q.y)
	feAdd(&t3, &q.x, &q.y)
	feAdd(&t4, &p.x, &p.y)
	feMul(&t3, &t3, &t4)
	feAdd(&t4, &t0, &t1)
	feSub(&t3, &t3, &t4)
	feMul(&t4, &q.y, &p.z)
	feAdd(&t4, &t4, &p.y)
	feMul(&y3, &q.x, &p.z)
	feAdd(&y3, &y3, &p.x)
	feAdd(&x3, &t0, &t0)
	feAdd(&t0, &x3, &t0)
	feMulSmall(&t2, &p.z, curveB3)
	feAdd(&z3, &t1, &t2)
	feSub(&t1, &t1, &t2)
	feMulSmall(&y3, &y3, curveB3)
	feMul(&x3, &t4, &y3)
	feMul(&t2, &t3, &t1)
	feSub(&x3, &t2, &x3)
	feMul(&y3, &y3, &t0)
	feMul(&t1, &t1, &z3)
	feAdd(&y3, &t1, &y3)
	feMul(&t0, &t0, &t3)
	feMul(&z3, &z3, &t4)
	feAdd(&z3, &z3, &t0)
	r.x, r.y, r.z = x3, y3, z3
}

// pointDouble sets r = 2p (Algorithm 9: 6M + 2S).
func pointDouble(r, p *point) {
	var t0, t1, t2, x3, y3, z3 fieldElement
	feSqr(&t0, &p.y)
	feAdd(&z3, &t0, &t0)
	feAdd(&z3, &z3, &z3)
	feAdd(&z3, &z3, &z3)
	feMul(&t1, &p.y, &p.z)
	feSqr(&t2, &p.z)
	feMulSmall(&t2, &t2, curveB3)
	feMul(&x3, &t2, &z3)
	feAdd(&y3, &t0, &t2)
	feMul(&z3, &t1, &z3)
	feAdd(&t1, &t2, &t2)
	feAdd(&t2, &t1, &t2)
	feSub(&t0, &t0, &t2)
	feMul(&y3, &t0, &y3)
	feAdd(&y3, &x3, &y3)
	feMul(&t1, &p.x, &p.y)
	feMul(&x3, &t0, &t1)
	feAdd(&x3, &x3, &x3)
	r.x, r.y, r.z = x3, y3, z3
}

// pointSelect sets r = q if cond is 1 and r = p if it is 0.
func pointSelect(r, p, q *point, cond int) {
	feSelect(&r.x, &p.x, &q.x, cond)
	feSelect(&r.y, &p.y, &q.y, cond)
	feSelect(&r.z, &p.z, &q.z, cond)
}

// condNegate negates p (y to -y) if cond is 1.
func (p *point) condNegate(cond int) {
	var n fieldElement
	feNeg(&n, &p.y)
	feSelect(&p.y, &p.y, &n, cond)
}

// toAffine returns p as (x, y) and 1, or zeros and 0 for the identity, in
// constant time.
func (p *point) toAffine() (a affinePoint, ok int) {
	var zinv fieldElement
	feInvert(&zinv, &p.z)
	feMul(&a.x, &p.x, &zinv)
	feMul(&a.y, &p.y, &zinv)
	a.x.normalize()
	a.y.normalize()
	return a, 1 - p.isIdentity()
}

// isOnCurve reports whether y² = x³ + 7.
func (a *affinePoint) isOnCurve() bool {
	var y2, x3 fieldElement
	feSqr(&y2, &a.y)
	feSqr(&x3, &a.x)
	feMul(&x3, &x3, &a.x)
	feAdd(&x3, &x3, &fieldElement{7})
	return y2.equal(&x3) == 1
}

// liftX sets a to the point with the given x and y of the given parity,
// and reports whether x (below p) is the abscissa of a point.
func (a *affinePoint) liftX(x *fieldElement, odd int) bool {
	var c fieldElement
	feSqr(&c, x)
	feMul(&c, &c, x)
	feAdd(&c, &c, &fieldElement{7})
	if feSqrt(&a.y, &c) != 1 {
		return false
	}
	a.x = *x
	a.y.normalize()
	var n fieldElement
	feNeg(&n, &a.y)
	n.normalize()
	feSelect(&a.y, &a.y, &n, a.y.isOdd()^odd)
	return true
}

// Errors of public key parsing.
var (
	errPointEncoding = errors.New("public key is not a SEC 1 point encoding")
	errPointRange    = errors.New("public key coordinate is not below p")
	errNotOnCurve    = errors.New("public key is not on the curve")
)

// parsePoint decodes a SEC 1 §2.3.4 point: compressed (0x02, 0x03 ‖ x),
// uncompressed (0x04 ‖ x ‖ y) or hybrid (0x06, 0x07 ‖ x ‖ y, parity in
// the prefix), as libsecp256k1's secp256k1_ec_pubkey_parse accepts.
func parsePoint(a *affinePoint, b []byte) error {
	switch {
	case len(b) == 33 && (b[0] == 2 || b[0] == 3):
		var x fieldElement
		if !x.setBytes((*[32]byte)(b[1:33])) {
			return errPointRange
		}
		if !a.liftX(&x, int(b[0]&1)) {
			return errNotOnCurve
		}
		return nil
	case len(b) == 65 && (b[0] == 4 || b[0] == 6 || b[0] == 7):
		if !a.x.setBytes((*[32]byte)(b[1:33])) || !a.y.setBytes((*[32]byte)(b[33:65])) {
			return errPointRange
		}
		if !a.isOnCurve() {
			return errNotOnCurve
		}
		if b[0] != 4 && a.y.isOdd() != int(b[0]&1) {
			return errPointEncoding
		}
		return nil
	}
	return errPointEncoding
}

// putCompressed writes the SEC 1 compressed encoding of a.
func (a *affinePoint) putCompressed(b *[33]byte) {
	b[0] = 2 | byte(a.y.isOdd())
	a.x.putBytes((*[32]byte)(b[1:]))
}
