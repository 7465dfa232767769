package k256

import "sync"

// wnafLen bounds the width-w NAF of a number below 2^256.
const wnafLen = 257

// wnaf returns the width-w non-adjacent form of k: digits d[i], each zero
// or odd with |d[i]| < 2^(w-1), at most one non-zero in any w consecutive
// positions, with k = Σ d[i]·2^i; and the number of positions used. It
// runs in time that depends on k, which must be public.
func wnaf(k *scalar, w uint) (d [wnafLen]int16, n int) {
	t := [5]uint64{k[0], k[1], k[2], k[3]}
	mask := uint64(1)<<w - 1
	for i := 0; t[0]|t[1]|t[2]|t[3]|t[4] != 0; i++ {
		if t[0]&1 != 0 {
			v := int64(t[0] & mask)
			if v >= 1<<(w-1) {
				v -= 1 << w
			}
			d[i] = int16(v)
			if v > 0 {
				t[0] -= uint64(v) // the low w bits of t are v: no borrow
			} else {
				addSmall(&t, uint64(-v))
			}
		}
		t[0] = t[0]>>1 | t[1]<<63
		t[1] = t[1]>>1 | t[2]<<63
		t[2] = t[2]>>1 | t[3]<<63
		t[3] = t[3]>>1 | t[4]<<63
		t[4] >>= 1
		n = i + 1
	}
	return d, n
}

// addSmall adds v to the 320-bit t.
func addSmall(t *[5]uint64, v uint64) {
	for i := range t {
		t[i] += v
		if t[i] >= v {
			return
		}
		v = 1
	}
}

// gWindow is the wNAF width for G and λ·G, whose odd multiples are
// precomputed once: 2^(gWindow-2) affine points each.
const gWindow = 12

var (
	gOdd, gOddLambda *[1 << (gWindow - 2)]affinePoint // (2i+1)·G, (2i+1)·λ·G
	gOddOnce         sync.Once
)

func buildGOdd() {
	var g, g2 point
	g.setAffine(&generator)
	pointDouble(&g2, &g)
	in := make([]point, 1<<(gWindow-2))
	in[0] = g
	for i := 1; i < len(in); i++ {
		pointAdd(&in[i], &in[i-1], &g2)
	}
	t, tl := new([1 << (gWindow - 2)]affinePoint), new([1 << (gWindow - 2)]affinePoint)
	batchToAffine(t[:], in)
	for i := range t {
		tl[i].endomorphism(&t[i])
	}
	gOdd, gOddLambda = t, tl
}

// pWindow is the wNAF width for the variable point.
const pWindow = 5

// glvTerm is one short half of a split scalar in wNAF form, with the sign
// the half was stripped of.
type glvTerm struct {
	d   [wnafLen]int16
	n   int
	neg bool
}

func newGLVTerms(k *scalar, w uint) (t1, t2 glvTerm) {
	k1, k2 := splitLambda(k)
	for _, c := range []struct {
		t *glvTerm
		k *scalar
	}{{&t1, &k1}, {&t2, &k2}} {
		abs, neg := shortForm(c.k)
		c.t.d, c.t.n = wnaf(&abs, w)
		c.t.neg = neg == 1
	}
	return t1, t2
}

// oddMultiplesIso sets table to the odd multiples (2i+1)·p, i < 8, as
// affine points of an isomorphic curve y² = x³ + 7·C⁶, onto which (x, y)
// maps as (C²·x, C³·y), and returns C. The addition formulas do not
// involve b, so a sum computed there maps back by Z ↦ Z·C; in exchange for
// a few products here, every addition of a multiple of p is a mixed one
// (7M + 4S instead of 11M + 5S). C is the Z of 2p, under which 2p is
// affine, times the Z that all multiples share once rescaled by the
// ratios between successive Zs.
func oddMultiplesIso(table *[1 << (pWindow - 2)]affinePoint, p *affinePoint) fieldElement {
	var pj, d jacobianPoint
	pj.setAffine(p)
	d.doubleVar(&pj)
	d2 := affinePoint{d.x, d.y}
	var zz, zzz fieldElement
	feSqr(&zz, &d.z)
	feMul(&zzz, &zz, &d.z)
	var multiples [len(table)]jacobianPoint
	var ratios [len(table)]fieldElement
	feMul(&multiples[0].x, &p.x, &zz)
	feMul(&multiples[0].y, &p.y, &zzz)
	multiples[0].z = fieldElement{1}
	for i := 1; i < len(table); i++ {
		multiples[i].addAffineVar(&multiples[i-1], &d2, &ratios[i])
	}
	last := len(table) - 1
	table[last] = affinePoint{multiples[last].x, multiples[last].y}
	s := fieldElement{1} // Z(last)/Z(i)
	for i := last - 1; i >= 0; i-- {
		var s2, s3 fieldElement
		feMul(&s, &s, &ratios[i+1])
		feSqr(&s2, &s)
		feMul(&s3, &s2, &s)
		feMul(&table[i].x, &multiples[i].x, &s2)
		feMul(&table[i].y, &multiples[i].y, &s3)
	}
	var c fieldElement
	feMul(&c, &d.z, &multiples[last].z)
	return c
}

// doubleMulVar returns u1·G + u2·p with both scalars split by the
// endomorphism into four halves of about 128 bits, combined by
// Strauss–Shamir's interleaving: one chain of doublings, an addition for
// each non-zero wNAF digit. The sum runs on oddMultiplesIso's curve, G's
// multiples being mapped there as they are added. Variable time: for
// verification, on public inputs.
func doubleMulVar(u1, u2 *scalar, p *affinePoint) jacobianPoint {
	gOddOnce.Do(buildGOdd)
	var table, tableLambda [1 << (pWindow - 2)]affinePoint // (2i+1)·p, (2i+1)·λ·p
	c := oddMultiplesIso(&table, p)
	for i := range table {
		tableLambda[i].endomorphism(&table[i])
	}
	var c2, c3 fieldElement
	feSqr(&c2, &c)
	feMul(&c3, &c2, &c)
	g1, g2 := newGLVTerms(u1, gWindow)
	p1, p2 := newGLVTerms(u2, pWindow)
	var r jacobianPoint
	for i := max(g1.n, g2.n, p1.n, p2.n) - 1; i >= 0; i-- {
		if !r.isIdentityVar() {
			r.doubleVar(&r)
		}
		r.addOddMultiple(gOdd[:], g1.d[i], g1.neg, &c2, &c3)
		r.addOddMultiple(gOddLambda[:], g2.d[i], g2.neg, &c2, &c3)
		r.addOddMultiple(table[:], p1.d[i], p1.neg, nil, nil)
		r.addOddMultiple(tableLambda[:], p2.d[i], p2.neg, nil, nil)
	}
	feMul(&r.z, &r.z, &c)
	return r
}

// addOddMultiple adds ±|d|·Q to r from the odd multiples of Q, negated
// when the sign of d differs from neg, mapped by (x, y) ↦ (c2·x, c3·y)
// when c2 is not nil.
func (r *jacobianPoint) addOddMultiple(odd []affinePoint, d int16, neg bool, c2, c3 *fieldElement) {
	if d == 0 {
		return
	}
	i := int(d) / 2
	if d < 0 {
		i = -i
	}
	e := odd[i]
	if c2 != nil {
		feMul(&e.x, &e.x, c2)
		feMul(&e.y, &e.y, c3)
	}
	if (d < 0) != neg {
		feNeg(&e.y, &e.y)
	}
	r.addAffineVar(r, &e, nil)
}
