package amoeba

// Compression and packing of cpapke.c (spec §7). Packing is MSB-first: the
// d-bit values are concatenated from their top bit and fill each byte from
// its top bit; the last byte is padded with zero bits.

// compress maps x in [0, q) to round(2^d·x/q). The result may equal 2^d,
// which the packing mask turns into 0. For d ≥ 12 (2^d ≥ q) the reference
// copies the value unchanged.
func compress(x int16, d int) int16 {
	if 1<<d >= q {
		return x
	}
	return int16((int32(x)<<d + half) / q)
}

// decompress maps a d-bit y back to round(q·y/2^d); for d ≥ 12 it is the
// identity, so any 12-bit value up to 4095 passes through.
func decompress(y int16, d int) int16 {
	if 1<<d >= q {
		return y
	}
	return int16((int32(y)*q + 1<<(d-1)) >> d)
}

// packCompressed writes Pack(Compress_d(f), d) into out, which must hold
// ⌈len(f)·d/8⌉ bytes.
func packCompressed(out []byte, f []int16, d int) {
	mask := uint64(1)<<d - 1
	var acc uint64
	nb, o := 0, 0
	for _, x := range f {
		acc = acc<<d | uint64(uint16(compress(x, d)))&mask
		nb += d
		for nb >= 8 {
			nb -= 8
			out[o] = byte(acc >> nb)
			o++
		}
	}
	if nb > 0 {
		out[o] = byte(acc << (8 - nb))
	}
}

// unpackDecompressed reads len(f) d-bit values from in and decompresses
// them.
func unpackDecompressed(f []int16, in []byte, d int) {
	mask := uint64(1)<<d - 1
	var acc uint64
	nb, o := 0, 0
	for i := range f {
		for nb < d {
			acc = acc<<8 | uint64(in[o])
			o++
			nb += 8
		}
		nb -= d
		f[i] = decompress(int16(acc>>nb&mask), d)
	}
}
