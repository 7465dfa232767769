//go:build !purego

package sntrup

//go:noescape
func decodePairsAVX2(out, top *uint16, s *byte, n, nbytes int, k *decodeConsts)

// decodeConsts are decodePairsAVX2's scalars.
type decodeConsts struct {
	minv    float64 // 1/m rounded up by a few ulps, so r*minv never falls below r/m
	m, mdec uint32  // m and m-1
}

// decodePairsVec decodes the leading run of equal-radix pairs of a level
// in groups of four and returns how many pairs and bytes it consumed.
func decodePairsVec(lv *radixLevel, next, cur []uint16, S []byte) (pairs, used int) {
	if lv.run == 0 {
		return 0, 0
	}
	m, nb := lv.m[0], int(lv.bytes[0])
	k := decodeConsts{minv: lv.minv, m: m, mdec: m - 1}
	used = lv.run * nb
	sp := &S[0]
	if used > 0 {
		_ = S[lv.off+used-1]
		sp = &S[lv.off]
	}
	_ = cur[lv.run-1]
	_ = next[2*lv.run-1]
	decodePairsAVX2(&next[0], &cur[0], sp, lv.run/4, nb, &k)
	return lv.run, used
}

//go:noescape
func encodePairsAVX2(out *byte, r *uint16, n, nbytes int, m uint32)

// encodePairsVec encodes the leading run of equal-radix pairs of a level
// (see radixLevel.run) and returns how many pairs and bytes it produced.
func encodePairsVec(lv *radixLevel, out []byte, R []uint16) (pairs, used int) {
	if lv.run == 0 {
		return 0, 0
	}
	nb := int(lv.bytes[0])
	used = lv.run * nb
	op := &out[0]
	if used > 0 {
		_ = out[used-1]
	}
	_ = R[2*lv.run-1]
	encodePairsAVX2(op, &R[0], lv.run/4, nb, lv.m[0])
	return lv.run, used
}

//go:noescape
func smallDecodeAVX2(out *int8, s *byte, n int)

//go:noescape
func smallEncodeAVX2(out *byte, f *int8, n int)
