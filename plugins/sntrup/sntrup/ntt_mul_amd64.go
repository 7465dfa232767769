//go:build !purego

package sntrup

import "sync"

// The NTT products (see ntt_amd64.go). Operands up to nttMaxP long are
// multiplied directly; longer ones (up to 2*nttMaxP, every set beyond
// sntrup761) as a = a0 + x^h a1, b = b0 + x^h b1 with h = ceil(n/2): the
// four pieces are transformed once and the three products a0 b0,
// a0 b1 + a1 b0 and a1 b1 formed in the transform domain, each below
// x^(2h-1), so three inverse transforms in place of the four products'
// eight. The coefficient bounds of the text at the top of ntt_amd64.go
// hold for them: |a0 b1 + a1 b0| is at most p(q-1)/2 too.

// mul sets x to the cyclic product of the operands in a and b, times
// 2^16 * 2^-16: the pointwise Montgomery products' factor 2^-16 and the
// final scale's 2^16/1536 cancel with the transform's 1536.
func (pr *nttPrime) mul(x, y *[nttN]int16, a, b *[nttIn]int16) {
	pr.forward(x, a)
	pr.forward(y, b)
	nttPointwise(&x[0], &y[0], nttRows, &pr.k)
	pr.inverse(x)
}

// nttWork is the NTT products' scratch space: the operands (or their
// pieces a0, a1, b0, b1), their transforms under each prime, and the
// recombined middle product.
type nttWork struct {
	in  [4][nttIn]int16
	b8  [nttIn]int8
	t   [2][4][nttN]int16
	mid [nttN + 16]int32
	c   [4*nttN + 32]int32
}

var nttWorkPool = sync.Pool{New: func() any { return new(nttWork) }}

// load16 and load8 set dst to src, sign-extended and zero-padded.
func load16(dst *[nttIn]int16, src []int16) {
	copy(dst[:], src)
	clear(dst[len(src):])
}

func (ws *nttWork) load8(dst *[nttIn]int16, src []int8) {
	copy(ws.b8[:], src)
	clear(ws.b8[len(src):])
	nttWiden(&dst[0], &ws.b8[0], nttIn/16)
}

// output returns where the kernels write need coefficients: c itself
// when its capacity allows.
func (ws *nttWork) output(c []int32, need int) []int32 {
	if cap(c) >= need {
		return c[:need]
	}
	return ws.c[:need]
}

// product leaves in t the inverse transforms of the products of the
// operands loaded in ws.in under the prime pr: t[0] = a*b (a in in[0], b
// in in[1]), or for split operands (a0, a1, b0, b1 in in[0..3]) t[0] =
// a0 b0, t[1] = a1 b1, t[2] = a0 b1 + a1 b0.
func (ws *nttWork) product(pr *nttPrime, t *[4][nttN]int16, split bool) {
	if !split {
		pr.mul(&t[0], &t[1], &ws.in[0], &ws.in[1])
		return
	}
	for i := range 4 {
		pr.forward(&t[i], &ws.in[i])
	}
	nttPointwise2(&t[0][0], &t[1][0], &t[2][0], &t[3][0], nttRows, &pr.k)
	for i := range 3 {
		pr.inverse(&t[i])
	}
}

// run sets c[0:2n-1] to the product of the loaded operands of length n,
// modulo 10753 and 7681 with the CRT (two) or modulo 7681 alone.
func (ws *nttWork) run(c []int32, n int, two bool) {
	split := n > nttMaxP
	if two {
		ws.product(nttP1, &ws.t[0], split)
	}
	ws.product(nttP2, &ws.t[1], split)
	exact := func(out []int32, i, nv int) {
		if two {
			nttCRT(&out[0], &ws.t[0][i][0], &ws.t[1][i][0], nv, &nttCRTk)
		} else {
			nttExact(&out[0], &ws.t[1][i][0], nv, &nttP2.k)
		}
	}
	var out []int32
	if !split {
		nv := (2*n - 1 + 15) / 16
		out = ws.output(c, 16*nv)
		exact(out, 0, nv)
	} else {
		// c0 = a0 b0 and c2 = a1 b1 do not overlap (c[2h-1] = 0); the
		// kernels' rounded tails are zeros, so c2 may overwrite c0's and
		// the middle may be added in full at h.
		h := (n + 1) / 2
		nv0 := (2*h - 1 + 15) / 16
		nv2 := (2*(n-h) - 1 + 15) / 16
		out = ws.output(c, max(2*h+16*nv2, h+16*nv0))
		exact(out, 0, nv0)
		out[2*h-1] = 0
		exact(out[2*h:], 1, nv2)
		exact(ws.mid[:], 2, nv0)
		addToAVX2(&out[h], &ws.mid[0], 2*nv0)
	}
	if &out[0] != &c[0] {
		copy(c[:2*n-1], out)
	}
}

// polyMulNTT sets c[0:2n-1] = a*b for n = len(a) <= 2*nttMaxP, |a| <
// 2^13 and small b, exactly (see the comment at the top of
// ntt_amd64.go).
func polyMulNTT(c []int32, a []int16, b []int8) {
	n := len(a)
	b = b[:n]
	ws := nttWorkPool.Get().(*nttWork)
	defer nttWorkPool.Put(ws)
	if n <= nttMaxP {
		load16(&ws.in[0], a)
		ws.load8(&ws.in[1], b)
	} else {
		h := (n + 1) / 2
		load16(&ws.in[0], a[:h])
		load16(&ws.in[1], a[h:])
		ws.load8(&ws.in[2], b[:h])
		ws.load8(&ws.in[3], b[h:])
	}
	ws.run(c, n, true)
}

// polyMul3NTT sets c[0:2n-1] = a*b for small a and b of length n <=
// 2*nttMaxP, exactly, modulo 7681 alone (|c| <= n is far below 7681/2).
func polyMul3NTT(c []int32, a, b []int8) {
	n := len(a)
	b = b[:n]
	ws := nttWorkPool.Get().(*nttWork)
	defer nttWorkPool.Put(ws)
	if n <= nttMaxP {
		ws.load8(&ws.in[0], a)
		ws.load8(&ws.in[1], b)
	} else {
		h := (n + 1) / 2
		ws.load8(&ws.in[0], a[:h])
		ws.load8(&ws.in[1], a[h:])
		ws.load8(&ws.in[2], b[:h])
		ws.load8(&ws.in[3], b[h:])
	}
	ws.run(c, n, false)
}
