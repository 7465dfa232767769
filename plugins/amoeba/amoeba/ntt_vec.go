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
		return "AVX2 (split, radix-3, compose) + Go (radix-2)"
	}
	return "portable Go"
}
