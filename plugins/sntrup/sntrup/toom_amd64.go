//go:build !purego

package sntrup

import "sync"

//go:noescape
func toom3EvalWAVX2(e *[5]*int16, a *int16, k, n int)

//go:noescape
func toom3EvalBAVX2(e *[5]*int8, b *int8, k, n int)

//go:noescape
func toom3InterpAVX2(w *[5]*int32, n int)

// toomWork holds toom3AVX2's operand pieces and their evaluations, and
// the five products, each followed by zeros up to a whole vector.
type toomWork struct {
	a  [maxP + 64]int16
	b  [maxP + 64]int8
	ea [5][maxP/3 + 64]int16
	eb [5][maxP/3 + 64]int8
	w  [5][2*(maxP/3+1) + 64]int32
}

var toomWorkPool = sync.Pool{New: func() any { return new(toomWork) }}

// toom3AVX2 sets c[0:2n-1] = a*b by Toom-Cook 3-way: a = a0 + a1 y + a2 y^2
// and b likewise with y = x^k, k = ceil(n/3), evaluated at y = 0, 1, -1,
// -2 and infinity, five products of length k on mulAVX2 in place of nine,
// and interpolated back (Bodrato's sequence, whose divisions by 2 and 3
// are exact). The evaluations stay below 7*(q-1)/2 < 2^15 and 7 in
// magnitude (int16, int8), the products below 2^25, so every step is
// exact. It writes c up to index 3k+2k+7 (past 2n-2 the values are not
// specified).
func toom3AVX2(c []int32, a []int16, b []int8) {
	n := len(a)
	b = b[:n]
	k := (n + 2) / 3
	ws := toomWorkPool.Get().(*toomWork)
	defer toomWorkPool.Put(ws)
	copy(ws.a[:], a)
	clear(ws.a[n : 3*k+32])
	copy(ws.b[:], b)
	clear(ws.b[n : 3*k+32])
	var ea [5]*int16
	var eb [5]*int8
	var w [5]*int32
	for j := range 5 {
		ea[j], eb[j], w[j] = &ws.ea[j][0], &ws.eb[j][0], &ws.w[j][0]
	}
	toom3EvalWAVX2(&ea, &ws.a[0], k, (k+15)/16)
	toom3EvalBAVX2(&eb, &ws.b[0], k, (k+31)/32)
	l := 2*k - 1
	lv := (l + 7) &^ 7
	for j := range 5 {
		mulAVX2(ws.w[j][:], ws.ea[j][:k], ws.eb[j][:k])
		clear(ws.w[j][l:lv])
	}
	// w = r0, r1, r2, r3, r4: the coefficients of y^0..y^4.
	toom3InterpAVX2(&w, lv/8)
	_ = c[:3*k+lv] // addToAVX2's reach
	r4 := 2*(n-2*k) - 1
	copy(c[:l], ws.w[0][:l])
	c[l] = 0
	copy(c[2*k:2*k+l], ws.w[2][:l])
	c[2*k+l] = 0
	copy(c[4*k:4*k+r4], ws.w[4][:r4])
	addToAVX2(&c[k], &ws.w[1][0], lv/8)
	addToAVX2(&c[3*k], &ws.w[3][0], lv/8)
}
