package k256

import (
	"encoding/binary"
	"math/bits"
)

// scalar is an integer mod n, the order of G, in four little-endian
// 64-bit limbs, always in [0, n).
type scalar [4]uint64

// scalarN is n (SEC 2 §2.4.1).
var scalarN = scalar{0xBFD25E8CD0364141, 0xBAAEDCE6AF48A03B, 0xFFFFFFFFFFFFFFFE, 0xFFFFFFFFFFFFFFFF}

// scalarHalfN is (n - 1)/2: s above it is "high S" (BIP-62, BIP-146).
var scalarHalfN = scalar{0xDFE92F46681B20A0, 0x5D576E7357A4501D, 0xFFFFFFFFFFFFFFFF, 0x7FFFFFFFFFFFFFFF}

// scN0Inv is -1/n mod 2^64, the Montgomery reduction constant, and
// scR2 is 2^512 mod n, which maps into the Montgomery domain.
var (
	scN0Inv = montConstant(scalarN[0])
	scR2    = doubleMod(512)
)

// montConstant returns -1/n0 mod 2^64 by Newton's iteration, each step
// doubling the number of correct low bits.
func montConstant(n0 uint64) uint64 {
	inv := uint64(1)
	for i := 0; i < 6; i++ {
		inv *= 2 - n0*inv
	}
	return -inv
}

// doubleMod returns 2^k mod n.
func doubleMod(k int) scalar {
	r := scalar{1}
	for i := 0; i < k; i++ {
		scAdd(&r, &r, &r)
	}
	return r
}

// mac returns the two limbs of a + b·c + d, which cannot overflow 128 bits.
func mac(a, b, c, d uint64) (hi, lo uint64) {
	hi, lo = bits.Mul64(b, c)
	var cc uint64
	lo, cc = bits.Add64(lo, a, 0)
	hi += cc
	lo, cc = bits.Add64(lo, d, 0)
	hi += cc
	return hi, lo
}

// setBytes sets z to the big-endian b mod n and returns 1 if b ≥ n (so
// that it was reduced), 0 otherwise, in constant time.
func (z *scalar) setBytes(b *[32]byte) int {
	var t scalar
	t[3] = binary.BigEndian.Uint64(b[0:])
	t[2] = binary.BigEndian.Uint64(b[8:])
	t[1] = binary.BigEndian.Uint64(b[16:])
	t[0] = binary.BigEndian.Uint64(b[24:])
	return z.reduceOnce(&t, 0)
}

// reduceOnce sets z = t + carry·2^256 - n if that is non-negative, or t
// otherwise, and reports which: for a value below 2n the result is mod n.
func (z *scalar) reduceOnce(t *scalar, carry uint64) int {
	u0, b := bits.Sub64(t[0], scalarN[0], 0)
	u1, b := bits.Sub64(t[1], scalarN[1], b)
	u2, b := bits.Sub64(t[2], scalarN[2], b)
	u3, b := bits.Sub64(t[3], scalarN[3], b)
	_, b = bits.Sub64(carry, 0, b)
	keep := -b // all ones when t + carry·2^256 < n
	z[0] = t[0]&keep | u0&^keep
	z[1] = t[1]&keep | u1&^keep
	z[2] = t[2]&keep | u2&^keep
	z[3] = t[3]&keep | u3&^keep
	return int(1 - b)
}

// putBytes writes z big-endian to b.
func (z *scalar) putBytes(b *[32]byte) {
	binary.BigEndian.PutUint64(b[0:], z[3])
	binary.BigEndian.PutUint64(b[8:], z[2])
	binary.BigEndian.PutUint64(b[16:], z[1])
	binary.BigEndian.PutUint64(b[24:], z[0])
}

// isZero returns 1 if z = 0 and 0 otherwise, in constant time.
func (z *scalar) isZero() int {
	w := z[0] | z[1] | z[2] | z[3]
	return int(1 ^ (w|-w)>>63)
}

// isHigh returns 1 if z > (n-1)/2 and 0 otherwise, in constant time.
func (z *scalar) isHigh() int {
	_, b := bits.Sub64(scalarHalfN[0], z[0], 0)
	_, b = bits.Sub64(scalarHalfN[1], z[1], b)
	_, b = bits.Sub64(scalarHalfN[2], z[2], b)
	_, b = bits.Sub64(scalarHalfN[3], z[3], b)
	return int(b)
}

// scAdd sets z = x + y mod n.
func scAdd(z, x, y *scalar) {
	var t scalar
	var c uint64
	t[0], c = bits.Add64(x[0], y[0], 0)
	t[1], c = bits.Add64(x[1], y[1], c)
	t[2], c = bits.Add64(x[2], y[2], c)
	t[3], c = bits.Add64(x[3], y[3], c)
	z.reduceOnce(&t, c)
}

// scNeg sets z = -x mod n.
func scNeg(z, x *scalar) {
	var t scalar
	var b uint64
	t[0], b = bits.Sub64(scalarN[0], x[0], 0)
	t[1], b = bits.Sub64(scalarN[1], x[1], b)
	t[2], b = bits.Sub64(scalarN[2], x[2], b)
	t[3], _ = bits.Sub64(scalarN[3], x[3], b)
	// n - 0 = n must become 0.
	m := -uint64(1 - x.isZero())
	z[0], z[1], z[2], z[3] = t[0]&m, t[1]&m, t[2]&m, t[3]&m
}

// scCondNeg sets z = -x if cond is 1 and z = x if it is 0.
func scCondNeg(z, x *scalar, cond int) {
	var n scalar
	scNeg(&n, x)
	m := -uint64(cond)
	z[0] = x[0]&^m | n[0]&m
	z[1] = x[1]&^m | n[1]&m
	z[2] = x[2]&^m | n[2]&m
	z[3] = x[3]&^m | n[3]&m
}

// scMontMulGeneric sets z = x·y/2^256 mod n (Montgomery multiplication,
// coarsely integrated operand scanning) for x, y < n.
func scMontMulGeneric(z, x, y *scalar) {
	var t0, t1, t2, t3, t4 uint64
	for i := 0; i < 4; i++ {
		yi := y[i]
		var c, t5 uint64
		c, t0 = mac(t0, x[0], yi, 0)
		c, t1 = mac(t1, x[1], yi, c)
		c, t2 = mac(t2, x[2], yi, c)
		c, t3 = mac(t3, x[3], yi, c)
		t4, t5 = bits.Add64(t4, c, 0)
		m := t0 * scN0Inv
		c, _ = mac(t0, m, scalarN[0], 0)
		c, t0 = mac(t1, m, scalarN[1], c)
		c, t1 = mac(t2, m, scalarN[2], c)
		c, t2 = mac(t3, m, scalarN[3], c)
		t3, c = bits.Add64(t4, c, 0)
		t4 = t5 + c
	}
	z.reduceOnce(&scalar{t0, t1, t2, t3}, t4)
}

// scMul sets z = x·y mod n.
func scMul(z, x, y *scalar) {
	var t scalar
	scMontMul(&t, x, y)
	scMontMul(z, &t, &scR2)
}

// scInvert sets z = 1/x mod n (0 for x = 0), in constant time.
func scInvert(z, x *scalar) {
	*z = invert((*[4]uint64)(x), &modN62)
}
