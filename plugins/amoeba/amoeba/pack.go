package amoeba

// Compression and packing of cpapke.c (spec §7). Packing is MSB-first: the
// d-bit values are concatenated from their top bit and fill each byte from
// its top bit; the last byte is padded with zero bits.

// Compress_d(x) = (x·2^d + ⌊q/2⌋) / q for x in [0, q); the result may equal
// 2^d, which the packing mask turns into 0. Decompress_d(y) =
// (y·q + 2^(d−1)) >> d. For d ≥ 12 (2^d ≥ q) the reference copies values
// unchanged both ways, so any 12-bit value up to 4095 passes through.

// packCompressed writes Pack(Compress_d(f), d) into out, which must hold
// ⌈len(f)·d/8⌉ bytes. The d ≥ 12 case is its own loop so the per-value
// work has no branch.
func packCompressed(out []byte, f []int16, d int) {
	mask := uint64(1)<<d - 1
	var acc uint64
	nb, o := 0, 0
	put := func(v uint64) {
		acc = acc<<d | v&mask
		nb += d
		for nb >= 8 {
			nb -= 8
			out[o] = byte(acc >> nb)
			o++
		}
	}
	if 1<<d >= q {
		for _, x := range f {
			put(uint64(uint16(x)))
		}
	} else {
		for _, x := range f {
			put(uint64(uint16(int16((int32(x)<<d + half) / q))))
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
	get := func() int32 {
		for nb < d {
			acc = acc<<8 | uint64(in[o])
			o++
			nb += 8
		}
		nb -= d
		return int32(acc >> nb & mask)
	}
	if 1<<d >= q {
		for i := range f {
			f[i] = int16(get())
		}
		return
	}
	r := int32(1) << (d - 1)
	for i := range f {
		f[i] = int16((get()*q + r) >> d)
	}
}
