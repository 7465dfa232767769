package sntrup

// Reciprocals in Rq and R3 by constant-time division steps (Bernstein and
// Yang, "Fast constant-time gcd computation and modular inversion", 2019,
// §6, as the NTRU Prime reference code uses them): 2p-1 iterations on the
// reversed polynomials f = x^p - x - 1 and g = the input, each with a
// conditional swap and one elimination, all in time independent of the
// data.

// nonzeroMask returns -1 if x != 0, else 0.
func nonzeroMask(x int32) int32 {
	return int32((-uint64(uint32(x)))>>63) * -1
}

// negativeMask returns -1 if x < 0, else 0.
func negativeMask(x int32) int32 { return x >> 31 }

// rqRecip3Generic sets out to 1/(3a) in Rq. Since x^p - x - 1 is
// irreducible mod q (spec §3.3), Rq is a field and every nonzero a, in
// particular every short a, is invertible.
//
// The steps work in place on the shrinking lengths the division steps
// guarantee (Bernstein and Yang, §6; the reference AVX2 code relies on the
// same bounds): during the first p steps v and r have at most loop+1
// nonzero coefficients; during the last p-1 steps f and g have one fewer
// each step. v is kept multiplied by x one step ahead, so the result reads
// v[p-i]. Coefficients are bounded representatives (barrett), not
// canonical ones; f[0] and g[0] stay below q in magnitude, so g[0] = 0
// exactly when it is 0 mod q.
func (ps *Params) rqRecip3Generic(out []int16, a []int8) {
	p := ps.P
	var buf [4 * (maxP + 2)]int32
	f, g, v, r := buf[:p+2], buf[p+2:2*p+4], buf[2*p+4:3*p+6], buf[3*p+6:4*p+8]
	r[0] = ps.fqRecip(3)
	f[0], f[p-1], f[p] = 1, -1, -1
	for i := 0; i < p; i++ {
		g[p-1-i] = int32(a[i])
	}
	delta := int32(1)
	for loop := 0; loop < 2*p-1; loop++ {
		nfg, nvr := p, loop+1
		if loop >= p {
			nfg, nvr = 2*p-1-loop, p
		}
		f0, g0 := f[0], g[0]
		swap := negativeMask(-delta) & nonzeroMask(g0)
		delta ^= swap & (delta ^ -delta)
		delta++
		t := swap & (f0 ^ g0)
		f0, g0 = f0^t, g0^t
		f[0] = f0
		// (f, g) = swap ? (g, f) : (f, g), then g = (f0*g - g0*f)/x.
		ff, gg := f[1:nfg+1], g[:nfg+1]
		for i, x := range ff {
			y := gg[i+1]
			t := swap & (x ^ y)
			x ^= t
			y ^= t
			ff[i] = x
			gg[i] = ps.barrett(f0*y - g0*x)
		}
		gg[nfg] = 0
		// (v, r) = swap ? (r, v) : (v, r), then r = f0*r - g0*v and
		// v = x*v, from the top down.
		vv, rr := v[:nvr+1], r[:nvr]
		for i := nvr - 1; i >= 0; i-- {
			x, y := vv[i], rr[i]
			t := swap & (x ^ y)
			x ^= t
			y ^= t
			vv[i+1] = x
			rr[i] = ps.barrett(f0*y - g0*x)
		}
		vv[0] = 0
	}
	scale := ps.fqRecip(f[0])
	for i := 0; i < p; i++ {
		out[i] = ps.freeze(scale * v[p-i])
	}
}

// r3RecipGeneric sets out to 1/a in R3 and reports whether a is invertible,
// which is when delta ends at 0 (the reference's criterion; keygen draws g
// again otherwise). Polynomials are bitsliced: coefficient i is bit i%64 of
// word i/64 in two planes, m (nonzero) and s (sign, -1), so each step
// touches at most p/32 words, fewer on the shrinking lengths of
// rqRecip3Generic.
func (ps *Params) r3RecipGeneric(out []int8, a []int8) bool {
	p := ps.P
	nw := (p + 1 + 63) / 64
	var bufArr [8 * ((maxP + 1 + 63) / 64)]uint64
	buf := bufArr[:8*nw]
	fm, fs := buf[0*nw:1*nw], buf[1*nw:2*nw]
	gm, gs := buf[2*nw:3*nw], buf[3*nw:4*nw]
	vm, vs := buf[4*nw:5*nw], buf[5*nw:6*nw]
	rm, rs := buf[6*nw:7*nw], buf[7*nw:8*nw]
	set := func(m, s []uint64, i int, c int8) {
		nz := uint64(c & 1)
		neg := uint64(c>>7) & 1
		m[i/64] |= nz << (i % 64)
		s[i/64] |= neg << (i % 64)
	}
	rm[0] = 1
	set(fm, fs, 0, 1)
	set(fm, fs, p-1, -1)
	set(fm, fs, p, -1)
	for i := 0; i < p; i++ {
		set(gm, gs, p-1-i, a[i])
	}
	topMask := uint64(1)<<((p+1)%64) - 1
	if (p+1)%64 == 0 {
		topMask = ^uint64(0)
	}
	delta := int32(1)
	for loop := 0; loop < 2*p-1; loop++ {
		// The shrinking lengths of rqRecip3Generic, in words.
		wfg, wvr := nw, min(nw, (loop+2)/64+1)
		if loop >= p {
			wfg, wvr = min(nw, (2*p-loop+1)/64+1), nw
		}
		fm, fs, gm, gs := fm[:wfg], fs[:wfg], gm[:wfg], gs[:wfg]
		vm, vs, rm, rs := vm[:wvr], vs[:wvr], rm[:wvr], rs[:wvr]
		shiftUp(vm)
		shiftUp(vs)
		if wvr == nw {
			vm[nw-1] &= topMask
			vs[nw-1] &= topMask
		}
		g0m := int32(gm[0] & 1)
		swap := negativeMask(-delta) & -g0m
		delta ^= swap & (delta ^ -delta)
		delta++
		sw := uint64(int64(swap))
		cswap(fm, gm, sw)
		cswap(fs, gs, sw)
		cswap(vm, rm, sw)
		cswap(vs, rs, sw)
		// g + c*f with c = -g0*f0: c is nonzero iff g0 is, and
		// negative iff g0 and f0 have the same sign.
		cm := -(gm[0] & 1)
		cs := cm & ^-((gs[0] ^ fs[0]) & 1)
		addScaled(gm, gs, fm, fs, cm, cs)
		addScaled(rm, rs, vm, vs, cm, cs)
		shiftDown(gm)
		shiftDown(gs)
	}
	r3Unpack(out[:p], vm, vs, fs[0]&1)
	return delta == 0
}

// r3Unpack sets out[i] = v[p-1-i] / f0 from v's bit planes (magnitude vm,
// sign vs) and the sign bit of f0 = ±1; 1/f0 = f0 in F3.
func r3Unpack(out []int8, vm, vs []uint64, f0neg uint64) {
	p := len(out)
	neg := int8(f0neg)
	for i := 0; i < p; i++ {
		j := p - 1 - i
		m := int8(vm[j/64]>>(j%64)) & 1
		s := int8(vs[j/64]>>(j%64)) & 1
		s ^= neg & m
		out[i] = m - 2*s
	}
}

// shiftUp multiplies a bit plane by x.
func shiftUp(w []uint64) {
	for k := len(w) - 1; k > 0; k-- {
		w[k] = w[k]<<1 | w[k-1]>>63
	}
	w[0] <<= 1
}

// shiftDown divides a bit plane by x, dropping coefficient 0.
func shiftDown(w []uint64) {
	n := len(w)
	for k := 0; k < n-1; k++ {
		w[k] = w[k]>>1 | w[k+1]<<63
	}
	w[n-1] >>= 1
}

// cswap swaps a and b where mask is all ones.
func cswap(a, b []uint64, mask uint64) {
	b = b[:len(a)]
	for i := range a {
		t := mask & (a[i] ^ b[i])
		a[i] ^= t
		b[i] ^= t
	}
}

// addScaled sets (am,as) += c*(bm,bs) in F3, c given as masks (cm: c != 0,
// cs: c = -1). In the (m, s) representation a sum of two nonzero values
// with equal signs is the negation, with opposite signs zero.
func addScaled(am, as, bm, bs []uint64, cm, cs uint64) {
	n := len(am)
	as, bm, bs = as[:n], bm[:n], bs[:n]
	for i := range am {
		tm := bm[i] & cm
		ts := (bs[i] ^ cs) & tm
		xm, xs := am[i], as[i]
		both := xm & tm
		diff := xs ^ ts
		opp := both & diff
		same := both &^ diff
		am[i] = (xm | tm) &^ opp
		as[i] = xs&^tm | ts&^xm | same&^xs
	}
}
