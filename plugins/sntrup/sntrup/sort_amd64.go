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

//go:noescape
func halfClean3AVX2(x *uint32, nblocks int)

//go:noescape
func halfClean3x512(x *uint32, nblocks int)

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
// (at least the vector's lanes), padding with the maximum value: every
// stage then pairs lanes inside a vector or whole aligned vectors, which
// VPERMD and VPMINUD/VPMAXUD do without the misaligned windows of the
// merge-exchange network. Any sorting network gives the same output. A
// level that merges blocks of blk values skips the blocks past the last
// one holding an element of x: they hold the padding alone, already
// sorted, which the merge would leave as it is (at p = 761 every level
// below 512 works on 768 values in place of 1024). With wide, the
// vectors hold 16 keys (network512), else 8 (network256).
func sortBitonicAVX2(x []uint32, wide bool) {
	n := len(x)
	size := 8
	if wide {
		size = 16
	}
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
	if wide {
		network512(b, n)
	} else {
		network256(b, n)
	}
	copy(x, b[:n])
}

// network256 runs the 8-lane network on b, whose first n keys are not
// padding.
func network256(b []uint32, n int) {
	size := len(b)
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
		// The half-cleaners at 32, 16 and 8 values, fused where the
		// merge has them all.
		last := 8
		if blk >= 128 {
			last = 64
		}
		for d := blk / 4; d >= last; d /= 2 {
			halfCleanAVX2(&b[0], nb*blk/(2*d), d/8)
		}
		if last == 64 {
			halfClean3AVX2(&b[0], nb*blk/64)
		}
		minmaxLanes3AVX2(&b[0], nb*blk/8, &lanes3Clean)
	}
}

//go:noescape
func minmaxLanes4x512(x *uint32, n int, perm *[4][16]uint32, masks uint64)

//go:noescape
func halfClean512(x *uint32, nblocks, d int)

//go:noescape
func flip512(x *uint32, nblocks, s int, rev *[16]uint32)

// lanePass512 is four lane stages of the 16-lane network: their
// permutations and, 16 bits each from the low end, the masks of the lanes
// that receive the maximum.
type lanePass512 struct {
	perm  [4][16]uint32
	masks uint64
}

// lanePasses512 builds passes from lane stages, each a pairing l -> l^x
// (x = p for a half-cleaner at distance p, 2p-1 for a flip on blocks of 2p
// lanes) and the lane bit p that marks the maximum.
func lanePasses512(stages ...[2]int) (ps []lanePass512) {
	for i, s := range stages {
		if i%4 == 0 {
			ps = append(ps, lanePass512{})
		}
		lp := &ps[len(ps)-1]
		for l := range 16 {
			lp.perm[i%4][l] = uint32(l ^ s[0])
			if l&s[1] != 0 {
				lp.masks |= 1 << (16*(i%4) + l)
			}
		}
	}
	return ps
}

// The 16-lane network's lane passes: sorting blocks of 16 (merges of 2,
// 4, 8 and 16 values: ten stages in three passes, the last stage pair
// repeated as a no-op), and the four lane stages that end every merge of
// 32 or more values.
var (
	lanesSort16 = lanePasses512(
		[2]int{1, 1}, [2]int{3, 2}, [2]int{1, 1}, [2]int{7, 4},
		[2]int{2, 2}, [2]int{1, 1}, [2]int{15, 8}, [2]int{4, 4},
		[2]int{2, 2}, [2]int{1, 1}, [2]int{0, 0}, [2]int{0, 0})
	lanesClean16 = lanePasses512([2]int{8, 8}, [2]int{4, 4}, [2]int{2, 2}, [2]int{1, 1})[0]
	reverse16    = [16]uint32{15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}
)

// network512 is network256 on vectors of sixteen (AVX-512F), which
// halves the vectors and does a lane stage in three instructions, the
// maximum merged under a mask register.
func network512(b []uint32, n int) {
	size := len(b)
	blocks := func(blk int) int { return (n + blk - 1) / blk }
	nv := blocks(16)
	for i := range lanesSort16 {
		minmaxLanes4x512(&b[0], nv, &lanesSort16[i].perm, lanesSort16[i].masks)
	}
	for blk := 32; blk <= size; blk *= 2 {
		nb := blocks(blk)
		flip512(&b[0], nb, blk/16, &reverse16)
		last := 16 // as in network256
		if blk >= 256 {
			last = 128
		}
		for d := blk / 4; d >= last; d /= 2 {
			halfClean512(&b[0], nb*blk/(2*d), d/16)
		}
		if last == 128 {
			halfClean3x512(&b[0], nb*blk/128)
		}
		minmaxLanes4x512(&b[0], nb*blk/16, &lanesClean16.perm, lanesClean16.masks)
	}
}
