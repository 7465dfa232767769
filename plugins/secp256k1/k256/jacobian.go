package k256

// jacobianPoint is a point in Jacobian coordinates (X, Y, Z), x = X/Z²
// and y = Y/Z³, Z = 0 for the identity. Verification works on public
// values only, so it uses these cheaper formulas (doubling 2M + 5S against
// the complete formulas' 6M + 2S) and branches on their exceptional cases.
type jacobianPoint struct{ x, y, z fieldElement }

// setAffine sets p to (x, y, 1).
func (p *jacobianPoint) setAffine(a *affinePoint) {
	p.x, p.y, p.z = a.x, a.y, fieldElement{1}
}

// isIdentityVar reports whether p is the identity.
func (p *jacobianPoint) isIdentityVar() bool { return p.z.isZero() == 1 }

// doubleVar sets r = 2p ("dbl-2009-l" for a = 0, Explicit-Formulas
// Database).
func (r *jacobianPoint) doubleVar(p *jacobianPoint) {
	var a, b, c, d, e, f, t fieldElement
	feSqr(&a, &p.x)
	feSqr(&b, &p.y)
	feSqr(&c, &b)
	feAdd(&d, &p.x, &b)
	feSqr(&d, &d)
	feSub(&d, &d, &a)
	feSub(&d, &d, &c)
	feAdd(&d, &d, &d)
	feAdd(&e, &a, &a)
	feAdd(&e, &e, &a)
	feSqr(&f, &e)
	feMul(&r.z, &p.y, &p.z)
	feAdd(&r.z, &r.z, &r.z)
	feSub(&r.x, &f, &d)
	feSub(&r.x, &r.x, &d)
	feSub(&t, &d, &r.x)
	feMul(&t, &e, &t)
	feAdd(&c, &c, &c)
	feAdd(&c, &c, &c)
	feAdd(&c, &c, &c)
	feSub(&r.y, &t, &c)
}

// addAffineVar sets r = p + q for an affine q ("madd-2007-bl"). With a
// non-nil ratio it also sets *ratio to Z(r)/Z(p) for a p that is not the
// identity.
func (r *jacobianPoint) addAffineVar(p *jacobianPoint, q *affinePoint, ratio *fieldElement) {
	if p.isIdentityVar() {
		r.setAffine(q)
		return
	}
	var z1z1, u2, s2, h, hh, i, j, rr, v fieldElement
	feSqr(&z1z1, &p.z)
	feMul(&u2, &q.x, &z1z1)
	feMul(&s2, &q.y, &p.z)
	feMul(&s2, &s2, &z1z1)
	feSub(&h, &u2, &p.x)
	feSub(&rr, &s2, &p.y)
	if h.isZero() == 1 {
		if rr.isZero() == 1 {
			if ratio != nil {
				feAdd(ratio, &p.y, &p.y) // doubling's Z3 = 2·Y1·Z1
			}
			r.doubleVar(p)
		} else {
			if ratio != nil {
				*ratio = fieldElement{}
			}
			*r = jacobianPoint{}
		}
		return
	}
	if ratio != nil {
		feAdd(ratio, &h, &h) // Z3 = 2·Z1·H
	}
	feAdd(&rr, &rr, &rr)
	feSqr(&hh, &h)
	feAdd(&i, &hh, &hh)
	feAdd(&i, &i, &i)
	feMul(&j, &h, &i)
	feMul(&v, &p.x, &i)
	var x3, y3, z3, t fieldElement
	feSqr(&x3, &rr)
	feSub(&x3, &x3, &j)
	feSub(&x3, &x3, &v)
	feSub(&x3, &x3, &v)
	feSub(&t, &v, &x3)
	feMul(&y3, &rr, &t)
	feMul(&t, &p.y, &j)
	feAdd(&t, &t, &t)
	feSub(&y3, &y3, &t)
	feAdd(&z3, &p.z, &h)
	feSqr(&z3, &z3)
	feSub(&z3, &z3, &z1z1)
	feSub(&z3, &z3, &hh)
	r.x, r.y, r.z = x3, y3, z3
}

// toAffineVar returns p as (x, y), which must not be the identity.
func (p *jacobianPoint) toAffineVar() affinePoint {
	var zinv, zinv2 fieldElement
	feInvertVar(&zinv, &p.z)
	feSqr(&zinv2, &zinv)
	var a affinePoint
	feMul(&a.x, &p.x, &zinv2)
	feMul(&zinv2, &zinv2, &zinv)
	feMul(&a.y, &p.y, &zinv2)
	a.x.normalize()
	a.y.normalize()
	return a
}
