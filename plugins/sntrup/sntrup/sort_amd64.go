//go:build !purego

package sntrup

//go:noescape
func minmaxLanesAVX2(x *uint32, n int, perm, mask *[8]uint32)

//go:noescape
func minmaxLanes3AVX2(x *uint32, n int, t *[6][8]uint32)

//go:noescape
func halfCleanAVX2(x *uint32, nblocks, d int)

//go:noescape
func flipAVX2(x *uint32, nblocks, s int)

// laneTables holds, for p = 1, 2, 4, the lane permutation l -> l^p and the
// mask of the lanes with bit p set; flipTables the same for the pairing
// l -> l^(2p-1) of a bitonic flip on blocks of 2p lanes.
var laneTables, flipTables = func() (t, f [8]struct{ perm, mask [8]uint32 }) {
	for _, p := range []int{1, 2, 4} {
		for l := range 8 {
			t[p].perm[l] = uint32(l ^ p)
			f[p].perm[l] = uint32(l ^ (2*p - 1))
			if l&p != 0 {
				t[p].mask[l] = ^uint32(0)
				f[p].mask[l] = ^uint32(0)
			}
		}
	}
	return t, f
}()

// lanes3Flip and lanes3Clean are the fused in-vector stages that end every bitonic merge
// of 8 or more values: the flip (blocks of 8) or half-cleaner at distance 4,
// then the half-cleaners at distances 2 and 1.
var lanes3Flip, lanes3Clean = func() (f, c [6][8]uint32) {
	f[0], f[1] = flipTables[4].perm, flipTables[4].mask
	c[0], c[1] = laneTables[4].perm, laneTables[4].mask
	for i, d := range []int{2, 1} {
		f[2+2*i], f[3+2*i] = laneTables[d].perm, laneTables[d].mask
		c[2+2*i], c[3+2*i] = laneTables[d].perm, laneTables[d].mask
	}
	return f, c
}()

// sortBitonicAVX2 sorts x with a bitonic network on the next power of two
// (at least 8), padding with the maximum value: every stage then pairs
// lanes inside a vector or whole aligned vectors, which VPERMD and
// VPMINUD/VPMAXUD do without the misaligned windows of the merge-exchange
// network. Any sorting network gives the same output.
func sortBitonicAVX2(x []uint32) {
	n := len(x)
	size := 8
	for size < n {
		size *= 2
	}
	var buf [2048]uint32
	if size > len(buf) {
		sortMergeExchange(x)
		return
	}
	b := buf[:size]
	copy(b, x)
	for i := n; i < size; i++ {
		b[i] = ^uint32(0)
	}
	// A level that merges blocks of blk values skips the blocks past
	// the last one holding an element of x: they hold the padding alone,
	// already sorted, which the merge would leave as it is (at p = 761
	// every level below 512 works on 768 values in place of 1024).
	blocks := func(blk int) int { return (n + blk - 1) / blk }
	nv := blocks(8)
	for blk := 2; blk <= 4; blk *= 2 { // merge sorted halves of blk values
		t := &flipTables[blk/2]
		minmaxLanesAVX2(&b[0], nv, &t.perm, &t.mask)
		for d := blk / 4; d >= 1; d /= 2 {
			t := &laneTables[d]
			minmaxLanesAVX2(&b[0], nv, &t.perm, &t.mask)
		}
	}
	minmaxLanes3AVX2(&b[0], nv, &lanes3Flip)
	for blk := 16; blk <= size; blk *= 2 {
		nb := blocks(blk)
		flipAVX2(&b[0], nb, blk/8)
		for d := blk / 4; d >= 8; d /= 2 {
			halfCleanAVX2(&b[0], nb*blk/(2*d), d/8)
		}
		minmaxLanes3AVX2(&b[0], nb*blk/8, &lanes3Clean)
	}
	copy(x, b[:n])
}
