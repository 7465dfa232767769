package sntrup

import (
	"math"
	"math/bits"
)

// The mixed-radix encoding of spec §3.4 ("Encoding"): a list of integers
// R[i] in 0..M[i]-1 is packed pairwise into radix M[i]*M[i+1], emitting
// low bytes while the combined radix is at least 2^14, recursively, so that
// the byte string is within a few bytes of log2(prod M[i]) bits. Only the
// radices are public; decoding is constant-time in the bytes.
//
// The radices of a level depend only on the parameter set, so the
// recursion is unrolled once into a radixPlan: per level, the radices,
// their reciprocals for the division and how many bytes each pair emits.
// The bytes of level 0 come first, then those of level 1, and so on, and
// those of the last single value at the end.

// radixPlan is the unrolled encoding of n values of one radix.
type radixPlan struct {
	levels []radixLevel
	top    uint32 // the radix of the single value left at the top
	topOff int    // where its bytes start
	size   int    // total encoded length
}

type radixLevel struct {
	m []uint32 // radix of each value
	v []uint64 // floor(2^64/radix)+1, for divmod
	// run is the number of leading pairs, a multiple of four, that share
	// the radix m[0] and the byte count bytes[0] (all but the last pair or
	// two): decodePairsVec takes them four at a time, with minv a double
	// just above 1/m[0].
	run   int
	minv  float64
	bytes []uint8 // bytes emitted by each pair (0, 1 or 2)
	off   int     // where this level's bytes start
}

// newRadixPlan unrolls the encoding of n values of radix m.
func newRadixPlan(n int, m uint32) *radixPlan {
	pl := &radixPlan{}
	M := make([]uint32, n)
	for i := range M {
		M[i] = m
	}
	off := 0
	for len(M) > 1 {
		lv := radixLevel{m: M, v: make([]uint64, len(M)), bytes: make([]uint8, len(M)/2), off: off}
		for i, x := range M {
			lv.v[i] = reciprocal(x)
		}
		M2 := make([]uint32, (len(M)+1)/2)
		for i := 0; i+1 < len(M); i += 2 {
			mm := M[i] * M[i+1]
			for mm >= 16384 {
				lv.bytes[i/2]++
				off++
				mm = (mm + 255) >> 8
			}
			M2[i/2] = mm
		}
		if len(M)%2 == 1 {
			M2[len(M2)-1] = M[len(M)-1]
		}
		for lv.run < len(M)/2 && M[2*lv.run] == M[0] && M[2*lv.run+1] == M[0] && lv.bytes[lv.run] == lv.bytes[0] {
			lv.run++
		}
		lv.run &^= 3
		lv.minv = 1 / float64(M[0])
		for range 4 {
			lv.minv = math.Nextafter(lv.minv, 2)
		}
		pl.levels = append(pl.levels, lv)
		M = M2
	}
	pl.top, pl.topOff = M[0], off
	for m := M[0]; m > 1; m = (m + 255) >> 8 {
		off++
	}
	pl.size = off
	return pl
}

// encode writes the encoding of R (pl.size bytes) to out, using R as
// scratch.
func (pl *radixPlan) encode(out []byte, R []uint16) {
	out = out[:pl.size]
	pos := 0
	for l := range pl.levels {
		lv := &pl.levels[l]
		n := len(lv.m)
		start := 0
		if useAVX2 {
			pairs, used := encodePairsVec(lv, out[pos:], R)
			start, pos = 2*pairs, pos+used
		}
		for i := start; i+1 < n; i += 2 {
			r := uint32(R[i]) + uint32(R[i+1])*lv.m[i]
			for range lv.bytes[i/2] {
				out[pos] = byte(r)
				pos++
				r >>= 8
			}
			R[i/2] = uint16(r)
		}
		if n%2 == 1 {
			R[n/2] = R[n-1]
		}
	}
	r := uint32(R[0])
	for m := pl.top; m > 1; m = (m + 255) >> 8 {
		out[pos] = byte(r)
		pos++
		r >>= 8
	}
}

// decode inverts encode: it fills out (n values) from S, using scratch
// (n values). Every value is reduced modulo its radix, so any byte string
// decodes to a valid list (spec §3.4: Decode is defined on all strings).
func (pl *radixPlan) decode(out, scratch []uint16, S []byte) {
	S = S[:pl.size]
	// The top value, reduced mod its radix ("needed only for invalid
	// inputs").
	var top uint32
	switch {
	case pl.top == 1:
	case pl.top <= 256:
		_, top = divmod(uint32(S[pl.topOff]), pl.top, reciprocal(pl.top))
	default:
		_, top = divmod(uint32(S[pl.topOff])|uint32(S[pl.topOff+1])<<8, pl.top, reciprocal(pl.top))
	}
	// Walk down the levels, alternating between out and scratch so that
	// level 0 lands in out.
	bufs := [2][]uint16{out, scratch}
	cur := bufs[len(pl.levels)%2]
	cur[0] = uint16(top)
	for l := len(pl.levels) - 1; l >= 0; l-- {
		lv := &pl.levels[l]
		next := bufs[l%2]
		n := len(lv.m)
		pos := lv.off
		if n%2 == 1 {
			next[n-1] = cur[n/2]
		}
		start := 0
		if useAVX2 {
			pairs, used := decodePairsVec(lv, next, cur, S)
			start, pos = 2*pairs, pos+used
		}
		for i := start; i+1 < n; i += 2 {
			r := uint32(cur[i/2])
			switch lv.bytes[i/2] {
			case 2:
				r = r<<16 | uint32(S[pos]) | uint32(S[pos+1])<<8
				pos += 2
			case 1:
				r = r<<8 | uint32(S[pos])
				pos++
			}
			q, r0 := divmod(r, lv.m[i], lv.v[i])
			_, r1 := divmod(q, lv.m[i+1], lv.v[i+1])
			next[i], next[i+1] = uint16(r0), uint16(r1)
		}
		cur = next
	}
}

// reciprocal returns floor(2^64/m)+1 for 1 < m < 2^14.
func reciprocal(m uint32) uint64 {
	return ^uint64(0)/uint64(m) + 1
}

// divmod divides x by 1 < m < 2^14 given v = reciprocal(m), in time
// independent of x: the high word of x*v is floor(x/m) exactly, because
// v exceeds 2^64/m by less than 1, so the error x*(v - 2^64/m)/2^64 < 2^-32
// stays below the 1/m gap between x/m and the next integer. (64-bit
// multiplication is constant-time on the CPUs Go supports.)
func divmod(x, m uint32, v uint64) (q, r uint32) {
	hi, _ := bits.Mul64(uint64(x), v)
	q = uint32(hi)
	return q, x - q*m
}

// smallEncode packs coefficients in {-1,0,1} four to a byte as c+1
// (spec §3.4, "Small").
func smallEncode(out []byte, f []int8) {
	p := len(f)
	n := p / 4
	out = out[:(p+3)/4]
	start := 0
	if useAVX2 && n >= 32 {
		start = n / 32 * 32
		smallEncodeAVX2(&out[0], &f[0], n/32)
	}
	for i := start; i < n; i++ {
		x := f[4*i : 4*i+4 : 4*i+4]
		out[i] = byte(x[0]+1) | byte(x[1]+1)<<2 | byte(x[2]+1)<<4 | byte(x[3]+1)<<6
	}
	if 4*n < p {
		var x byte
		for j := 0; 4*n+j < p; j++ {
			x |= byte(f[4*n+j]+1) << (2 * j)
		}
		out[n] = x
	}
}

// smallDecode unpacks smallEncode. The unused code 3 decodes to 0, as the
// reference multiplication treats it, so every byte string is a valid key.
func smallDecode(f []int8, s []byte) {
	p := len(f)
	n := p / 4
	s = s[:(p+3)/4]
	start := 0
	if useAVX2 && n >= 8 {
		start = n / 8 * 8
		smallDecodeAVX2(&f[0], &s[0], n/8)
	}
	for i := start; i < n; i++ {
		b := s[i]
		x := f[4*i : 4*i+4 : 4*i+4]
		x[0], x[1], x[2], x[3] = small2(b), small2(b>>2), small2(b>>4), small2(b>>6)
	}
	for j := 4 * n; j < p; j++ {
		f[j] = small2(s[n] >> (2 * (j - 4*n)))
	}
}

// small2 maps the low two bits 0, 1, 2, 3 to -1, 0, 1, 0.
func small2(b byte) int8 {
	x := int8(b & 3)
	return x - 1 - (x>>1&x)<<1
}
