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
	mw mulWork // the leaves' scratch
}

var toomWorkPool = sync.Pool{New: func() any { return new(toomWork) }}

// toom3AVX2 sets c[0:2n-1] = a*b by Toom-Cook 3-way: a = a0 + a1 y + a2 y^2
// and b likewise with y = x^k, k = ceil(n/3), evaluated at y = 0, 1, -1,
// -2 and infinity, five products of length k on mulAVX2 in place of nine,
// and interpolated back (Bodrato's sequence, whose divisions by 2 and 3
// are exact). The evaluations stay below 7*(q-1)/2 < 2^15 and 7 in
// magnitude (int16, int8), the products below k*7*(q-1)/2*7 < 2^27 and
// the interpolation's sums within a few times that, so every step is
// exact in int32. It writes c up to index 3k+2k+7 (past 2n-2 the values
// are not specified).
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
		mulAVX2(ws.w[j][:], ws.ea[j][:k], ws.eb[j][:k], &ws.mw)
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

//go:noescape
func toom3Interp16AVX2(w *[5]*int16, n int)

//go:noescape
func addTo16AVX2(dst, x *int16, n int)

// toom3Work holds toom3R3AVX2's operands, their evaluations and the five
// products, each followed by zeros up to a whole vector.
type toom3Work struct {
	a, b   [maxP + 64]int8
	ea, eb [5][maxP/3 + 64]int8
	w      [5][(2*(maxP/3+1)+63)&^63 + 64]int16
	mw     mul3Work // the leaves' scratch
}

var toom3WorkPool = sync.Pool{New: func() any { return new(toom3Work) }}

// toom3R3AVX2 sets acc[0:2n-1] to a product congruent modulo 3 to a*b for
// small a and b, by the Toom-Cook 3-way split of toom3AVX2 over mul3AVX2.
// Two facts make the byte kernel usable. First, only residues mod 3
// matter, so b may be replaced by b' = b + 3 on its first and last
// pieces: then b'(y) = b(y) + 3 + 3y^2 is at least 2 at y = 0, 1, -1, -2
// and infinity, as the kernel's unsigned operand must be, and at most 22.
// Second, the kernel and the interpolation may run modulo 2^16: every
// step is a ring operation but the two halvings, which leave the values
// known modulo 2^15, and the true coefficients of a*b' lie below 3*k*4 <
// 2^14, so sign extension from 15 bits recovers them. It writes acc up to
// index 3k+2k+15 (past 2n-2 the values are not specified).
func toom3R3AVX2(acc []int16, a, b []int8) {
	n := len(a)
	b = b[:n]
	k := (n + 2) / 3
	ws := toom3WorkPool.Get().(*toom3Work)
	defer toom3WorkPool.Put(ws)
	copy(ws.a[:], a)
	clear(ws.a[n : 3*k+32])
	copy(ws.b[:], b)
	clear(ws.b[n : 3*k+32])
	for i := range k {
		ws.b[i] += 3
	}
	for i := 2 * k; i < n; i++ {
		ws.b[i] += 3
	}
	var ea, eb [5]*int8
	var w [5]*int16
	for j := range 5 {
		ea[j], eb[j], w[j] = &ws.ea[j][0], &ws.eb[j][0], &ws.w[j][0]
	}
	toom3EvalBAVX2(&ea, &ws.a[0], k, (k+31)/32)
	toom3EvalBAVX2(&eb, &ws.b[0], k, (k+31)/32)
	l := 2*k - 1
	lv := (l + 15) &^ 15
	for j := range 5 {
		mul3AVX2(ws.w[j][:], ws.ea[j][:k], ws.eb[j][:k], &ws.mw)
		clear(ws.w[j][l:lv])
	}
	toom3Interp16AVX2(&w, lv/16)
	_ = acc[:3*k+lv] // addTo16AVX2's reach
	r4 := 2*(n-2*k) - 1
	copy(acc[:l], ws.w[0][:l])
	acc[l] = 0
	copy(acc[2*k:2*k+l], ws.w[2][:l])
	acc[2*k+l] = 0
	copy(acc[4*k:4*k+r4], ws.w[4][:r4])
	addTo16AVX2(&acc[k], &ws.w[1][0], lv/16)
	addTo16AVX2(&acc[3*k], &ws.w[3][0], lv/16)
}
