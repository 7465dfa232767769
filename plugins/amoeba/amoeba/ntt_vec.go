package amoeba

// montVecs holds twiddles broadcast to 16 int16 lanes for the AVX2 kernels,
// each with its Montgomery companion int16(z·q^-1): with it, mr(z·y) for
// int16 lanes y is mulhi(z, y) − mulhi(mullo(y, z·q^-1), q) exactly, because
// the subtracted t·q agrees with z·y in its low 16 bits (the int16 wrap of
// the difference is the reference's int16 store).
type montVecs [12][16]int16

// fill broadcasts z into row i and its companion into row j.
func (v *montVecs) fill(i, j int, z int32) {
	for t := range v[i] {
		v[i][t] = int16(z)
		v[j][t] = int16(z * qInv)
	}
}

// r3Vecs lays out a radix-3 block's twiddles as the kernels read them: rows
// 0–2 z_k, 3–5 w_k, 6–8 and 9–11 their companions.
func r3Vecs(z, w [3]int32) montVecs {
	var v montVecs
	for k := range 3 {
		v.fill(k, 6+k, z[k])
		v.fill(3+k, 9+k, w[k])
	}
	return v
}

// broadcast lays out twiddles z_i in row 2i with companions in row 2i+1.
func broadcast(zs ...int32) montVecs {
	var v montVecs
	for i, z := range zs {
		v.fill(2*i, 2*i+1, z)
	}
	return v
}

// NTTPath names the NTT code this process runs, for reports.
func NTTPath() string {
	if useAVX2 {
		return "AVX2 (split, radix-3, radix-2 with 8 and 4 butterflies per block, compose) + Go (radix-2 with 2 and 1)"
	}
	return "portable Go"
}

// r2Vecs holds a radix-2 level's twiddles for the AVX2 kernels, which take
// 32 values (two 16-lane registers) per step: for each of the 9 steps a
// row of twiddles, one per lane of the register holding the butterflies'
// first inputs, and a row of companions.
type r2Vecs [n / 32][2][16]int16

// r2LaneBlocks gives, for a level with m-butterfly blocks (m = 8 or 4), the
// block of each group of m lanes after the kernel's register shuffle: with
// m = 8, VPERM2I128 pairs blocks (0 | 1); with m = 4, VPUNPCKLQDQ pairs
// blocks (0, 2 | 1, 3).
var r2LaneBlocks = map[int][]int{8: {0, 1}, 4: {0, 2, 1, 3}}

// buildR2Vecs lays out lv's twiddles for the kernels.
func buildR2Vecs(lv *r2Level) *r2Vecs {
	v := new(r2Vecs)
	per := 32 / (2 * lv.m) // blocks per step
	for step := range v {
		for g, blk := range r2LaneBlocks[lv.m] {
			z := lv.z[step*per+blk]
			for t := range lv.m {
				v[step][0][g*lv.m+t] = int16(z)
				v[step][1][g*lv.m+t] = int16(z * qInv)
			}
		}
	}
	return v
}
