//go:build !purego

package sntrup

import (
	"sync"
	"unsafe"
)

//go:noescape
func mulBlock4AVX2(acc *int32, a *int16, w *[4]uintptr, ngroups int)

//go:noescape
func pairTableAVX2(t *int16, b *int8, n int)

// pairPad is how far beyond [0, n) mulAVX2's pair table reaches.
const pairPad = 56

// polyMulAVX2 is polyMul on mulAVX2. (Karatsuba levels above the kernel
// measured slower here: at p = 761 the fixed cost of three kernel calls
// and the O(n) recombination exceed the quarter of the products saved.)
func polyMulAVX2(c []int32, a []int16, b []int8) {
	mulAVX2(c, a, b)
}

// mulAVX2 sets c[0:2n-1] = a*b by 32-output blocks: for each block it runs
// over the coefficient pairs of a that touch it, with b laid out as the
// pairs (b[m], b[m-1]) so that one VPMADDWD multiplies two coefficients of
// a into eight outputs. The windows into the pair table move by 8 bytes a
// step, so the table is kept in four copies shifted by 8 bytes and each
// step reads the copy where its windows are 32-byte aligned (split loads
// measured a sixth of the kernel's time). The last block writes up to 31
// values past 2n-1, into c itself when its capacity allows.
func mulAVX2(c []int32, a []int16, b []int8) {
	n := len(a)
	b = b[:n]
	var ap [maxP + 16]int16
	copy(ap[:], a)
	var bp [maxP + 32]int8 // b with zeros around it for pairTableAVX2
	copy(bp[1:], b)

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
	tgroups := (n + 1 + 7) / 8 // pairs m = 0..n, and zero pairs up to 8*tgroups
	pairTableAVX2(&t[2*pairPad], &bp[1], tgroups)
	clear(t[2*(pairPad+8*tgroups):])
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
