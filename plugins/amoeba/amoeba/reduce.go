package amoeba

// Reduction constants of ntt_2s3t.h (spec §4.2).
const (
	qInv      = 12929 // q^-1 mod 2^16
	barrettF  = 19    // round(2^16 / q)
	invFactor = -2281 // 2^16 · 432^-1 mod q, the scale of the inverse NTT
	half      = q / 2 // 1728, the encoding of a one bit and the rounding offset
)

// mr is the reference's Montgomery reduction: congruent to a·2^-16 mod q.
// The reference keeps its result unreduced (a few q either side of zero) and
// the port must keep the same representative, so this is the exact formula,
// including the int16 truncation of the quotient.
func mr(a int32) int32 {
	t := int16(int32(int16(a)) * qInv)
	return (a - int32(t)*q) >> 16
}

// br is the reference's Barrett reduction, again the exact formula: its
// result lies in a small window around [0, q), not in [0, q).
func br(a int32) int32 {
	return a - ((barrettF*a)>>16)*q
}
