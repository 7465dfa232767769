package sntrup

// polyMul sets c[0:2n-1] to the integer product of a (|a[i]| < 2^13) and b
// (coefficients in {-1,0,1}), both of length n. The product coefficients
// stay below 2^23, so int32 never overflows. polyMul (dispatch.go) is
// the fastest implementation for this CPU.

// polyMulGeneric is the portable schoolbook product.
func polyMulGeneric(c []int32, a []int16, b []int8) {
	n := len(a)
	b = b[:n]
	c = c[:2*n-1]
	clear(c)
	for i, x := range a {
		ai := int32(x)
		row := c[i : i+n]
		for j, y := range b {
			row[j] += ai * int32(y)
		}
	}
}
