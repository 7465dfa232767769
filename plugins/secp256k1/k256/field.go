// Package k256 is Crucible's own implementation of secp256k1 (SEC 2
// §2.4.1): field and scalar arithmetic on four 64-bit limbs, complete
// projective point formulas, constant-time fixed- and variable-base
// multiplication for secret scalars, and variable-time double-scalar
// multiplication with the GLV endomorphism for verification; on top of
// them ECDSA (SEC 1 §4.1, RFC 6979 nonces, low S), BIP-340 Schnorr
// signatures and ECDH (SEC 1 §3.3.1).
//
// Everything that touches a secret (key generation, signing, ECDH) runs
// in time independent of it; functions whose names end in Var take
// public inputs only.
package k256

import (
	"crypto/subtle"
	"encoding/binary"
	"math/bits"
)

// fieldElement is an integer mod p = 2^256 - 2^32 - 977 in four
// little-endian 64-bit limbs. Arithmetic keeps values below 2^256 but not
// necessarily below p; normalize brings one into [0, p).
type fieldElement [4]uint64

// feC is 2^256 mod p = 2^32 + 977: the reductions fold the bits above 256
// back in multiplied by it.
const feC = 0x1000003D1

// fieldP is p in limbs.
var fieldP = fieldElement{0xFFFFFFFEFFFFFC2F, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF}

// feAddGeneric sets z = x + y mod p.
func feAddGeneric(z, x, y *fieldElement) {
	var c, c2 uint64
	z0, c := bits.Add64(x[0], y[0], 0)
	z1, c := bits.Add64(x[1], y[1], c)
	z2, c := bits.Add64(x[2], y[2], c)
	z3, c := bits.Add64(x[3], y[3], c)
	// 2^256 ≡ feC. After this fold a second carry leaves a value below
	// feC, to which feC adds without carrying.
	z0, c2 = bits.Add64(z0, c*feC, 0)
	z1, c2 = bits.Add64(z1, 0, c2)
	z2, c2 = bits.Add64(z2, 0, c2)
	z3, c2 = bits.Add64(z3, 0, c2)
	z[0], z[1], z[2], z[3] = z0+c2*feC, z1, z2, z3
}

// feSubGeneric sets z = x - y mod p.
func feSubGeneric(z, x, y *fieldElement) {
	var b, b2 uint64
	z0, b := bits.Sub64(x[0], y[0], 0)
	z1, b := bits.Sub64(x[1], y[1], b)
	z2, b := bits.Sub64(x[2], y[2], b)
	z3, b := bits.Sub64(x[3], y[3], b)
	// A borrow left x - y + 2^256; subtracting feC makes it x - y + p. A
	// second borrow can only follow from a tiny value, whose wrapped low
	// limb is then at least 2^64 - feC, so the last subtraction is exact.
	z0, b2 = bits.Sub64(z0, b*feC, 0)
	z1, b2 = bits.Sub64(z1, 0, b2)
	z2, b2 = bits.Sub64(z2, 0, b2)
	z3, b2 = bits.Sub64(z3, 0, b2)
	z[0], z[1], z[2], z[3] = z0-b2*feC, z1, z2, z3
}

// feNeg sets z = -x mod p.
func feNeg(z, x *fieldElement) {
	var zero fieldElement
	feSub(z, &zero, x)
}

// feMulSmall sets z = x·k mod p for a small constant k (below 2^31).
func feMulSmall(z, x *fieldElement, k uint64) {
	h0, l0 := bits.Mul64(x[0], k)
	h1, l1 := bits.Mul64(x[1], k)
	h2, l2 := bits.Mul64(x[2], k)
	h3, l3 := bits.Mul64(x[3], k)
	var c uint64
	l1, c = bits.Add64(l1, h0, 0)
	l2, c = bits.Add64(l2, h1, c)
	l3, c = bits.Add64(l3, h2, c)
	top := h3 + c
	// top < 2^31, so top·feC < 2^64.
	l0, c = bits.Add64(l0, top*feC, 0)
	l1, c = bits.Add64(l1, 0, c)
	l2, c = bits.Add64(l2, 0, c)
	l3, c = bits.Add64(l3, 0, c)
	z[0], z[1], z[2], z[3] = l0+c*feC, l1, l2, l3
}

// feReduce512 sets z to the 512-bit t mod p (below 2^256).
func feReduce512(z *fieldElement, t *[8]uint64) {
	// t = lo + hi·2^256 ≡ lo + hi·feC, a value below 2^290.
	var r [4]uint64
	var carry uint64
	for i := 0; i < 4; i++ {
		hi, lo := bits.Mul64(t[4+i], feC)
		var c uint64
		lo, c = bits.Add64(lo, t[i], 0)
		hi += c
		lo, c = bits.Add64(lo, carry, 0)
		hi += c
		r[i], carry = lo, hi
	}
	// Fold the top limb (below 2^34) once more, then a final carry.
	hi, lo := bits.Mul64(carry, feC)
	var c uint64
	r[0], c = bits.Add64(r[0], lo, 0)
	r[1], c = bits.Add64(r[1], hi, c)
	r[2], c = bits.Add64(r[2], 0, c)
	r[3], c = bits.Add64(r[3], 0, c)
	r[0], c = bits.Add64(r[0], c*feC, 0)
	r[1], c = bits.Add64(r[1], 0, c)
	r[2], c = bits.Add64(r[2], 0, c)
	r[3] += c
	*z = r
}

// normalize reduces z into [0, p), in constant time.
func (z *fieldElement) normalize() {
	// z ≥ p exactly when z + feC carries out of 256 bits.
	t0, c := bits.Add64(z[0], feC, 0)
	t1, c := bits.Add64(z[1], 0, c)
	t2, c := bits.Add64(z[2], 0, c)
	t3, c := bits.Add64(z[3], 0, c)
	m := -c
	z[0] = z[0]&^m | t0&m
	z[1] = z[1]&^m | t1&m
	z[2] = z[2]&^m | t2&m
	z[3] = z[3]&^m | t3&m
}

// setBytes sets z to the big-endian b and reports whether b < p.
func (z *fieldElement) setBytes(b *[32]byte) bool {
	z[3] = binary.BigEndian.Uint64(b[0:])
	z[2] = binary.BigEndian.Uint64(b[8:])
	z[1] = binary.BigEndian.Uint64(b[16:])
	z[0] = binary.BigEndian.Uint64(b[24:])
	_, c := bits.Add64(z[0], feC, 0)
	_, c = bits.Add64(z[1], 0, c)
	_, c = bits.Add64(z[2], 0, c)
	_, c = bits.Add64(z[3], 0, c)
	return c == 0
}

// putBytes writes z mod p big-endian to b.
func (z *fieldElement) putBytes(b *[32]byte) {
	t := *z
	t.normalize()
	binary.BigEndian.PutUint64(b[0:], t[3])
	binary.BigEndian.PutUint64(b[8:], t[2])
	binary.BigEndian.PutUint64(b[16:], t[1])
	binary.BigEndian.PutUint64(b[24:], t[0])
}

// isZero returns 1 if z ≡ 0 mod p and 0 otherwise, in constant time.
func (z *fieldElement) isZero() int {
	t := *z
	t.normalize()
	return subtle.ConstantTimeEq(int32(bitsOr(t[0]|t[1]|t[2]|t[3])), 0)
}

// bitsOr folds a 64-bit word into 32 bits that are zero only if it is.
func bitsOr(w uint64) uint32 { return uint32(w) | uint32(w>>32) }

// equal returns 1 if x ≡ y mod p and 0 otherwise, in constant time.
func (z *fieldElement) equal(y *fieldElement) int {
	var d fieldElement
	feSub(&d, z, y)
	return d.isZero()
}

// isOdd returns the low bit of z mod p.
func (z *fieldElement) isOdd() int {
	t := *z
	t.normalize()
	return int(t[0] & 1)
}

// feSelect sets z = y if cond is 1 and z = x if it is 0, in constant time.
func feSelect(z, x, y *fieldElement, cond int) {
	m := -uint64(cond)
	z[0] = x[0]&^m | y[0]&m
	z[1] = x[1]&^m | y[1]&m
	z[2] = x[2]&^m | y[2]&m
	z[3] = x[3]&^m | y[3]&m
}

// feSqrN sets z = x^(2^n).
func feSqrN(z, x *fieldElement, n int) {
	feSqr(z, x)
	for i := 1; i < n; i++ {
		feSqr(z, z)
	}
}

// powChain computes x^(2^223 - 1) and x^(2^22 - 1) and x^3, the blocks
// of ones of (p + 1)/4, with an addition chain of 220 squarings and 11
// multiplications.
func powChain(x *fieldElement) (x2, x22, x223 fieldElement) {
	var x3, x6, x9, x11, x44, x88, x176, x220, t fieldElement
	feSqr(&t, x)
	feMul(&x2, &t, x)
	feSqr(&t, &x2)
	feMul(&x3, &t, x)
	feSqrN(&t, &x3, 3)
	feMul(&x6, &t, &x3)
	feSqrN(&t, &x6, 3)
	feMul(&x9, &t, &x3)
	feSqrN(&t, &x9, 2)
	feMul(&x11, &t, &x2)
	feSqrN(&t, &x11, 11)
	feMul(&x22, &t, &x11)
	feSqrN(&t, &x22, 22)
	feMul(&x44, &t, &x22)
	feSqrN(&t, &x44, 44)
	feMul(&x88, &t, &x44)
	feSqrN(&t, &x88, 88)
	feMul(&x176, &t, &x88)
	feSqrN(&t, &x176, 44)
	feMul(&x220, &t, &x44)
	feSqrN(&t, &x220, 3)
	feMul(&x223, &t, &x3)
	return x2, x22, x223
}

// feInvert sets z = 1/x mod p (0 for x = 0), in constant time.
func feInvert(z, x *fieldElement) {
	t := *x
	t.normalize()
	*z = invert((*[4]uint64)(&t), &modP62)
}

// feSqrt sets z to a square root of x and returns 1 if x is a square mod
// p, 0 otherwise. Since p ≡ 3 mod 4 the root is x^((p+1)/4), which in
// binary is 223 ones, a zero, 22 ones, then 00001100.
func feSqrt(z, x *fieldElement) int {
	x2, x22, x223 := powChain(x)
	var t, check fieldElement
	feSqrN(&t, &x223, 23)
	feMul(&t, &t, &x22)
	feSqrN(&t, &t, 6)
	feMul(&t, &t, &x2)
	feSqrN(&t, &t, 2)
	feSqr(&check, &t)
	*z = t
	return check.equal(x)
}
