//go:build !purego

package sntrup

//go:noescape
func mulBlockAVX2(acc *int32, a *int16, b *int16, npairs int)

//go:noescape
func divstepAVX2(f, gp, v, r, fn, gn, vn, rn *int16, nfg, nvr int, k *divstepConsts)

//go:noescape
func minmaxAVX2(lo, hi *uint32, n int)

// pairPad is how far beyond [0, n) polyMulAVX2's pair table reaches.
const pairPad = 40

// polyMulAVX2 is polyMul by 32-output blocks: for each block it runs over
// the coefficient pairs of a that touch it, with b laid out as the pairs
// (b[m], b[m-1]) so that one VPMADDWD multiplies two coefficients of a into
// eight outputs.
func polyMulAVX2(c []int32, a []int16, b []int8) {
	n := len(a)
	b = b[:n]
	ap := make([]int16, n+2)
	copy(ap, a)
	pairs := make([]int16, 2*(n+2*pairPad))
	for m := -pairPad + 1; m < n+pairPad; m++ {
		j := 2 * (m + pairPad)
		if m >= 0 && m < n {
			pairs[j] = int16(b[m])
		}
		if m-1 >= 0 && m-1 < n {
			pairs[j+1] = int16(b[m-1])
		}
	}
	nout := 2*n - 1
	acc := make([]int32, (nout+31)&^31)
	for k0 := 0; k0 < nout; k0 += 32 {
		lo := max(0, k0-n+1) &^ 1
		hi := min(n-1, k0+31)
		mulBlockAVX2(&acc[k0], &ap[lo], &pairs[2*(k0-lo+pairPad)], (hi-lo)/2+1)
	}
	copy(c[:nout], acc)
}

func minmaxAVX2Slices(lo, hi []uint32) {
	n8 := len(lo) &^ 7
	if n8 > 0 {
		minmaxAVX2(&lo[0], &hi[0], n8)
	}
	minmaxGeneric(lo[n8:], hi[n8:len(lo)])
}

// divstepConsts are the broadcast scalars of one divstepAVX2 call.
type divstepConsts struct {
	mask, f0, f0qinv, g0, g0qinv, q int16
}

// rqRecip3AVX2 is rqRecip3Generic with each step in divstepAVX2. The
// buffers are double: each step reads one set and writes the other.
func (ps *Params) rqRecip3AVX2(out []int16, a []int8) {
	p := ps.P
	nv := (p + 1 + 15) / 16
	stride := 16 + 16*nv + 16 // zero prefix for v[-1], zero suffix for f[i+1]
	buf := make([]int16, 8*stride)
	at := func(i int) []int16 { return buf[i*stride+16 : (i+1)*stride] }
	f, g, v, r := at(0), at(1), at(2), at(3)
	fn, gn, vn, rn := at(4), at(5), at(6), at(7)
	r[0] = int16(ps.fqRecip(3))
	f[0], f[p-1], f[p] = 1, -1, -1
	for i := 0; i < p; i++ {
		g[p-1-i] = int16(a[i])
	}
	qinv := ps.qinv16
	k := divstepConsts{q: int16(ps.Q)}
	delta := int32(1)
	for loop := 0; loop < 2*p-1; loop++ {
		f0, g0 := int32(ps.freeze(int32(f[0]))), int32(ps.freeze(int32(g[0])))
		swap := negativeMask(-delta) & nonzeroMask(g0)
		delta ^= swap & (delta ^ -delta)
		delta++
		t := swap & (f0 ^ g0)
		f0, g0 = f0^t, g0^t
		k.mask, k.f0, k.g0 = int16(swap), int16(f0), int16(g0)
		k.f0qinv, k.g0qinv = int16(f0)*qinv, int16(g0)*qinv
		nvr := (min(loop+2, p+1) + 15) / 16
		divstepAVX2(&f[0], &g[0], &v[0], &r[0], &fn[0], &gn[0], &vn[0], &rn[0], nv, nvr, &k)
		f, fn, g, gn, v, vn, r, rn = fn, f, gn, g, vn, v, rn, r
	}
	scale := ps.fqRecip(int32(ps.freeze(int32(f[0]))))
	for i := 0; i < p; i++ {
		out[i] = ps.freeze(scale * int32(v[p-1-i]))
	}
}
