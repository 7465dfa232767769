package afskex

// The C128 message code (§4.4.1): each nibble selects a codeword of the
// first-order Reed–Muller code RM(1,3), placed on 8 coefficients at levels
// 0 and (q−1)/2, i.e. a coset of 2·E8 in the scaled lattice.

// rmGenerators are the generator rows of RM(1,3); bit i of a nibble adds
// row i. Row 0 (0x55) selects the coset, rows 1–3 the pair labels.
var rmGenerators = [4]byte{0x55, 0x0F, 0x3C, 0xF0}

// rmCodeword returns the codeword of nibble n: the XOR of the generator
// rows its bits select, each under a mask. The nibble is message (secret)
// data, so it is not a table index: taint reported the former 16-entry
// table rmCodewords[n] as a secret-indexed load.
func rmCodeword(n byte) byte {
	var w byte
	for i, g := range rmGenerators {
		w ^= g & -(n >> i & 1)
	}
	return w
}

// encodeBW8 puts the low nibble of byte i on coefficients 16i … 16i+7 and
// the high nibble on 16i+8 … 16i+15.
func encodeBW8(f []int16, m []byte) {
	for b := 0; b < 2*len(m); b++ {
		w := rmCodeword(m[b/2] >> (4 * (b % 2)) & 0xF)
		for j := 0; j < 8; j++ {
			f[8*b+j] = int16(w>>j&1) * ((q - 1) / 2)
		}
	}
}

// decodeBW8 decodes every 8-coefficient block to its nibble.
func decodeBW8(m []byte, f []int16) {
	for i := range m {
		lo := decodeRM8(f[16*i : 16*i+8])
		hi := decodeRM8(f[16*i+8 : 16*i+16])
		m[i] = lo | hi<<4
	}
}

// decodeRM8 is the reference's exact minimum-squared-distance decoder on the
// torus Z_4096 (§4.4.1): for each coset, label each coordinate pair by the
// nearer of its two admissible patterns, repair odd label parity at the
// cheapest pair, and keep coset 1 only if it is strictly nearer. Ties go to
// the first candidate, as in the reference. The decoded message is secret,
// so every choice is a mask, not a branch.
func decodeRM8(f []int16) byte {
	f = f[:8]
	var c0, c1 [8]int32 // squared distance of each coordinate to level 0 and to 2048
	for j := range f {
		x := lift(canonical(f[j]))
		y := 4096 - x
		d0 := x ^ ((x ^ y) & ((y - x) >> 31)) // min(x, 4096−x)
		d1 := x - 2048
		c0[j], c1[j] = d0*d0, d1*d1
	}
	var n [2]int32
	var total [2]int32
	for c := int32(0); c < 2; c++ {
		var labels, delta [4]int32
		parity := int32(0)
		for p := 0; p < 4; p++ {
			l0 := c0[2*p] + c0[2*p+1]
			l1 := c1[2*p] + c1[2*p+1]
			if c == 1 { // public: the coset being tried
				l0 = c1[2*p] + c0[2*p+1]
				l1 = c0[2*p] + c1[2*p+1]
			}
			d := l1 - l0
			lt := d >> 31 // all ones iff l1 < l0
			labels[p] = lt & 1
			parity ^= lt & 1
			total[c] += l0 ^ ((l0 ^ l1) & lt)
			delta[p] = (d ^ lt) - lt // |l1 − l0|
		}
		// The first pair of least δ, found with strict comparisons.
		minD, idx := delta[0], int32(0)
		for p := int32(1); p < 4; p++ {
			lt := (delta[p] - minD) >> 31
			minD ^= (minD ^ delta[p]) & lt
			idx ^= (idx ^ p) & lt
		}
		odd := -parity
		total[c] += minD & odd
		for p := int32(0); p < 4; p++ {
			eq := ((p ^ idx) - 1) >> 31 // all ones iff p == idx
			labels[p] ^= eq & odd & 1
		}
		n[c] = c | labels[0]<<1 | (labels[0]^labels[1])<<2 | labels[3]<<3
	}
	better := (total[1] - total[0]) >> 31 // all ones iff coset 1 is strictly nearer
	return byte(n[0] ^ ((n[0] ^ n[1]) & better))
}
