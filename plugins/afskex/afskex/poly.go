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

// basemulAcc sets r to Σ_j a_j ∘ b_j: products summed in int16 as the
// reference sums them, then Barrett-reduced (Appendix A).
func (p *Params) basemulAcc(r []int16, a, b *polyVec) {
	var t poly
	n := p.n
	p.basemul(r, a[0][:n], b[0][:n])
	for j := 1; j < p.k; j++ {
		p.basemul(t[:n], a[j][:n], b[j][:n])
		polyAdd(r, r, t[:n])
	}
	polyReduce(r)
}

func (p *Params) basemul(r, a, b []int16) {
	if p.n == 512 {
		basemul512(r, a, b)
	} else {
		basemul256(r, a, b)
	}
}
