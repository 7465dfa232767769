//go:build !purego

package sntrup

//go:noescape
func swapElimAVX2(f, gp *int16, n int, k *divstepConsts)

//go:noescape
func xswapElimAVX2(v, r *int16, n int, k *divstepConsts)

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
	r3Unpack(out[:p], vm, vs, fs[0]&1)
	return delta == 0
}
