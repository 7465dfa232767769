//go:build purego || !amd64

package k256

// feMul sets z = x·y mod p.
func feMul(z, x, y *fieldElement) { feMulGeneric(z, x, y) }

// feSqr sets z = x² mod p.
func feSqr(z, x *fieldElement) { feSqrGeneric(z, x) }

// scMontMul sets z = x·y/2^256 mod n.
func scMontMul(z, x, y *scalar) { scMontMulGeneric(z, x, y) }

// feAdd sets z = x + y mod p.
func feAdd(z, x, y *fieldElement) { feAddGeneric(z, x, y) }

// feSub sets z = x - y mod p.
func feSub(z, x, y *fieldElement) { feSubGeneric(z, x, y) }
