package sntrup

// The products of Rq and R3 elements are computed over the integers and
// then reduced (ring.go): c = a*b with a in Fq (|a[i]| <= (q-1)/2 < 2^12)
// and b small, both of length n = p. Every coefficient of c is below
// p*(q-1)/2 < 2^23 in magnitude, so int32 holds it exactly. polyMul
// (dispatch.go) picks the implementation for this CPU.

// polyMulGeneric sets c[0:2n-1] = a*b, portably. It works on two outputs
// at a time in one 64-bit word (SIMD within a register): with b laid out
// as the packed pairs b[m] + 2^32*b[m+1], a[i] times the pair for m = k-i
// adds a[i]*b[k-i] to the low half and a[i]*b[k+1-i] to the high half, so
// one multiplication does two products. The halves are signed; their sums
// stay below 2^31, so the low half is the word's low 32 bits read as int32
// and the high half what remains, shifted down.
func polyMulGeneric(c []int32, a []int16, b []int8) {
	n := len(a)
	b = b[:n]
	c = c[:2*n-1]
	// pairs[x] packs (b[m], b[m+1]) for m = n-x, so that the index rises
	// with i; b is zero outside 0..n-1.
	var pairsArr [maxP + 2]int64
	pairs := pairsArr[:n+2]
	for x := range pairs {
		m := n - x
		var lo, hi int64
		if m >= 0 && m < n {
			lo = int64(b[m])
		}
		if m+1 >= 0 && m+1 < n {
			hi = int64(b[m+1])
		}
		pairs[x] = lo + hi<<32
	}
	for k := 0; k < 2*n-1; k += 2 {
		lo := max(0, k-n)
		hi := min(n-1, k+1)
		aa := a[lo : hi+1]
		pp := pairs[n-k+lo : n-k+hi+1]
		pp = pp[:len(aa)]
		var s int64
		for t, x := range aa {
			s += int64(x) * pp[t]
		}
		low := int32(s)
		c[k] = low
		if k+1 < 2*n-1 {
			c[k+1] = int32((s - int64(low)) >> 32)
		}
	}
}
