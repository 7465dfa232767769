package afskex

// The reference arithmetic is Kyber's: int16 coefficients in Montgomery
// form, reduced lazily (Appendix A). The transforms keep its int16
// Montgomery and Barrett steps, so every value they hand on is the
// reference's representative; where a step's output is reduced to the
// centred residue anyway and no int16 intermediate can wrap (the NTT-domain
// accumulation, see basemulAcc), it is computed exactly instead.

const (
	qInv  = -3327 // q^-1 mod 2^16, centred
	mont2 = 1353  // 2^32 mod q: montgomeryReduce(a·mont2) = a·2^16 mod q
	fInv  = 1441  // 2^32/128 mod q: Montgomery factor and 128^-1 of the inverse NTT
)

// montgomeryReduce returns a·2^-16 mod q in (-q, q) for |a| < q·2^15.
func montgomeryReduce(a int32) int16 {
	t := int16(a) * qInv
	return int16((a - int32(t)*q) >> 16)
}

// barrettReduce returns the centred representative of a mod q, in
// [-(q-1)/2, (q-1)/2].
func barrettReduce(a int16) int16 {
	const v = ((1 << 26) + q/2) / q // 20159
	t := int16((v*int32(a) + 1<<25) >> 26)
	return a - t*q
}

// fqmul is the Montgomery product a·b·2^-16 mod q.
func fqmul(a, b int16) int16 { return montgomeryReduce(int32(a) * int32(b)) }

// canonical maps a Barrett-reduced coefficient to [0, q), as the
// serialisation does before packing (Appendix A).
func canonical(a int16) uint16 { return uint16(a + (a>>15)&q) }
