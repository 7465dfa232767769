//go:build !purego

package sntrup

import "sync"

// The NTT products (see ntt_amd64.go), in three shapes by the operands'
// length n, with h = ceil(n/2):
//
//   - n <= nttMaxP (sntrup653, sntrup761): a*b directly, two forward
//     transforms and one inverse.
//   - n <= nttIn (sntrup857, sntrup953, sntrup1013): b = b0 + x^h b1 and
//     a*b = a b0 + x^h a b1, both below x^(n+h-1), within x^1536, and a
//     still below x^1024 as the radix-3 layer needs: three forward
//     transforms and two inverse.
//   - beyond (sntrup1277): a = a0 + x^h a1 too, the four pieces
//     transformed once and the three products a0 b0, a0 b1 + a1 b0 and
//     a1 b1 formed in the transform domain, each below x^(2h-1): four
//     forward transforms and three inverse.
//
// The coefficient bounds of the text at the top of ntt_amd64.go hold for
// every piece: |a0 b1 + a1 b0| is at most p(q-1)/2 too.

// nttShape is one of the three shapes.
type nttShape int

const (
	nttWhole nttShape = iota
	nttSplitB
	nttSplitAB
)

func shapeOf(n int) nttShape {
	switch {
	case n <= nttMaxP:
		return nttWhole
	case n <= nttIn:
		return nttSplitB
	}
	return nttSplitAB
}

// mul sets x to the cyclic product of the operands in a and b, times
// 2^16 * 2^-16: the pointwise Montgomery products' factor 2^-16 and the
// final scale's 2^16/1536 cancel with the transform's 1536.
func (pr *nttPrime) mul(x, y *[nttN]int16, a, b *[nttIn]int16) {
	pr.forward(x, a)
	pr.forward(y, b)
	pr.pointwise(x, y)
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

// load16 and widen set dst to src, sign-extended and zero-padded.
func load16(dst *[nttIn]int16, src []int16) {
	copy(dst[:], src)
	clear(dst[len(src):])
}

func (ws *nttWork) widen(dst *[nttIn]int16, src []int8) {
	copy(ws.b8[:], src)
	clear(ws.b8[len(src):])
	nttWiden(&dst[0], &ws.b8[0], nttIn/16)
}

// loadA loads a (int16, or small through widen when a8 is set) where
// product expects it: in[0], or its halves in in[0] and in[1].
func (ws *nttWork) loadA(a []int16, a8 []int8) {
	n := max(len(a), len(a8))
	h := (n + 1) / 2
	switch {
	case shapeOf(n) != nttSplitAB && a8 == nil:
		load16(&ws.in[0], a)
	case shapeOf(n) != nttSplitAB:
		ws.widen(&ws.in[0], a8)
	case a8 == nil:
		load16(&ws.in[0], a[:h])
		load16(&ws.in[1], a[h:])
	default:
		ws.widen(&ws.in[0], a8[:h])
		ws.widen(&ws.in[1], a8[h:])
	}
}

// loadB loads the small b where product expects it: in[1], its halves in
// in[1] and in[2], or in in[2] and in[3].
func (ws *nttWork) loadB(b []int8) {
	n, h := len(b), (len(b)+1)/2
	switch shapeOf(n) {
	case nttWhole:
		ws.widen(&ws.in[1], b)
	case nttSplitB:
		ws.widen(&ws.in[1], b[:h])
		ws.widen(&ws.in[2], b[h:])
	default:
		ws.widen(&ws.in[2], b[:h])
		ws.widen(&ws.in[3], b[h:])
	}
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
// operands loaded in ws.in under the prime pr: whole, t[0] = a*b (a in
// in[0], b in in[1]); split b (b0, b1 in in[1], in[2]), t[1] = a b0 and
// t[2] = a b1; split both (a0, a1, b0, b1 in in[0..3]), t[0] = a0 b0,
// t[1] = a1 b1, t[2] = a0 b1 + a1 b0.
func (ws *nttWork) product(pr *nttPrime, t *[4][nttN]int16, shape nttShape) {
	switch shape {
	case nttWhole:
		pr.mul(&t[0], &t[1], &ws.in[0], &ws.in[1])
	case nttSplitB:
		for i := range 3 {
			pr.forward(&t[i], &ws.in[i])
		}
		pr.pointwise(&t[1], &t[0])
		pr.pointwise(&t[2], &t[0])
		pr.inverse(&t[1])
		pr.inverse(&t[2])
	default:
		for i := range 4 {
			pr.forward(&t[i], &ws.in[i])
		}
		pr.pointwise2(&t[0], &t[1], &t[2], &t[3])
		for i := range 3 {
			pr.inverse(&t[i])
		}
	}
}

// run sets c[0:2n-1] to the product of the loaded operands of length n,
// modulo 10753 and 7681 with the CRT (two) or modulo 7681 alone.
func (ws *nttWork) run(c []int32, n int, two bool) {
	if out := ws.compute(c, n, two); &out[0] != &c[0] {
		copy(c[:2*n-1], out)
	}
}

// compute is run writing to c when its capacity allows and to ws.c
// otherwise; it returns where the product is.
func (ws *nttWork) compute(c []int32, n int, two bool) []int32 {
	shape := shapeOf(n)
	if two {
		ws.product(nttP1, &ws.t[0], shape)
	}
	ws.product(nttP2, &ws.t[1], shape)
	exact := func(out []int32, i, nv int) {
		if two {
			crt(out, &ws.t[0][i], &ws.t[1][i], nv)
		} else {
			nttExact(&out[0], &ws.t[1][i][0], nv, &nttP2.k)
		}
	}
	vecs := func(l int) int { return (l + 15) / 16 }
	h := (n + 1) / 2
	var out []int32
	switch shape {
	case nttWhole:
		nv := vecs(2*n - 1)
		out = ws.output(c, 16*nv)
		exact(out, 0, nv)
	case nttSplitB:
		// a b0 at 0, then a b1 added at h over zeros past a b0's end.
		nv0, nv1 := vecs(n+h-1), vecs(2*n-h-1)
		out = ws.output(c, max(16*nv0, h+16*nv1))
		exact(out, 1, nv0)
		clear(out[16*nv0:])
		exact(ws.mid[:], 2, nv1)
		addToAVX2(&out[h], &ws.mid[0], 2*nv1)
	default:
		// c0 = a0 b0 and c2 = a1 b1 do not overlap (c[2h-1] = 0); the
		// kernels' rounded tails are zeros, so c2 may overwrite c0's and
		// the middle may be added in full at h.
		nv0, nv2 := vecs(2*h-1), vecs(2*(n-h)-1)
		out = ws.output(c, max(2*h+16*nv2, h+16*nv0))
		exact(out, 0, nv0)
		out[2*h-1] = 0
		exact(out[2*h:], 1, nv2)
		exact(ws.mid[:], 2, nv0)
		addToAVX2(&out[h], &ws.mid[0], 2*nv0)
	}
	return out
}

// polyMulNTT sets c[0:2n-1] = a*b for n = len(a) <= 2*nttMaxP, |a| <
// 2^13 and small b, exactly (see the comment at the top of
// ntt_amd64.go).
func polyMulNTT(c []int32, a []int16, b []int8) {
	ws := nttWorkPool.Get().(*nttWork)
	defer nttWorkPool.Put(ws)
	ws.loadA(a, nil)
	ws.loadB(b[:len(a)])
	ws.run(c, len(a), true)
}

// polyMul3NTT sets c[0:2n-1] = a*b for small a and b of length n <=
// 2*nttMaxP, exactly, modulo 7681 alone (|c| <= n is far below 7681/2).
func polyMul3NTT(c []int32, a, b []int8) {
	ws := nttWorkPool.Get().(*nttWork)
	defer nttWorkPool.Put(ws)
	ws.loadA(nil, a)
	ws.loadB(b[:len(a)])
	ws.run(c, len(a), false)
}

// rqMulSmallAVX2 is rqMulSmall on polyMulNTT, folded from the
// workspace: a stack array for the 2p-1 products would be cleared at
// every call (10 KB at maxP).
func (ps *Params) rqMulSmallAVX2(out, a []int16, b []int8) {
	ws := nttWorkPool.Get().(*nttWork)
	defer nttWorkPool.Put(ws)
	ws.loadA(a[:ps.P], nil)
	ws.loadB(b[:ps.P])
	ps.foldFqAVX2(out, ws.compute(nil, ps.P, true))
}

// r3MulAVX2 is r3Mul on polyMul3NTT, folded from the workspace likewise
// (at every p it measured under half the time of toom3R3AVX2, kept as
// the tests' cross-check).
func (ps *Params) r3MulAVX2(out, a, b []int8) {
	ws := nttWorkPool.Get().(*nttWork)
	defer nttWorkPool.Put(ws)
	ws.loadA(nil, a[:ps.P])
	ws.loadB(b[:ps.P])
	ps.fold3AVX2(out, ws.compute(nil, ps.P, false))
}
