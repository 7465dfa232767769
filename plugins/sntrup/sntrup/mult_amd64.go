//go:build !purego

package sntrup

import "unsafe"

//go:noescape
func mulBlocksAVX2(out *int32, a *int16, t *int16, step, n int)

//go:noescape
func mulBlocksVNNI(out *int32, a *int16, t *int16, step, n int)

//go:noescape
func pairTableAVX2(t *int16, b *int8, n, step int)

// pairPad is how far beyond [0, n) mulAVX2's pair table reaches.
const pairPad = 56

//go:noescape
func addToAVX2(dst, x *int32, n int)

// polyMulAVX2 is polyMul on polyMulNTT. (toom3AVX2, now the tests'
// cross-check, measured 5.0 us at p = 761 against the NTT's 3.2. For
// toom3AVX2: one Toom-Cook 3-way level over mulAVX2 measured 6.6 us at
// p = 761, one Karatsuba level 8.2 us and the kernel alone 9.2 us;
// deeper splits lose more to the kernel's fixed cost per call and its
// wasted edge blocks than they save.)
func polyMulAVX2(c []int32, a []int16, b []int8) {
	polyMulNTT(c, a, b)
}

// mulAVX2 sets c[0:2n-1] = a*b by 32-output blocks: for each block it runs
// over the coefficient pairs of a that touch it, with b laid out as the
// pairs (b[m], b[m-1]) so that one VPMADDWD multiplies two coefficients of
// a into eight outputs. The windows into the pair table move by 8 bytes a
// step, so the table is kept in four copies shifted by 8 bytes and each
// step reads the copy where its windows are 32-byte aligned (split loads
// measured a sixth of the kernel's time). The last block writes up to 31
// values past 2n-1, into c itself when its capacity allows.
func mulAVX2(c []int32, a []int16, b []int8, ws *mulWork) {
	n := len(a)
	b = b[:n]
	// The operands are copied with zeros after them (the kernel reads a in
	// whole groups, pairTableAVX2 reads b[-1] and up to b[8*tgroups]). The
	// buffers live in ws rather than on the stack because Go would clear
	// a stack array in full at every call, which at the Toom-Cook leaves
	// cost a noticeable share of the shorter products.
	ap := ws.a[:n+16]
	copy(ap, a)
	clear(ap[n:])
	bp := ws.b[:n+32]
	bp[0] = 0
	copy(bp[1:], b)
	clear(bp[n+1:])

	tlen := 2 * (n + 2*pairPad)
	stride := (tlen + 16 + 15) &^ 15 // int16s per copy, a multiple of 32 bytes
	base := ws.aligned()
	var copies [4][]int16
	for k := range copies {
		copies[k] = base[k*stride : (k+1)*stride]
	}
	// Only the margins are cleared: pairTableAVX2 writes the pairs into
	// all four copies at once (copying the table measured a tenth of the
	// product).
	tgroups := (n + 1 + 7) / 8 // pairs m = 0..n, and zero pairs up to 8*tgroups
	for k := range copies {
		clear(copies[k][:4*k+2*pairPad])
		clear(copies[k][4*k+2*(pairPad+8*tgroups) : 4*k+tlen])
	}
	pairTableAVX2(&copies[0][2*pairPad], &bp[1], tgroups, 2*stride+8)

	nout := 2*n - 1
	nacc := (nout + 31) &^ 31
	out := ws.acc[:nacc]
	if cap(c) >= nacc {
		out = c[:nacc]
	}
	if useVNNI {
		mulBlocksVNNI(&out[0], &ap[0], &base[0], 2*stride+8, n)
	} else {
		mulBlocksAVX2(&out[0], &ap[0], &base[0], 2*stride+8, n)
	}
	if cap(c) < nacc {
		copy(c[:nout], out)
	}
}

// mulWork is mulAVX2's table space, on the heap (in toom3AVX2's pooled
// workspace) so that its 32-byte alignment, computed once per use, cannot
// move with a growing stack.
type mulWork struct {
	t   [4*(2*(maxP+2*pairPad)+32) + 32]int16 // the four table copies
	a   [maxP + 16]int16                      // a, zero-padded
	b   [maxP + 32]int8                       // b, zero-padded on both sides
	acc [(2*maxP + 31) &^ 31]int32            // the blocks' output when c is too short
}

// aligned returns ws.t from its first 32-byte aligned element.
func (ws *mulWork) aligned() []int16 {
	off := (32 - int(uintptr(unsafe.Pointer(&ws.t[0]))&31)) & 31 / 2
	return ws.t[off:]
}

//go:noescape
func mul3BlocksAVX2(acc *int16, a *int8, t *uint8, n int)

//go:noescape
func mul3BlocksVNNI(acc *int16, a *int8, t *uint8, n int)

//go:noescape
func quadTable3AVX2(t *uint8, b *int8, n int)

//go:noescape
func pairTable3AVX2(t *uint8, b *int8, n int)

// pairPad3 is how far beyond [0, n] mul3AVX2's table reaches: its 64-output
// blocks read pairs down to m = -65.
const pairPad3 = 72

// mul3Work is mul3AVX2's scratch space.
type mul3Work struct {
	a     [maxP + 4]int8
	b     [maxP + 32]int8
	table [2 * (maxP + 2*pairPad3 + 1)]uint8
	quads [4 * (maxP + 2*pairPad3 + 1)]uint8 // mul3VNNI's table
}

// mul3AVX2 sets acc[0:2n-1] to a product congruent modulo 3 to the integer
// product a*b, with VPMADDUBSW, which needs one unsigned operand: the
// table holds b with 3 added to its negative entries (zero outside b), so
// -1 stands as 2. Only the residues mod 3 matter, so this needs no
// correction. The lanes are sums modulo 2^16 (VPADDW wraps); each pair
// sum, where VPMADDUBSW would saturate, stays far below 2^15 for the
// operands toom3R3AVX2 gives it (|a| <= 7, 0 <= b <= 22).
func mul3AVX2(acc []int16, a, b []int8, ws *mul3Work) {
	if useVNNI {
		mul3VNNI(acc, a, b, ws)
		return
	}
	n := len(a)
	b = b[:n]
	// Only the buffers' margins are cleared: clearing the whole table at
	// every call measured a tenth of the Toom-Cook leaves' time.
	ap := ws.a[:n+2] // a and a zero pair
	copy(ap, a)
	ap[n], ap[n+1] = 0, 0
	g := (n + 1 + 15) / 16 // pairTable3AVX2's groups of 16 pairs
	bp := ws.b[:16*g+16]   // b with zeros around it for pairTable3AVX2
	bp[0] = 0
	copy(bp[1:], b)
	clear(bp[n+1:])
	table := ws.table[:2*(2*pairPad3+n+1)]
	clear(table[:2*pairPad3])
	pairTable3AVX2(&table[2*pairPad3], &bp[1], g)
	clear(table[2*(pairPad3+16*g):])
	nout := 2*n - 1
	_ = acc[(nout+63)&^63-1]
	mul3BlocksAVX2(&acc[0], &ap[0], &table[0], n)
}

// mul3VNNI is mul3AVX2 on mul3BlocksVNNI, whose table holds four entries
// of b a position and which reads a by fours.
func mul3VNNI(acc []int16, a, b []int8, ws *mul3Work) {
	n := len(a)
	b = b[:n]
	ap := ws.a[:n+4] // a and a zero quad
	copy(ap, a)
	clear(ap[n:])
	g := (n + 3 + 7) / 8 // quadTable3AVX2's groups of 8 positions, up to the zero quads
	bp := ws.b[:8*g+3]   // b after three zeros
	clear(bp[:3])
	copy(bp[3:], b)
	clear(bp[n+3:])
	table := ws.quads[:4*(2*pairPad3+n+1)]
	clear(table[:4*pairPad3])
	quadTable3AVX2(&table[4*pairPad3], &bp[3], g)
	clear(table[4*(pairPad3+8*g):])
	nout := 2*n - 1
	_ = acc[(nout+63)&^63-1]
	mul3BlocksVNNI(&acc[0], &ap[0], &table[4*pairPad3], n)
}
