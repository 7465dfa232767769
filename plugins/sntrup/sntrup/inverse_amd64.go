//go:build !purego

package sntrup

import "unsafe"

//go:noescape
func rqDivstepsAVX2(fp, gp, vp, rp *int16, p int, k *recipConsts)

// recipConsts are the scalars rqDivstepsAVX2 reduces with: q,
// round(2^30/q) for freezing f[0] and g[0], and round(2^40/q) with its
// rounding term 2^39 for the Shoup multipliers round(c*2^16/q); wide
// selects the AVX-512 sweeps.
type recipConsts struct {
	q, freeze, shoup, half, wide int64
}

// rqRecip3AVX2 is rqRecip3Generic with all 2p-1 division steps in
// rqDivstepsAVX2 (with AVX-512, 32 coefficients to a vector), in
// place and on the same shrinking lengths. Their Shoup products leave
// every coefficient in (-2q, 2q) and introduce no factor, so the final
// division by f[0] gives the reciprocal directly.
//
// The planes are placed so that the sweeps' loads are aligned to the
// vector size: f[1:] and g[1:] (read from the bottom up), v and r (read
// from the top down, from a multiple of the lane count).
func (ps *Params) rqRecip3AVX2(out []int16, a []int8) {
	p := ps.P
	lanes := 16
	if useAVX512 {
		lanes = 32
	}
	size := (p+1+lanes-1)&^(lanes-1) + 2*lanes
	var bufArr [4*((maxP+1+31)&^31+64) + 32]int16
	// skew is how many coefficients to skip for bufArr[skew] to be
	// aligned; every plane then starts there or one coefficient later.
	skew := (2*lanes - int(uintptr(unsafe.Pointer(&bufArr[0])))&(2*lanes-1)) & (2*lanes - 1) / 2
	buf := bufArr[skew : skew+4*size]
	v, r := buf[:size], buf[size:2*size]
	f, g := buf[2*size+lanes-1:3*size], buf[3*size+lanes-1:4*size]
	r[0] = int16(ps.fqRecip(3))
	f[0], f[p-1], f[p] = 1, -1, -1
	for i := 0; i < p; i++ {
		g[p-1-i] = int16(a[i])
	}
	q := int64(ps.Q)
	k := recipConsts{q: q, freeze: (1<<30 + q/2) / q, shoup: (1<<40 + q/2) / q, half: 1 << 39}
	if useAVX512 {
		k.wide = 1
	}
	rqDivstepsAVX2(&f[0], &g[0], &v[0], &r[0], p, &k)
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
	r3Unpack(out[:p], vm, vs, fs[0]&1)
	return delta == 0
}
