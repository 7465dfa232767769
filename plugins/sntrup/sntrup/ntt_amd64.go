//go:build !purego

package sntrup

import "sync"

// The AVX2 products for p <= nttMaxP (sntrup653 and sntrup761) multiply
// by number-theoretic transforms, as the fast C implementations of NTRU
// Prime do: the product of a and b (length n <= 768) is computed modulo
// x^1536 - 1, which it never wraps, over the NTT primes 10753 and 7681
// (both 1 mod 1536 = 3*2^9, so x^1536 - 1 splits into linear factors),
// and the exact integer coefficients are recovered by the Chinese
// remainder theorem: |c| <= p(q-1)/2 < 2^21 is far below 10753*7681/2.
// An R3 product of small operands has |c| <= p < 7681/2 and needs 7681
// alone.
//
// The transform is a radix-3 layer (x^1536 - 1 = prod_j x^512 - omega^j;
// the inputs stop below x^1024, so one piece of the three is zero),
// then nine radix-2 Cooley-Tukey layers splitting each x^m - z into
// x^(m/2) -+ sqrt(z). Coefficient i lives in row i/16, lane i%16: the
// first five layers pair whole rows of one residue with one twiddle; then
// each 16-row block is transposed so that every lane holds one residue
// and the last four layers again pair rows, now with a twiddle vector.
// The pointwise products come out in this permuted order, which the
// inverse (Gentleman-Sande layers in reverse, transposes, the inverse
// radix-3 layer) undoes.

const (
	nttN    = 1536      // transform length
	nttRows = nttN / 16 // vectors of 16 int16
	nttRes  = nttRows / 3
	nttMaxP = nttN / 2 // longest operand: the product stays below x^1536
	nttIn   = 2 * nttN / 3
)

// nttConsts are the scalars the kernels broadcast (offsets in
// ntt_amd64.s): the prime, q'^-1 mod 2^16, round(2^15/q'), the radix-3
// roots and the final scale 2^16/1536, the constants in Montgomery form
// (times 2^16 mod q') each with its q'^-1 multiple.
type nttConsts struct {
	q, qinv, barrett     int16
	w1, w1q, w2, w2q     int16
	iw1, iw1q, iw2, iw2q int16
	scale, scaleq        int16
}

// crtConsts are nttCRT's scalars: q2, its Barrett constant, 1/q1 mod q2
// in Montgomery form, and q1.
type crtConsts struct {
	q2, _, barrett2, c, cq, _ int16
	q1                        int32
}

// nttLayer is one radix-2 layer: groups of 2d rows; a transpose precedes
// it when transpose is set (forward order).
type nttLayer struct {
	d         int
	squeeze   bool // squeeze the outputs (forward): see nttSchedule
	transpose bool
}

// nttSchedule lists the forward layers. The squeezes keep every int16
// lane exact: an output of MONT stays below 0.75 q' and a squeezed value
// below 0.78 q', so two unsqueezed layers after a squeeze reach at most
// 0.78 q' + 2*0.75 q' < 2.3*10753 < 2^15. The inverse layers squeeze
// every sum.
var nttSchedule = [...]nttLayer{
	{d: 16}, {d: 8, squeeze: true}, {d: 4}, {d: 2, squeeze: true}, {d: 1},
	{d: 8, squeeze: true, transpose: true}, {d: 4}, {d: 2, squeeze: true}, {d: 1},
}

// nttPrime is one NTT prime's constants and twiddle tables: for each
// layer its groups' twiddle vectors W and W*q'^-1 (32 int16 a group), in
// the order the layers run.
type nttPrime struct {
	k        nttConsts
	fwd, inv []int16
}

var (
	nttP1   = newNTTPrime(10753)
	nttP2   = newNTTPrime(7681)
	nttCRTk = crtConsts{q2: 7681, barrett2: nttP2.k.barrett,
		c: montForm(7681, modInverse(10753, 7681)), q1: 10753}
)

func init() { nttCRTk.cq = nttCRTk.c * int16(modInverse(7681, 1<<16)) }

// modPow returns x^e mod m.
func modPow(x, e, m int) int {
	r := 1
	for x %= m; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = r * x % m
		}
		x = x * x % m
	}
	return r
}

// modInverse returns 1/x mod m for x coprime to m (m prime or 2^16).
func modInverse(x, m int) int {
	for y := 1; y < m; y++ {
		if x*y%m == 1 {
			return y
		}
	}
	panic("sntrup: no inverse")
}

// montForm returns x*2^16 mod q in -q/2..q/2.
func montForm(q, x int) int16 {
	r := (x % q) * (1 << 16) % q
	if r < 0 {
		r += q
	}
	if r > q/2 {
		r -= q
	}
	return int16(r)
}

// newNTTPrime builds the tables for the prime q = 1 mod 1536 by following
// the exponent of the residue each coefficient belongs to: after the
// radix-3 layer the residues are x^512 - psi^e with psi a primitive 1536th
// root and e = 512j; a split of x^m - psi^e gives x^(m/2) - psi^(e/2) and
// x^(m/2) - psi^(e/2+768), with twiddle psi^(e/2).
func newNTTPrime(q int) *nttPrime {
	psi := 0
	for g := 2; psi == 0; g++ {
		c := modPow(g, (q-1)/nttN, q)
		if modPow(c, nttN/2, q) != 1 && modPow(c, nttN/3, q) != 1 {
			psi = c
		}
	}
	qinv := int16(modInverse(q, 1<<16))
	pair := func(x int) (int16, int16) {
		w := montForm(q, x)
		return w, w * qinv
	}
	root := func(e int) int { return modPow(psi, ((e%nttN)+nttN)%nttN, q) }
	pr := &nttPrime{}
	k := &pr.k
	k.q, k.qinv, k.barrett = int16(q), qinv, int16((1<<15+q/2)/q)
	k.w1, k.w1q = pair(root(512))
	k.w2, k.w2q = pair(root(1024))
	k.iw1, k.iw1q = pair(root(-512))
	k.iw2, k.iw2q = pair(root(-1024))
	k.scale, k.scaleq = pair(modInverse(nttN, q) << 16 % q)

	var e [nttN]int
	for i := range e {
		e[i] = 512 * (i / (16 * nttRes))
	}
	inv := make([][]int16, len(nttSchedule))
	for li, l := range nttSchedule {
		if l.transpose {
			var t [nttN]int
			for i := range e {
				blk, row, lane := i/256, i/16%16, i%16
				t[256*blk+16*lane+row] = e[i]
			}
			e = t
		}
		groups := nttRows / (2 * l.d)
		for g := range groups {
			var w, wq, iw, iwq [16]int16
			for lane := range 16 {
				base := 2*l.d*g*16 + lane
				s := e[base] / 2
				w[lane], wq[lane] = pair(root(s))
				iw[lane], iwq[lane] = pair(root(-s))
				for r := range 2 * l.d {
					e[base+16*r] = s + 768*(r/l.d)
				}
			}
			pr.fwd = append(append(pr.fwd, w[:]...), wq[:]...)
			inv[li] = append(append(inv[li], iw[:]...), iwq[:]...)
		}
	}
	for li := len(inv) - 1; li >= 0; li-- {
		pr.inv = append(pr.inv, inv[li]...)
	}
	return pr
}

//go:noescape
func nttWiden(dst *int16, src *int8, n int)

//go:noescape
func nttRadix3(dst, src *int16, rows int, k *nttConsts)

//go:noescape
func nttCT(x, tw *int16, groups, d int, k *nttConsts, squeeze int)

//go:noescape
func nttGS(x, tw *int16, groups, d int, k *nttConsts)

//go:noescape
func nttTranspose(x *int16, blocks int)

//go:noescape
func nttPointwise(x, y *int16, n int, k *nttConsts)

//go:noescape
func nttRadix3Inv(x *int16, rows int, k *nttConsts)

//go:noescape
func nttCRT(c *int32, u1, u2 *int16, n int, k *crtConsts)

//go:noescape
func nttExact(c *int32, u *int16, n int, k *nttConsts)

// forward sets x to the transform of in (nttIn coefficients, zero from
// the operand's length on).
func (pr *nttPrime) forward(x *[nttN]int16, in *[nttIn]int16) {
	nttRadix3(&x[0], &in[0], nttRes, &pr.k)
	tw := pr.fwd
	for _, l := range nttSchedule {
		if l.transpose {
			nttTranspose(&x[0], nttRows/16)
		}
		groups := nttRows / (2 * l.d)
		sq := 0
		if l.squeeze {
			sq = 1
		}
		nttCT(&x[0], &tw[0], groups, l.d, &pr.k, sq)
		tw = tw[32*groups:]
	}
}

// inverse sets x to 2^16 times the inverse transform of x.
func (pr *nttPrime) inverse(x *[nttN]int16) {
	tw := pr.inv
	for i := len(nttSchedule) - 1; i >= 0; i-- {
		l := nttSchedule[i]
		groups := nttRows / (2 * l.d)
		nttGS(&x[0], &tw[0], groups, l.d, &pr.k)
		tw = tw[32*groups:]
		if l.transpose {
			nttTranspose(&x[0], nttRows/16)
		}
	}
	nttRadix3Inv(&x[0], nttRes, &pr.k)
}

// mul sets x to the cyclic product of the operands in a and b, times
// 2^16 * 2^-16: the pointwise Montgomery products' factor 2^-16 and the
// final scale's 2^16/1536 cancel with the transform's 1536.
func (pr *nttPrime) mul(x, y *[nttN]int16, a, b *[nttIn]int16) {
	pr.forward(x, a)
	pr.forward(y, b)
	nttPointwise(&x[0], &y[0], nttRows, &pr.k)
	pr.inverse(x)
}

// nttWork is the NTT products' scratch space.
type nttWork struct {
	a, b [nttIn]int16
	b8   [nttIn]int8
	x, y [nttN]int16
	u    [nttN]int16
	c    [nttN]int32
}

var nttWorkPool = sync.Pool{New: func() any { return new(nttWork) }}

// load sets ws.b to b sign-extended and zero-padded.
func (ws *nttWork) load8(dst *[nttIn]int16, b []int8) {
	copy(ws.b8[:], b)
	clear(ws.b8[len(b):])
	nttWiden(&dst[0], &ws.b8[0], nttIn/16)
}

// output returns where the kernels write 16*nv coefficients: c itself
// when its capacity allows.
func (ws *nttWork) output(c []int32, nv int) []int32 {
	if cap(c) >= 16*nv {
		return c[:16*nv]
	}
	return ws.c[:16*nv]
}

// polyMulNTT sets c[0:2n-1] = a*b for n = len(a) <= nttMaxP, |a| < 2^13
// and small b, exactly (see the comment at the top).
func polyMulNTT(c []int32, a []int16, b []int8) {
	n := len(a)
	ws := nttWorkPool.Get().(*nttWork)
	defer nttWorkPool.Put(ws)
	copy(ws.a[:], a)
	clear(ws.a[n:])
	ws.load8(&ws.b, b[:n])
	nttP1.mul(&ws.u, &ws.y, &ws.a, &ws.b)
	nttP2.mul(&ws.x, &ws.y, &ws.a, &ws.b)
	nv := (2*n - 1 + 15) / 16
	out := ws.output(c, nv)
	nttCRT(&out[0], &ws.u[0], &ws.x[0], nv, &nttCRTk)
	if &out[0] != &c[0] {
		copy(c[:2*n-1], out)
	}
}

// polyMul3NTT sets c[0:2n-1] = a*b for small a and b of length n <=
// nttMaxP, exactly, modulo 7681 alone.
func polyMul3NTT(c []int32, a, b []int8) {
	n := len(a)
	ws := nttWorkPool.Get().(*nttWork)
	defer nttWorkPool.Put(ws)
	ws.load8(&ws.a, a)
	ws.load8(&ws.b, b[:n])
	nttP2.mul(&ws.x, &ws.y, &ws.a, &ws.b)
	nv := (2*n - 1 + 15) / 16
	out := ws.output(c, nv)
	nttExact(&out[0], &ws.x[0], nv, &nttP2.k)
	if &out[0] != &c[0] {
		copy(c[:2*n-1], out)
	}
}
