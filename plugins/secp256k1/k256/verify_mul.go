package k256

import "sync"

// wnaf returns the width-w non-adjacent form of k: digits d[i], each zero
// or odd with |d[i]| < 2^(w-1), at most one non-zero in any w consecutive
// positions, with k = Σ d[i]·2^i; and the number of positions used. It
// runs in time that depends on k, which must be public.
func wnaf(k *[4]uint64, w uint) (d [257]int8, n int) {
	t := [5]uint64{k[0], k[1], k[2], k[3]}
	mask := uint64(1)<<w - 1
	for i := 0; t[0]|t[1]|t[2]|t[3]|t[4] != 0; i++ {
		if t[0]&1 != 0 {
			v := int64(t[0] & mask)
			if v >= 1<<(w-1) {
				v -= 1 << w
			}
			d[i] = int8(v)
			if v > 0 {
				t[0] -= uint64(v) // the low w bits of t are v: no borrow
			} else {
				addSmall(&t, uint64(-v))
			}
		}
		t[0] = t[0]>>1 | t[1]<<63
		t[1] = t[1]>>1 | t[2]<<63
		t[2] = t[2]>>1 | t[3]<<63
		t[3] = t[3]>>1 | t[4]<<63
		t[4] >>= 1
		n = i + 1
	}
	return d, n
}

// addSmall adds v to the 320-bit t.
func addSmall(t *[5]uint64, v uint64) {
	for i := range t {
		t[i] += v
		if t[i] >= v {
			return
		}
		v = 1
	}
}

// gWindow is the wNAF width for G, whose odd multiples are precomputed.
const gWindow = 8

var (
	gOdd     *[1 << (gWindow - 2)]affinePoint // (2i+1)·G
	gOddOnce sync.Once
)

func buildGOdd() {
	var in [1 << (gWindow - 2)]point
	var g, g2 point
	g.setAffine(&generator)
	pointDouble(&g2, &g)
	in[0] = g
	for i := 1; i < len(in); i++ {
		pointAdd(&in[i], &in[i-1], &g2)
	}
	t := new([1 << (gWindow - 2)]affinePoint)
	batchToAffine(t[:], in[:])
	gOdd = t
}

// pWindow is the wNAF width for the variable point.
const pWindow = 5

// doubleMulVar sets r = u1·G + u2·p with Strauss–Shamir's interleaving:
// one chain of doublings, an addition for each non-zero wNAF digit of
// either scalar. Variable time: for verification, on public inputs.
func doubleMulVar(r *point, u1, u2 *scalar, p *affinePoint) {
	gOddOnce.Do(buildGOdd)
	var table [1 << (pWindow - 2)]point // (2i+1)·p
	var p2 point
	table[0].setAffine(p)
	pointDouble(&p2, &table[0])
	for i := 1; i < len(table); i++ {
		pointAdd(&table[i], &table[i-1], &p2)
	}
	d1, n1 := wnaf((*[4]uint64)(u1), gWindow)
	d2, n2 := wnaf((*[4]uint64)(u2), pWindow)
	r.setIdentity()
	started := false
	for i := max(n1, n2) - 1; i >= 0; i-- {
		if started {
			pointDouble(r, r)
		}
		if d := d1[i]; d != 0 {
			e := gOdd[abs8(d)/2]
			if d < 0 {
				feNeg(&e.y, &e.y)
			}
			pointAddAffine(r, r, &e)
			started = true
		}
		if d := d2[i]; d != 0 {
			e := table[abs8(d)/2]
			if d < 0 {
				feNeg(&e.y, &e.y)
			}
			pointAdd(r, r, &e)
			started = true
		}
	}
}

func abs8(d int8) int {
	if d < 0 {
		return -int(d)
	}
	return int(d)
}
