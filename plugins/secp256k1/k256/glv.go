package k256

import "math/bits"

// The GLV endomorphism (Gallant, Lambert and Vanstone, CRYPTO 2001):
// λ·(x, y) = (β·x, y), where λ is a cube root of unity mod n and β one mod
// p. Splitting k = k1 + k2·λ with k1, k2 of about 128 bits halves the
// doublings of a multiplication. The lattice basis (a1, b1), (a2, b2) of
// {(i, j) : i + j·λ ≡ 0 mod n} and the rounding constants g1, g2 are those
// of the method; TestGLVConstants derives them all.
var (
	glvLambda = scalar{0xDF02967C1B23BD72, 0x122E22EA20816678, 0xA5261C028812645A, 0x5363AD4CC05C30E0}
	glvBeta   = fieldElement{0xC1396C28719501EE, 0x9CF0497512F58995, 0x6E64479EAC3434E9, 0x7AE96A2B657C0710}
	// -b1 and -b2 mod n, for b1 = -0xe4437ed6010e88286f547fa90abfe4c3 and
	// b2 = 0x3086d221a7d46bcde86c90e49284eb15.
	glvMinusB1 = scalar{0x6F547FA90ABFE4C3, 0xE4437ED6010E8828, 0, 0}
	glvMinusB2 = scalar{0xD765CDA83DB1562C, 0x8A280AC50774346D, 0xFFFFFFFFFFFFFFFE, 0xFFFFFFFFFFFFFFFF}
	// g1 = round(2^384·b2/n), g2 = round(2^384·(-b1)/n).
	glvG1 = [4]uint64{0xE893209A45DBB031, 0x3DAA8A1471E8CA7F, 0xE86C90E49284EB15, 0x3086D221A7D46BCD}
	glvG2 = [4]uint64{0x1571B4AE8AC47F71, 0x221208AC9DF506C6, 0x6F547FA90ABFE4C4, 0xE4437ED6010E8828}
)

// mul256 sets t = x·y, the full 512-bit product.
func mul256(t *[8]uint64, x, y *[4]uint64) {
	*t = [8]uint64{}
	for i := 0; i < 4; i++ {
		var carry uint64
		for j := 0; j < 4; j++ {
			carry, t[i+j] = mac(t[i+j], x[i], y[j], carry)
		}
		t[i+4] = carry
	}
}

// mulShiftRound returns round(k·g / 2^384), which is below 2^128 here.
func mulShiftRound(k *scalar, g *[4]uint64) scalar {
	var t [8]uint64
	mul256(&t, (*[4]uint64)(k), g)
	lo, c := bits.Add64(t[6], t[5]>>63, 0)
	return scalar{lo, t[7] + c}
}

// splitLambda returns k1, k2 with k ≡ k1 + k2·λ mod n, each a scalar whose
// value or negation is below 2^129, in constant time: c1 = round(b2·k/n),
// c2 = round(-b1·k/n), k2 = -c1·b1 - c2·b2, k1 = k - k2·λ.
func splitLambda(k *scalar) (k1, k2 scalar) {
	c1 := mulShiftRound(k, &glvG1)
	c2 := mulShiftRound(k, &glvG2)
	var t scalar
	scMul(&k2, &c1, &glvMinusB1)
	scMul(&t, &c2, &glvMinusB2)
	scAdd(&k2, &k2, &t)
	scMul(&t, &k2, &glvLambda)
	scNeg(&t, &t)
	scAdd(&k1, k, &t)
	return k1, k2
}

// shortForm returns |k| for a split half k and 1 if k was negated, 0 if
// not, in constant time: the half and its negation mod n, the smaller of
// which is below 2^129.
func shortForm(k *scalar) (abs scalar, neg int) {
	neg = k.isHigh()
	scCondNeg(&abs, k, neg)
	return abs, neg
}

// endomorphism sets a to λ·b = (β·x, y).
func (a *affinePoint) endomorphism(b *affinePoint) {
	feMul(&a.x, &b.x, &glvBeta)
	a.y = b.y
}

// endomorphism sets p to λ·q = (β·X:Y:Z).
func (p *point) endomorphism(q *point) {
	feMul(&p.x, &q.x, &glvBeta)
	p.y, p.z = q.y, q.z
}
