package sntrup

// The products of Rq and R3 elements are computed over the integers and
// then reduced (ring.go): c = a*b with a in Fq (|a[i]| <= (q-1)/2 < 2^12)
// and b small, both of length n = p. Every coefficient of c is below
// p*(q-1)/2 < 2^23 in magnitude, so int32 holds it exactly. polyMul
// (dispatch.go) picks the implementation for this CPU.

// polyMulGeneric sets c[0:2n-1] = a*b, portably: genericKaratsubaDepth
// levels of Karatsuba over polyMulSWAR.
func polyMulGeneric(c []int32, a []int16, b []int8) {
	karatsubaGeneric(c, a, b, genericKaratsubaDepth)
}

// genericKaratsubaDepth is the number of Karatsuba levels of the portable
// product. Each level replaces four half-size products by three, at the
// cost of O(n) additions; the summed operands at most double per level,
// so after three levels they are below 8*(q-1)/2 < 2^15 and 8 in
// magnitude (int16 and int8 still), and the product coefficients far below
// the 2^31 polyMulSWAR needs. Three levels measured fastest at p = 761
// (71 us against 110 us without).
const genericKaratsubaDepth = 3

// karatsubaGeneric sets c[0:2n-1] = a*b from the three half products
// a0*b0, a1*b1 and (a0+a1)(b0+b1) of a = a0 + x^h a1, b = b0 + x^h b1.
func karatsubaGeneric(c []int32, a []int16, b []int8, depth int) {
	n := len(a)
	if depth == 0 || n < 32 {
		polyMulSWAR(c, a, b)
		return
	}
	h := (n + 1) / 2
	m := n - h
	var sa [(maxP + 1) / 2]int16
	var sb [(maxP + 1) / 2]int8
	copy(sa[:h], a[:h])
	copy(sb[:h], b[:h])
	for i := range m {
		sa[i] += a[h+i]
		sb[i] += b[h+i]
	}
	var z1arr [maxP]int32
	z1 := z1arr[:2*h-1]
	karatsubaGeneric(z1, sa[:h], sb[:h], depth-1)
	c = c[:2*n-1]
	z0, z2 := c[:2*h-1], c[2*h:]
	karatsubaGeneric(z0, a[:h], b[:h], depth-1)
	karatsubaGeneric(z2, a[h:], b[h:n], depth-1)
	c[2*h-1] = 0
	for i, x := range z0 {
		z1[i] -= x
	}
	for i, x := range z2 {
		z1[i] -= x
	}
	for i, x := range z1 {
		c[h+i] += x
	}
}

// polyMulSWAR sets c[0:2n-1] = a*b for small b. It works on two outputs
// at a time in one 64-bit word (SIMD within a register): with b laid out
// as the packed pairs b[m] + 2^32*b[m+1], a[i] times the pair for m = k-i
// adds a[i]*b[k-i] to the low half and a[i]*b[k+1-i] to the high half, so
// one multiplication does two products. The halves are signed; their sums
// stay below 2^31, so the low half is the word's low 32 bits read as int32
// and the high half what remains, shifted down.
func polyMulSWAR(c []int32, a []int16, b []int8) {
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
