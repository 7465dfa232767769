package k256

import (
	"crypto/subtle"
	"sync"
)

// generator is G (SEC 2 §2.4.1).
var generator = affinePoint{
	x: fieldElement{0x59F2815B16F81798, 0x029BFCDB2DCE28D9, 0x55A06295CE870B07, 0x79BE667EF9DCBBAC},
	y: fieldElement{0x9C47D08FFB10D4B8, 0xFD17B448A6855419, 0x5DA4FBFC0E1108A8, 0x483ADA7726A3C465},
}

// windows is the number of signed 4-bit digits of a scalar below 2^256:
// 64 nibbles and the carry out of the top one.
const windows = 65

// signedDigits recodes the low 4·n bits of k as Σ d[i]·16^i with d[i] in
// [-8, 7] for i < n and d[n] in {0, 1}, in constant time.
func signedDigits(k *scalar, n int) (d [windows]int8) {
	var carry uint64
	for i := 0; i < n; i++ {
		v := (k[i/16]>>(uint(i%16)*4))&15 + carry
		carry = (v + 8) >> 4
		d[i] = int8(int64(v) - int64(carry<<4))
	}
	d[n] = int8(carry)
	return d
}

// digitAbs returns |d| and 1 if d < 0, 0 otherwise, without branches.
func digitAbs(d int8) (abs, neg int) {
	neg = int(uint8(d) >> 7)
	abs = int((d ^ int8(-neg)) + int8(neg))
	return abs, neg
}

// baseTable holds j·16^i·G for i < windows and j = 1..8, in affine form,
// for fixed-base multiplication: one table lookup and one addition per
// digit, no doublings.
var (
	baseTable     *[windows][8]affinePoint
	baseTableOnce sync.Once
)

func buildBaseTable() {
	t := new([windows][8]affinePoint)
	var base point
	base.setAffine(&generator)
	for i := 0; i < windows; i++ {
		var multiples [8]point
		multiples[0] = base
		for j := 1; j < 8; j++ {
			pointAdd(&multiples[j], &multiples[j-1], &base)
		}
		batchToAffine(t[i][:], multiples[:])
		for j := 0; j < 4; j++ {
			pointDouble(&base, &base)
		}
	}
	baseTable = t
}

// batchToAffine converts points none of which is the identity with one
// inversion (Montgomery's trick).
func batchToAffine(out []affinePoint, in []point) {
	prod := make([]fieldElement, len(in))
	acc := fieldElement{1}
	for i := range in {
		prod[i] = acc
		feMul(&acc, &acc, &in[i].z)
	}
	var inv fieldElement
	feInvert(&inv, &acc)
	for i := len(in) - 1; i >= 0; i-- {
		var zinv fieldElement
		feMul(&zinv, &inv, &prod[i])
		feMul(&inv, &inv, &in[i].z)
		feMul(&out[i].x, &in[i].x, &zinv)
		feMul(&out[i].y, &in[i].y, &zinv)
		out[i].x.normalize()
		out[i].y.normalize()
	}
}

// baseMul sets r = k·G in constant time: each digit's entry is found by
// scanning all eight of its row, negated by a masked select, and added;
// a zero digit's addition is computed and discarded.
func baseMul(r *point, k *scalar) {
	baseTableOnce.Do(buildBaseTable)
	d := signedDigits(k, windows-1)
	r.setIdentity()
	for i := 0; i < windows; i++ {
		abs, neg := digitAbs(d[i])
		e := baseTable[i][0]
		for j := 1; j < 8; j++ {
			c := subtle.ConstantTimeEq(int32(abs), int32(j+1))
			feSelect(&e.x, &e.x, &baseTable[i][j].x, c)
			feSelect(&e.y, &e.y, &baseTable[i][j].y, c)
		}
		var ny fieldElement
		feNeg(&ny, &e.y)
		feSelect(&e.y, &e.y, &ny, neg)
		var sum point
		pointAddAffine(&sum, r, &e)
		pointSelect(r, r, &sum, 1-subtle.ConstantTimeEq(int32(abs), 0))
	}
}

// glvNibbles is the number of 4-bit windows that cover a split half
// (below 2^129); the recoding's carry makes one more digit.
const glvNibbles = 33

// scalarMul sets r = k·p in constant time. k is split as k1 + k2·λ; each
// half, made short by a conditional negation, is recoded in signed 4-bit
// digits, and one chain of doublings serves both: per window, an entry of
// the table 1·p .. 8·p and one of its image under the endomorphism, each
// found by a full scan (the identity for a zero digit, which the complete
// formulas add like any point) and negated by a masked select.
func scalarMul(r *point, k *scalar, p *affinePoint) {
	var table, tableLambda [8]point
	table[0].setAffine(p)
	pointDouble(&table[1], &table[0])
	for j := 2; j < 8; j++ {
		pointAdd(&table[j], &table[j-1], &table[0])
	}
	for j := range table {
		tableLambda[j].endomorphism(&table[j])
	}
	k1, k2 := splitLambda(k)
	a1, neg1 := shortForm(&k1)
	a2, neg2 := shortForm(&k2)
	d1, d2 := signedDigits(&a1, glvNibbles), signedDigits(&a2, glvNibbles)
	r.setIdentity()
	for i := glvNibbles; i >= 0; i-- {
		if i != glvNibbles {
			pointDouble(r, r)
			pointDouble(r, r)
			pointDouble(r, r)
			pointDouble(r, r)
		}
		addDigit(r, &table, d1[i], neg1)
		addDigit(r, &tableLambda, d2[i], neg2)
	}
}

// addDigit adds (-1)^neg·d·p to r, where table holds 1·p .. 8·p, in
// constant time.
func addDigit(r *point, table *[8]point, d int8, neg int) {
	abs, dneg := digitAbs(d)
	var e point
	e.setIdentity()
	for j := 0; j < 8; j++ {
		pointSelect(&e, &e, &table[j], subtle.ConstantTimeEq(int32(abs), int32(j+1)))
	}
	e.condNegate(dneg ^ neg)
	pointAdd(r, r, &e)
}
