package k256

import "math/bits"

// feMulGeneric sets z = x·y mod p: a schoolbook 4×4-limb product and
// feReduce512. It is the portable path and the reference the assembly is
// tested against.
func feMulGeneric(z, x, y *fieldElement) {
	var t [8]uint64
	for i := 0; i < 4; i++ {
		var carry uint64
		for j := 0; j < 4; j++ {
			carry, t[i+j] = mac(t[i+j], x[i], y[j], carry)
		}
		t[i+4] = carry
	}
	feReduce512(z, &t)
}

// feSqrGeneric sets z = x² mod p, computing each cross product once.
func feSqrGeneric(z, x *fieldElement) {
	var t [8]uint64
	// Cross products x[i]·x[j], i < j.
	for i := 0; i < 3; i++ {
		var carry uint64
		for j := i + 1; j < 4; j++ {
			carry, t[i+j] = mac(t[i+j], x[i], x[j], carry)
		}
		t[i+4] = carry
	}
	// Double them, then add the squares x[i]².
	t[7] = t[6] >> 63
	t[6] = t[6]<<1 | t[5]>>63
	t[5] = t[5]<<1 | t[4]>>63
	t[4] = t[4]<<1 | t[3]>>63
	t[3] = t[3]<<1 | t[2]>>63
	t[2] = t[2]<<1 | t[1]>>63
	t[1] <<= 1
	var c uint64
	for i := 0; i < 4; i++ {
		hi, lo := bits.Mul64(x[i], x[i])
		t[2*i], c = bits.Add64(t[2*i], lo, c)
		t[2*i+1], c = bits.Add64(t[2*i+1], hi, c)
	}
	feReduce512(z, &t)
}
