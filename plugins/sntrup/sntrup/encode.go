package sntrup

// The mixed-radix encoding of spec §3.4 ("Encoding"): a list of integers
// R[i] in 0..M[i]-1 is packed pairwise into radix M[i]*M[i+1], emitting
// low bytes while the combined radix is at least 2^14, recursively, so that
// the byte string is within a few bytes of log2(prod M[i]) bits. Only the
// radices M are public; Decode is constant-time in the bytes.

// encodedLen returns the length of the encoding of n integers of radix m.
func encodedLen(n int, m uint32) int {
	M := make([]uint32, n)
	for i := range M {
		M[i] = m
	}
	total := 0
	for len(M) > 1 {
		M2 := make([]uint32, (len(M)+1)/2)
		for i := 0; i+1 < len(M); i += 2 {
			mm := M[i] * M[i+1]
			for mm >= 16384 {
				total++
				mm = (mm + 255) >> 8
			}
			M2[i/2] = mm
		}
		if len(M)%2 == 1 {
			M2[len(M2)-1] = M[len(M)-1]
		}
		M = M2
	}
	for m := M[0]; m > 1; m = (m + 255) >> 8 {
		total++
	}
	return total
}

// encode appends the encoding of R (radices M) to out.
func encode(out []byte, R []uint16, M []uint16) []byte {
	if len(R) == 1 {
		r, m := uint32(R[0]), uint32(M[0])
		for m > 1 {
			out = append(out, byte(r))
			r >>= 8
			m = (m + 255) >> 8
		}
		return out
	}
	n2 := (len(R) + 1) / 2
	R2 := make([]uint16, n2)
	M2 := make([]uint16, n2)
	i := 0
	for ; i+1 < len(R); i += 2 {
		m0 := uint32(M[i])
		r := uint32(R[i]) + uint32(R[i+1])*m0
		m := uint32(M[i+1]) * m0
		for m >= 16384 {
			out = append(out, byte(r))
			r >>= 8
			m = (m + 255) >> 8
		}
		R2[i/2], M2[i/2] = uint16(r), uint16(m)
	}
	if i < len(R) {
		R2[i/2], M2[i/2] = R[i], M[i]
	}
	return encode(out, R2, M2)
}

// decode inverts encode: it fills out (len(M) values) from S. Every value
// is reduced modulo its radix, so any byte string decodes to a valid list
// (spec §3.4: Decode is defined on all strings of the right length).
func decode(out []uint16, S []byte, M []uint16) {
	n := len(M)
	if n == 1 {
		switch {
		case M[0] == 1:
			out[0] = 0
		case M[0] <= 256:
			out[0] = modU14(uint32(S[0]), uint32(M[0]))
		default:
			out[0] = modU14(uint32(S[0])+uint32(S[1])<<8, uint32(M[0]))
		}
		return
	}
	n2 := (n + 1) / 2
	R2 := make([]uint16, n2)
	M2 := make([]uint16, n2)
	bottomr := make([]uint32, n/2)
	bottomt := make([]uint32, n/2)
	i := 0
	for ; i+1 < n; i += 2 {
		m := uint32(M[i]) * uint32(M[i+1])
		switch {
		case m > 256*16383:
			bottomt[i/2], bottomr[i/2] = 256*256, uint32(S[0])+256*uint32(S[1])
			S = S[2:]
			m = (((m + 255) >> 8) + 255) >> 8
		case m >= 16384:
			bottomt[i/2], bottomr[i/2] = 256, uint32(S[0])
			S = S[1:]
			m = (m + 255) >> 8
		default:
			bottomt[i/2], bottomr[i/2] = 1, 0
		}
		M2[i/2] = uint16(m)
	}
	if i < n {
		M2[i/2] = M[i]
	}
	decode(R2, S, M2)
	var v0, v1, m0, m1 uint32
	for i = 0; i+1 < n; i += 2 {
		// The radices repeat, so their reciprocals are recomputed only
		// when a public radix changes.
		if uint32(M[i]) != m0 {
			m0 = uint32(M[i])
			v0 = 0x80000000 / m0
		}
		if uint32(M[i+1]) != m1 {
			m1 = uint32(M[i+1])
			v1 = 0x80000000 / m1
		}
		r := bottomr[i/2] + bottomt[i/2]*uint32(R2[i/2])
		r1, r0 := divmodU14(r, m0, v0)
		_, r1b := divmodU14(r1, m1, v1) // reduces r1 only for invalid input
		out[i], out[i+1] = uint16(r0), uint16(r1b)
	}
	if i < n {
		out[i] = R2[i/2]
	}
}

// divmodU14 divides x by 0 < m < 2^14 in time independent of x, given
// v = floor(2^31/m): two multiply-and-subtract rounds leave x <= m, and a
// masked correction finishes.
func divmodU14(x, m, v uint32) (q, r uint32) {
	qp := uint32((uint64(x) * uint64(v)) >> 31)
	x -= qp * m
	q = qp
	qp = uint32((uint64(x) * uint64(v)) >> 31)
	x -= qp * m
	q += qp
	x -= m
	q++
	mask := -(x >> 31)
	x += mask & m
	q += mask
	return q, x
}

func modU14(x, m uint32) uint16 {
	_, r := divmodU14(x, m, 0x80000000/m)
	return uint16(r)
}

// smallEncode packs coefficients in {-1,0,1} four to a byte as c+1
// (spec §3.4, "Small").
func smallEncode(out []byte, f []int8) {
	p := len(f)
	i := 0
	for ; i+4 <= p; i += 4 {
		out[i/4] = byte(f[i]+1) | byte(f[i+1]+1)<<2 | byte(f[i+2]+1)<<4 | byte(f[i+3]+1)<<6
	}
	if i < p {
		var x byte
		for j := 0; i+j < p; j++ {
			x |= byte(f[i+j]+1) << (2 * j)
		}
		out[i/4] = x
	}
}

// smallDecode unpacks smallEncode. The unused code 3 decodes to 0, as the
// reference multiplication treats it, so every byte string is a valid key.
func smallDecode(f []int8, s []byte) {
	for i := range f {
		x := int8(s[i/4]>>(2*(i%4))) & 3
		// 0,1,2,3 -> -1,0,1,0
		f[i] = x - 1 - (x>>1&x)<<1
	}
}
