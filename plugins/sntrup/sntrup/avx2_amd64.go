//go:build !purego

package sntrup

import (
	"sync"
	"unsafe"
)

//go:noescape
func mulBlock4AVX2(acc *int32, a *int16, w *[4]uintptr, ngroups int)

//go:noescape
func swapElimAVX2(f, gp *int16, n int, k *divstepConsts)

//go:noescape
func xswapElimAVX2(v, r *int16, n int, k *divstepConsts)

//go:noescape
func minmaxLanesAVX2(x *uint32, n int, perm, mask *[8]uint32)

//go:noescape
func minmaxLanes3AVX2(x *uint32, n int, t *[6][8]uint32)

//go:noescape
func halfCleanAVX2(x *uint32, nblocks, d int)

//go:noescape
func flipAVX2(x *uint32, nblocks, s int)

// pairPad is how far beyond [0, n) mulAVX2's pair table reaches.
const pairPad = 56

// polyMulAVX2 is polyMul on mulAVX2. (Karatsuba levels above the kernel
// measured slower here: at p = 761 the fixed cost of three kernel calls
// and the O(n) recombination exceed the quarter of the products saved.)
func polyMulAVX2(c []int32, a []int16, b []int8) {
	n := len(a)
	var b16 [maxP]int16
	for i, x := range b[:n] {
		b16[i] = int16(x)
	}
	mulAVX2(c, a, b16[:n])
}

// mulAVX2 sets c[0:2n-1] = a*b by 32-output blocks: for each block it runs
// over the coefficient pairs of a that touch it, with b laid out as the
// pairs (b[m], b[m-1]) so that one VPMADDWD multiplies two coefficients of
// a into eight outputs. The windows into the pair table move by 8 bytes a
// step, so the table is kept in four copies shifted by 8 bytes and each
// step reads the copy where its windows are 32-byte aligned (split loads
// measured a sixth of the kernel's time). The last block writes up to 31
// values past 2n-1, into c itself when its capacity allows.
func mulAVX2(c []int32, a, b []int16) {
	n := len(a)
	b = b[:n]
	var ap [maxP + 16]int16
	copy(ap[:], a)

	ws := mulWorkPool.Get().(*mulWork)
	defer mulWorkPool.Put(ws)
	tlen := 2 * (n + 2*pairPad)
	stride := (tlen + 16 + 15) &^ 15 // int16s per copy, a multiple of 32 bytes
	base := ws.aligned()
	var copies [4][]int16
	for k := range copies {
		copies[k] = base[k*stride : (k+1)*stride]
	}
	t := copies[0][:tlen]
	clear(t[:2*pairPad])
	t[2*pairPad] = b[0]
	for m := 1; m < n; m++ {
		t[2*(m+pairPad)], t[2*(m+pairPad)+1] = b[m], b[m-1]
	}
	t[2*(n+pairPad)], t[2*(n+pairPad)+1] = 0, b[n-1]
	clear(t[2*(n+pairPad+1):])
	for k := 1; k < 4; k++ {
		clear(copies[k][:4*k])
		copy(copies[k][4*k:], t)
	}

	nout := 2*n - 1
	nacc := (nout + 31) &^ 31
	var acc [(2*maxP + 31) &^ 31]int32
	out := acc[:nacc]
	if cap(c) >= nacc {
		out = c[:nacc]
	}
	var w [4]uintptr
	for k0 := 0; k0 < nout; k0 += 32 {
		lo := max(0, k0-n+1) &^ 1
		hi := min(n-1, k0+31)
		groups := ((hi-lo)/2 + 4) / 4
		t0 := 4 * (k0 - lo + pairPad) // byte offset of the first window
		for j := range 4 {
			tj := t0 - 8*j
			k := ((-tj) & 31) / 8
			w[j] = uintptr(unsafe.Pointer(&copies[k][0])) + uintptr(tj+8*k)
		}
		mulBlock4AVX2(&out[k0], &ap[lo], &w, groups)
	}
	if cap(c) < nacc {
		copy(c[:nout], out)
	}
}

// mulWork is mulAVX2's table space, on the heap so that its 32-byte
// alignment, computed once per use, cannot move with a growing stack.
type mulWork [4*(2*(maxP+2*pairPad)+32) + 32]int16

var mulWorkPool = sync.Pool{New: func() any { return new(mulWork) }}

// aligned returns ws from its first 32-byte aligned element.
func (ws *mulWork) aligned() []int16 {
	off := (32 - int(uintptr(unsafe.Pointer(&ws[0]))&31)) & 31 / 2
	return ws[off:]
}

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
	nv := size / 8
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
		flipAVX2(&b[0], size/blk, blk/8)
		for d := blk / 4; d >= 8; d /= 2 {
			halfCleanAVX2(&b[0], size/(2*d), d/8)
		}
		minmaxLanes3AVX2(&b[0], nv, &lanes3Clean)
	}
	copy(x, b[:n])
}

// divstepConsts are the scalars swapElimAVX2 and xswapElimAVX2 broadcast.
type divstepConsts struct {
	mask, f0, f0qinv, g0, g0qinv, q int16
}

// rqRecip3AVX2 is rqRecip3Generic with the vector work in assembly, in
// place, and on shrinking lengths (Bernstein and Yang, §6; the reference
// AVX2 code relies on the same bounds): during the first p steps v and r
// have at most loop+1 nonzero coefficients; during the last p-1 steps f
// and g have one fewer each step. v is kept multiplied by x one step
// ahead, so the result reads v[p-i].
//
// The Montgomery products scale g and r by 2^-16 each step, which the
// final division by f[0] removes, and leave bounded representatives: with
// f0, g0 frozen, |mont(x, c)| <= |x|(q-1)/2/2^16 + q/2 + 1, so the
// coefficients stay below (q+2)/(1-(q-1)/2^16) < 9000 for every q of the
// table, well inside int16.
func (ps *Params) rqRecip3AVX2(out []int16, a []int8) {
	p := ps.P
	size := (p+1+15)&^15 + 32
	var bufArr [4 * ((maxP+1+15)&^15 + 32)]int16
	buf := bufArr[:4*size]
	f, g, v, r := buf[:size], buf[size:2*size], buf[2*size:3*size], buf[3*size:]
	r[0] = int16(ps.fqRecip(3))
	f[0], f[p-1], f[p] = 1, -1, -1
	for i := 0; i < p; i++ {
		g[p-1-i] = int16(a[i])
	}
	qinv := ps.qinv16
	k := divstepConsts{q: int16(ps.Q)}
	delta := int32(1)
	for loop := 0; loop < 2*p-1; loop++ {
		nfg, nvr := p, loop+1
		if loop >= p {
			nfg, nvr = 2*p-1-loop, p
		}
		f0, g0 := int32(ps.freeze(int32(f[0]))), int32(ps.freeze(int32(g[0])))
		swap := negativeMask(-delta) & nonzeroMask(g0)
		delta ^= swap & (delta ^ -delta)
		delta++
		t := swap & (f0 ^ g0)
		f0, g0 = f0^t, g0^t
		f[0] = int16(f0)
		k.mask, k.f0, k.g0 = int16(swap), int16(f0), int16(g0)
		k.f0qinv, k.g0qinv = int16(f0)*qinv, int16(g0)*qinv
		swapElimAVX2(&f[1], &g[1], (nfg+15)/16, &k)
		xswapElimAVX2(&v[0], &r[0], (nvr+15)/16, &k)
	}
	scale := ps.fqRecip(int32(ps.freeze(int32(f[0]))))
	for i := 0; i < p; i++ {
		out[i] = ps.freeze(scale * int32(v[p-i]))
	}
}


//go:noescape
func r3DivstepAVX2(base *uint64, stride, nfg, nvr int, k *[3]uint64)

// r3RecipAVX2 is r3RecipGeneric with each step in r3DivstepAVX2: the same
// bitsliced planes, 256 coefficients to a vector, on the shrinking
// lengths.
func (ps *Params) r3RecipAVX2(out []int8, a []int8) bool {
	p := ps.P
	nvec := (p + 2 + 255) / 256
	// Each plane: a zero word below (for v's shift up), the vectors, and
	// a vector of zero words above (for f's and g's shift down).
	const maxVec = (maxP + 2 + 255) / 256
	w := 4*nvec + 5
	var bufArr [8 * (4*maxVec + 5)]uint64
	buf := bufArr[:8*w]
	plane := func(k int) []uint64 { return buf[k*w+1 : k*w+1+4*nvec] }
	fm, fs, gm, gs := plane(0), plane(1), plane(2), plane(3)
	vm, vs, rm := plane(4), plane(5), plane(6)
	set := func(m, s []uint64, i int, c int8) {
		m[i/64] |= uint64(c&1) << (i % 64)
		s[i/64] |= uint64(c>>7&1) << (i % 64)
	}
	rm[0] = 1
	set(fm, fs, 0, 1)
	set(fm, fs, p-1, -1)
	set(fm, fs, p, -1)
	for i := 0; i < p; i++ {
		set(gm, gs, p-1-i, a[i])
	}
	var k [3]uint64
	delta := int32(1)
	for loop := 0; loop < 2*p-1; loop++ {
		nfg, nvr := nvec, min(nvec, (loop+2)/256+1)
		if loop >= p {
			nfg, nvr = min(nvec, (2*p-loop+1)/256+1), nvec
		}
		f0s, g0m, g0s := fs[0]&1, gm[0]&1, gs[0]&1
		swap := negativeMask(-delta) & -int32(g0m)
		delta ^= swap & (delta ^ -delta)
		delta++
		// c = -g0*f0 is nonzero iff g0 is, negative iff their signs agree;
		// the product is the same before and after the swap.
		k[0] = uint64(int64(swap))
		k[1] = -g0m
		k[2] = k[1] &^ -(g0s ^ f0s)
		r3DivstepAVX2(&buf[1], 8*w, nfg, nvr, &k)
	}
	f0neg := int8(fs[0] & 1)
	for i := 0; i < p; i++ {
		j := p - 1 - i
		m := int8(vm[j/64]>>(j%64)) & 1
		s := int8(vs[j/64]>>(j%64)) & 1
		s ^= f0neg & m
		out[i] = m - 2*s
	}
	return delta == 0
}

//go:noescape
func mul3BlockAVX2(acc *int16, e *int8, t *uint8, npairs int)

// pairPad3 is how far beyond [0, n] polyMul3AVX2's table reaches: its
// 64-output blocks read pairs down to m = -65.
const pairPad3 = 72

// mul3AVX2 sets acc[0:2n-1] to the integer product of two small
// polynomials plus, at each output k, the sum of the a[i] it met, with
// VPMADDUBSW, which needs one unsigned operand: the table holds b+1 in
// {0,1,2} (zero outside b).
func mul3AVX2(acc []int16, a, b []int8) {
	n := len(a)
	b = b[:n]
	var ap [maxP + 2]int8
	copy(ap[:], a)
	var table [2 * (maxP + 2*pairPad3)]uint8
	tb := table[2*pairPad3 : 2*(pairPad3+n+1)]
	tb[0] = uint8(b[0] + 1)
	for m := 1; m < n; m++ {
		tb[2*m], tb[2*m+1] = uint8(b[m]+1), uint8(b[m-1]+1)
	}
	tb[2*n+1] = uint8(b[n-1] + 1)
	nout := 2*n - 1
	_ = acc[(nout+63)&^63-1]
	for k0 := 0; k0 < nout; k0 += 64 {
		lo := max(0, k0-n+1) &^ 1
		hi := min(n-1, k0+63)
		mul3BlockAVX2(&acc[k0], &ap[lo], &table[2*(k0-lo+pairPad3)], (hi-lo)/2+1)
	}
}

// r3MulAVX2 is r3Mul on mul3AVX2, with the fold modulo x^p - x - 1 and the
// removal of the sums of a in one pass: output j folds products k = j,
// j+p and j+p-1, whose sums of a add up to E (all of a) for j = 0 and to
// 2E - P[j] (P[j] = a[0] + ... + a[j-1]) for the others.
func (ps *Params) r3MulAVX2(out, a, b []int8) {
	p := ps.P
	a, out = a[:p], out[:p]
	var accArr [(2*maxP + 63) &^ 63]int16
	mul3AVX2(accArr[:], a, b)
	acc := accArr[:2*p-1]
	var e int32
	for _, x := range a {
		e += int32(x)
	}
	out[0] = f3Freeze(int32(acc[0]) + int32(acc[p]) - e)
	prefix := int32(a[0])
	lo, mid, hi := acc[1:p-1], acc[p:2*p-2], acc[p+1:2*p-1]
	for j, x := range lo { // output j+1
		out[j+1] = f3Freeze(int32(x) + int32(hi[j]) + int32(mid[j]) - 2*e + prefix)
		prefix += int32(a[j+1])
	}
	out[p-1] = f3Freeze(int32(acc[p-1]) + int32(acc[2*p-2]) - 2*e + prefix)
}

//go:noescape
func foldFreezeAVX2(out *int16, lo, hi *int32, n int, k *freezeConsts)

// freezeConsts are foldFreezeAVX2's scalars.
type freezeConsts struct {
	qinv   float32 // 1/q
	q, q12 int32
}

// foldFqAVX2 is foldFq with the middle coefficients in foldFreezeAVX2.
func (ps *Params) foldFqAVX2(out []int16, c []int32) {
	p := ps.P
	out = out[:p]
	c = c[:2*p-1]
	k := freezeConsts{qinv: 1 / float32(ps.Q), q: int32(ps.Q), q12: ps.q12}
	out[0] = ps.freeze(c[0] + c[p])
	nv := (p - 2) / 16
	if nv > 0 {
		foldFreezeAVX2(&out[1], &c[1], &c[p+1], nv, &k)
	}
	for i := 1 + 16*nv; i < p-1; i++ {
		out[i] = ps.freeze(c[i] + c[i+p] + c[i+p-1])
	}
	out[p-1] = ps.freeze(c[p-1] + c[2*p-2])
}

//go:noescape
func fold3AVX2(out *int8, lo, hi *int32, n int)

//go:noescape
func lift3AVX2(out *int8, in *int16, n int, q int16)

// fold3AVX2 is fold3 with the middle coefficients in fold3AVX2.
func (ps *Params) fold3AVX2(out []int8, c []int32) {
	p := ps.P
	out = out[:p]
	c = c[:2*p-1]
	out[0] = f3Freeze(c[0] + c[p])
	nv := (p - 2) / 32
	if nv > 0 {
		fold3AVX2(&out[1], &c[1], &c[p+1], nv)
	}
	for i := 1 + 32*nv; i < p-1; i++ {
		out[i] = f3Freeze(c[i] + c[i+p] + c[i+p-1])
	}
	out[p-1] = f3Freeze(c[p-1] + c[2*p-2])
}

// lift3AVX2 is lift3 with all but the last p mod 32 coefficients in
// lift3AVX2.
func (ps *Params) lift3AVX2(out []int8, in []int16) {
	p := ps.P
	nv := p / 32
	if nv > 0 {
		lift3AVX2(&out[0], &in[0], nv, int16(ps.Q))
	}
	for i := 32 * nv; i < p; i++ {
		out[i] = f3Freeze(int32(ps.freeze(3 * int32(in[i]))))
	}
}

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
