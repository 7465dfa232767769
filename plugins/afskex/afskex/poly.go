package afskex

// poly is a polynomial of degree < N ≤ maxN; parameter sets use p.n
// coefficients of it.
type poly [maxN]int16

// polyVec is a vector of k ≤ maxK polynomials.
type polyVec [maxK]poly

// encode12 packs the canonical coefficients of f with 12 bits each (§4.2).
func encode12(b []byte, f []int16) {
	b = b[:3*len(f)/2]
	for i := 0; i+1 < len(f); i += 2 {
		t0, t1 := canonical(f[i]), canonical(f[i+1])
		o := (*[3]byte)(b[3*i/2:])
		o[0] = byte(t0)
		o[1] = byte(t0>>8 | t1<<4)
		o[2] = byte(t1 >> 4)
	}
}

// decode12 unpacks 12-bit values without reducing them, as the reference
// does: honest data is below q, and anything else only ever reaches
// arithmetic that tolerates values below 2^12.
func decode12(f []int16, b []byte) {
	b = b[:3*len(f)/2]
	for i := 0; i+1 < len(f); i += 2 {
		in := (*[3]byte)(b[3*i/2:])
		b0, b1, b2 := uint16(in[0]), uint16(in[1]), uint16(in[2])
		f[i] = int16(b0 | b1&0xF<<8)
		f[i+1] = int16(b1>>4 | b2<<4)
	}
}

// compress is round(2^d·x/q) mod 2^d for canonical x (§4.2).
func compress(x uint16, d int) uint32 {
	return ((uint32(x)<<d + q/2) / q) & (1<<d - 1)
}

// decompress is round(t·q/2^d) (§4.2).
func decompress(t uint32, d int) int16 {
	return int16((t*q + 1<<(d-1)) >> d)
}

// packCompressed writes Compress_d of every (Barrett-reduced) coefficient
// of f into b, d bits each in little-endian bit order (§4.2).
func packCompressed(b []byte, f []int16, d int) {
	if d == 10 {
		// The u part, the bulk of a ciphertext: 4 values in 5 bytes.
		b = b[:len(f)*10/8]
		for i := 0; i+3 < len(f); i += 4 {
			c := (*[4]int16)(f[i:])
			t0, t1 := compress(canonical(c[0]), 10), compress(canonical(c[1]), 10)
			t2, t3 := compress(canonical(c[2]), 10), compress(canonical(c[3]), 10)
			o := (*[5]byte)(b[i/4*5:])
			o[0] = byte(t0)
			o[1] = byte(t0>>8 | t1<<2)
			o[2] = byte(t1>>6 | t2<<4)
			o[3] = byte(t2>>4 | t3<<6)
			o[4] = byte(t3 >> 2)
		}
		return
	}
	var acc uint64
	bits, o := 0, 0
	for _, c := range f {
		acc |= uint64(compress(canonical(c), d)) << bits
		bits += d
		for bits >= 8 {
			b[o] = byte(acc)
			o++
			acc >>= 8
			bits -= 8
		}
	}
}

// unpackDecompressed reads len(f) d-bit values from b and decompresses them.
func unpackDecompressed(f []int16, b []byte, d int) {
	if d == 10 {
		b = b[:len(f)*10/8]
		for i := 0; i+3 < len(f); i += 4 {
			x := (*[5]byte)(b[i/4*5:])
			c := (*[4]int16)(f[i:])
			c[0] = decompress(uint32(x[0])|uint32(x[1])&0x03<<8, 10)
			c[1] = decompress(uint32(x[1])>>2|uint32(x[2])&0x0F<<6, 10)
			c[2] = decompress(uint32(x[2])>>4|uint32(x[3])&0x3F<<4, 10)
			c[3] = decompress(uint32(x[3])>>6|uint32(x[4])<<2, 10)
		}
		return
	}
	var acc uint64
	bits, o := 0, 0
	mask := uint64(1)<<d - 1
	for i := range f {
		for bits < d {
			acc |= uint64(b[o]) << bits
			o++
			bits += 8
		}
		f[i] = decompress(uint32(acc&mask), d)
		acc >>= d
		bits -= d
	}
}

func polyAdd(r, a, b []int16) {
	a, b = a[:len(r)], b[:len(r)]
	for i := range r {
		r[i] = a[i] + b[i]
	}
}

func polySub(r, a, b []int16) {
	a, b = a[:len(r)], b[:len(r)]
	for i := range r {
		r[i] = a[i] - b[i]
	}
}

func polyReduce(f []int16) {
	for i := range f {
		f[i] = barrettReduce(f[i])
	}
}

// polyToMont multiplies by 2^16 mod q, undoing the 2^-16 of basemul in
// KeyGen (Appendix A).
func polyToMont(f []int16) {
	for i := range f {
		f[i] = montgomeryReduce(int32(f[i]) * mont2)
	}
}

// basemulAcc sets r to Σ_j a_j ∘ b_j · 2^-16, centred (Appendix A).
//
// The reference sums Karatsuba basemul outputs in int16 and Barrett-reduces
// the sum, so its output is the centred residue unless an int16 sum wraps
// (§4.1 fears this for C256). It cannot: one operand is always a 12-bit
// value (matrix entry or decoded key, < 4096) and the other an NTT output
// (|b| ≤ 1664), so a Montgomery product of the pair sums, whose input is
// below 8190·3328 in magnitude, lies within ±(8190·3328 + 2^15·q)/2^16 <
// 2081, the products a0b0 and a1b1 within ±1769, a Karatsuba odd term
// within ±5619, and a sum of four within ±22476 < 2^15. Exact sums
// therefore give the reference's bytes for every input, with half its
// multiplications; TestBasemulAcc compares the two at the operand extremes.
func (p *Params) basemulAcc(r []int16, a, b *polyVec) {
	if p.n == 256 {
		basemulAcc256(r[:256], a, b, p.k)
	} else {
		basemulAcc512(r[:512], a, b, p.k)
	}
}

// Every basemul operand pair is a 12-bit value (matrix entries, decoded
// keys) and an NTT output (|b| ≤ (q−1)/2), so a product is below
// 4095·1664 < 2^23 in magnitude and k ≤ 4 sums of up to 4 products stay
// far inside int32.

// finish maps an exact sum x (|x| < 2^15·q) to the centred representative
// of x·2^-16, as montgomery reduction and a Barrett reduction of the
// reference's sum would.
func finish(x int32) int16 { return barrettReduce(montgomeryReduce(x)) }

// basemulAcc256 is the exact accumulation for N = 256: per residue mod
// X² − γ, r0 = Σ a0b0 + γ·Σ a1b1 and r1 = Σ (a0b1 + a1b0).
func basemulAcc256(r []int16, a, b *polyVec, k int) {
	for i, z := range zetas[64:] {
		for half, g := range [2]int32{int32(z), -int32(z)} {
			o := 4*i + 2*half
			var c0, c1, h int32
			for j := 0; j < k; j++ {
				x, y := (*[2]int16)(a[j][o:]), (*[2]int16)(b[j][o:])
				a0, a1, b0, b1 := int32(x[0]), int32(x[1]), int32(y[0]), int32(y[1])
				c0 += a0 * b0
				c1 += a0*b1 + a1*b0
				h += a1 * b1
			}
			// γ is in Montgomery form, so γ·h carries an extra 2^16 that
			// one more Montgomery reduction of h removes.
			r[o] = finish(c0 + g*int32(montgomeryReduce(h)))
			r[o+1] = finish(c1)
		}
	}
}

// basemulAcc512 is the exact accumulation for N = 512: per residue mod
// X⁴ − γ, the schoolbook product with X⁴ = γ, summed over the vector.
func basemulAcc512(r []int16, a, b *polyVec, k int) {
	for i, z := range zetas[64:] {
		for half, g := range [2]int32{int32(z), -int32(z)} {
			o := 8*i + 4*half
			var c0, c1, c2, c3, h0, h1, h2 int32
			for j := 0; j < k; j++ {
				x, y := (*[4]int16)(a[j][o:]), (*[4]int16)(b[j][o:])
				a0, a1, a2, a3 := int32(x[0]), int32(x[1]), int32(x[2]), int32(x[3])
				b0, b1, b2, b3 := int32(y[0]), int32(y[1]), int32(y[2]), int32(y[3])
				c0 += a0 * b0
				c1 += a0*b1 + a1*b0
				c2 += a0*b2 + a1*b1 + a2*b0
				c3 += a0*b3 + a1*b2 + a2*b1 + a3*b0
				h0 += a1*b3 + a2*b2 + a3*b1
				h1 += a2*b3 + a3*b2
				h2 += a3 * b3
			}
			r[o] = finish(c0%q + g*int32(montgomeryReduce(h0)))
			r[o+1] = finish(c1%q + g*int32(montgomeryReduce(h1)))
			r[o+2] = finish(c2%q + g*int32(montgomeryReduce(h2)))
			r[o+3] = finish(c3 % q)
		}
	}
}
