package amoeba

// The 288-point NTT of ntt_2s3t.c (spec §4.4, §4.5) over
// A = Z_q[Y]/(Y^288 − Y^144 + 1), evaluating a block at the 288 primitive
// 864-th roots of unity. Every store into the reference's int16_t is an int16
// conversion here, and every sum the reference forms in int before a store
// is formed in int32, because intermediate values stay unreduced and the KAT
// bytes depend on those exact representatives.

// The transform's shape: split, 2 radix-3 levels, 4 radix-2 levels, on
// each half of 144.
const (
	halfN    = n / 2
	r3Levels = 2
	r2Levels = 4
)

// forwardNTT transforms one block in place: a split into the halves for
// Y^144 = ζ6 and ζ6^5, two radix-3 levels and four radix-2 levels per half.
// The output is not reduced.
//
// The butterflies are written out inside the level loops; each level walks
// half 0 then half 1 and the blocks in ascending order, consuming FZ in the
// reference's order.
func forwardNTT(f *[n]int16) {
	// Split: (X, Y) → (X + ζY, X + Y − ζY), with ζ = FZ[0].
	z := int32(forwardZetas[0])
	lo, hi := f[:halfN], f[halfN:]
	for t, x := range lo {
		y := hi[t]
		w := int16(mr(z * int32(y)))
		lo[t] = x + w
		hi[t] = x + y - w
	}
	p := 2
	cnt, size := 1, halfN
	for range r3Levels {
		m := size / 3
		for h := 0; h < n; h += halfN {
			for j := 0; j < cnt; j++ {
				// (a, b, c) → (a + z_k·b + z_k²·c), k = 1, 2, 3.
				z1, z2, z3 := int32(forwardZetas[p]), int32(forwardZetas[p+1]), int32(forwardZetas[p+2])
				w1, w2, w3 := int32(squareZetas[p]), int32(squareZetas[p+1]), int32(squareZetas[p+2])
				p += 3
				o := h + j*size
				a := f[o : o+m]
				b := f[o+m : o+2*m][:len(a)]
				c := f[o+2*m : o+3*m][:len(a)]
				for t := range a {
					x, y, zz := int32(a[t]), int32(b[t]), int32(c[t])
					a[t] = int16(x + mr(z1*y) + mr(w1*zz))
					b[t] = int16(x + mr(z2*y) + mr(w2*zz))
					c[t] = int16(x + mr(z3*y) + mr(w3*zz))
				}
			}
		}
		cnt, size = cnt*3, m
	}
	for range r2Levels {
		m := size / 2
		for h := 0; h < n; h += halfN {
			for j := 0; j < cnt; j++ {
				// (x, y) → (x ± ζy); the odd entries of FZ belong to the
				// sibling node and are not read.
				z := int32(forwardZetas[p])
				p += 2
				o := h + j*size
				a := f[o : o+m]
				b := f[o+m : o+2*m][:len(a)]
				for t, x := range a {
					w := int16(mr(z * int32(b[t])))
					a[t] = x + w
					b[t] = x - w
				}
			}
		}
		cnt, size = cnt*2, m
	}
}

// inverseNTT undoes forwardNTT and scales, returning canonical values in
// [0, q). The reference walks half 1 before half 0 and the blocks of each
// half in descending order, consuming IZ in that order; the loops keep it.
func inverseNTT(f *[n]int16) {
	p := 0
	cnt, size := halfN, 1
	for range r2Levels {
		cnt, size = cnt/2, size*2
		m := size / 2
		for h := halfN; h >= 0; h -= halfN {
			for j := cnt - 1; j >= 0; j-- {
				// (x, y) → (x + y, ζ(x − y)); the sum is reduced from its
				// int32 value, not from an int16.
				z := int32(inverseZetas[p+1])
				p += 2
				o := h + j*size
				a := f[o : o+m]
				b := f[o+m : o+2*m][:len(a)]
				for t, x := range a {
					y := b[t]
					a[t] = int16(br(int32(x) + int32(y)))
					b[t] = int16(mr(z * int32(x-y)))
				}
			}
		}
	}
	for range r3Levels {
		cnt, size = cnt/3, size*3
		m := size / 3
		for h := halfN; h >= 0; h -= halfN {
			for j := cnt - 1; j >= 0; j-- {
				// The reference passes (IZ[p+2], IZ[p+1], IZ[p]) as
				// (z1, z2, z3).
				z1, z2, z3 := int32(inverseZetas[p+2]), int32(inverseZetas[p+1]), int32(inverseZetas[p])
				w1, w2, w3 := int32(squareInvZetas[p+2]), int32(squareInvZetas[p+1]), int32(squareInvZetas[p])
				p += 3
				o := h + j*size
				a := f[o : o+m]
				b := f[o+m : o+2*m][:len(a)]
				c := f[o+2*m : o+3*m][:len(a)]
				for t := range a {
					x, y, zz := int32(a[t]), int32(b[t]), int32(c[t])
					a[t] = int16(br(x + y + zz))
					b[t] = int16(mr(z1*x) + mr(z2*y) + mr(z3*zz))
					c[t] = int16(mr(w1*x) + mr(w2*y) + mr(w3*zz))
				}
			}
		}
	}
	compose(f, inverseZetas[p+1])
	for t, x := range f {
		g := int16(mr(int32(x) * invFactor))
		f[t] = g + (g>>15)&q
	}
}

// compose undoes the split: from A + ζB and A + ζ^5·B it recovers 3A and 3B
// (the factor is absorbed by the final scale). Every step is an int16 store
// in the reference, and 2·s may wrap; the same wraps happen here.
func compose(f *[n]int16, z int16) {
	lo, hi := f[:halfN], f[halfN:]
	for t, a := range lo {
		b := hi[t]
		d := a - b
		s := a + b
		d = int16(mr(int32(z) * int32(d)))
		d += b
		u := 2*s - d
		lo[t] = u
		hi[t] = s + d - u
	}
}
