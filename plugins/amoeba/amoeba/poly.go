package amoeba

// Polynomial arithmetic of poly.c (spec §4.6). A polynomial of
// R_q = Z_q[X]/(X^KN − X^KN/2 + 1) is a []int16 of length KN. Its NTT form
// holds K blocks of 288 slots, block i at [i·288, (i+1)·288); coefficient
// i + j·K of the polynomial is coefficient j of block i (the Nussbaumer map
// R_q ≅ A[X]/(X^K − Y) with Y = X^K).

// block returns block i of an NTT-domain polynomial as an array pointer, so
// the transforms run without bounds checks on the block.
func block(f []int16, i int) *[n]int16 {
	return (*[n]int16)(f[i*n : (i+1)*n])
}

// forwardNussbaumer writes the NTT form of f (K blocks) into dst, which must
// not overlap f. The output is unreduced, as the reference leaves it.
func forwardNussbaumer(dst, f []int16, k int) {
	for i := range k {
		b := block(dst, i)
		for j := range b {
			b[j] = f[i+j*k]
		}
		forwardNTT(b)
	}
}

// inverseNussbaumer writes the normal form of the NTT-domain F into dst,
// which must not overlap F. Every output is in [0, q). F is always a
// polyMul result, in (−q, q): the AVX2 inverse transform relies on that
// range (TestInverseNTTBounds).
func inverseNussbaumer(dst, F []int16, k int) {
	var tmp [n]int16
	for i := range k {
		tmp = *block(F, i)
		inverseNTT(&tmp)
		for j, x := range tmp {
			dst[i+j*k] = x
		}
	}
}

// polyMul multiplies in the NTT domain: at each slot s, a product of two
// degree-<K polynomials in X modulo X^K − y_s,
//
//	r_j = Σ_{i≤j} f_{j−i}·g_i + y_s·Σ_{i>j} f_{K+j−i}·g_i.
//
// The sums are exact in int64, so their order is free: each output block
// accumulates whole blocks at a time. The result keeps C's truncated
// remainder, so it may be negative. r must not overlap f or g.
func polyMul(r, f, g []int16, k int) {
	if useAVX2 {
		polyMulAVX2(r, f, g, k)
		return
	}
	var acc [n]int64
	for j := range k {
		rb := r[j*n:][:n]
		fb, gb := f[j*n:][:n], g[:n]
		for s := range acc {
			acc[s] = int64(fb[s]) * int64(gb[s])
		}
		for i := 1; i <= j; i++ {
			fb, gb := f[(j-i)*n:][:n], g[i*n:][:n]
			for s := range acc {
				acc[s] += int64(fb[s]) * int64(gb[s])
			}
		}
		for i := j + 1; i < k; i++ {
			fb, gb := f[(k+j-i)*n:][:n], g[i*n:][:n]
			for s := range acc {
				acc[s] += int64(fb[s]) * int64(gb[s]) * int64(nttOfY[s])
			}
		}
		for s := range rb {
			rb[s] = int16(acc[s] % q)
		}
	}
}

// nttOfY32 is YN widened for the AVX2 product kernel.
var nttOfY32 [n]int32

// polyMulAVX2 is polyMul with the block products summed by the AVX2
// kernels, in their even/odd slot order, and the remainders taken here.
func polyMulAVX2(r, f, g []int16, k int) {
	var acc [n]int64
	for j := range k {
		clear(acc[:])
		for i := 0; i <= j; i++ {
			mulAccAVX2(&acc, &f[(j-i)*n], &g[i*n])
		}
		for i := j + 1; i < k; i++ {
			mulAccYAVX2(&acc, &f[(k+j-i)*n], &g[i*n], &nttOfY32)
		}
		rb := r[j*n:][:n]
		for base := 0; base < n; base += 8 {
			o, a := rb[base:base+8], acc[base:base+8]
			for t := range 4 {
				o[2*t] = int16(a[t] % q)
				o[2*t+1] = int16(a[4+t] % q)
			}
		}
	}
}

// polyAdd sets r = f + g with int16 wrap-around, as the reference stores it.
func polyAdd(r, f, g []int16) {
	g = g[:len(r)]
	f = f[:len(r)]
	for i := range r {
		r[i] = f[i] + g[i]
	}
}

// polyMod reduces each coefficient to [0, q) from its truncated remainder.
func polyMod(r, f []int16) {
	f = f[:len(r)]
	for i := range r {
		x := int16(int32(f[i]) % q)
		r[i] = x + (x>>15)&q
	}
}
