//go:build !purego

package sntrup

// The AVX2 products multiply by number-theoretic transforms, as the fast
// C implementations of NTRU Prime do: the product of a and b (length n <=
// 768; longer operands are split in two, see ntt_mul_amd64.go) is
// computed modulo x^1536 - 1, which it never wraps, over the NTT primes
// 10753 and 7681 (both 1 mod 1536 = 3*2^9, so x^1536 - 1 splits into
// linear factors), and the exact integer coefficients are recovered by
// the Chinese remainder theorem: |c| <= p(q-1)/2 < 2^23 is far below
// 10753*7681/2. An R3 product of small operands has |c| <= p < 7681/2 and
// needs 7681 alone.
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

// nttLayers lists the radix-2 layers in forward order by their
// distance in rows: groups of 2d rows; a transpose precedes the sixth.
var nttLayers = [...]int{16, 8, 4, 2, 1, 8, 4, 2, 1}

// nttTransposeAt is the layer the transpose precedes.
const nttTransposeAt = 5

// nttPass is one call of a layer kernel: the layers first..first+n-1
// (n = 2 or 3) in one pass over the data.
type nttPass struct {
	first, n  int
	squeeze   bool // squeeze the outputs (forward; the inverse squeezes every sum)
	transpose bool // a transpose precedes the pass (forward) or follows it (inverse)
}

// nttPasses groups the layers. The squeezes keep every int16 lane exact:
// a MONT output stays below 0.75q' and a squeezed value below 0.78q'
// (0.51q' for 10753), so three unsqueezed layers after a squeeze reach
// at most 0.51*10753 + 3*0.75*10753 < 2^15 (for 7681, 0.78q' + 2.25q'),
// and the first pass starts from the radix-3 outputs, below
// (q-1)/2 + 0.75q' < 12100, and ends below 12100 + 2*8065 < 2^15.
var nttPasses = [...]nttPass{
	{first: 0, n: 2, squeeze: true},
	{first: 2, n: 3, squeeze: true},
	{first: 5, n: 2, squeeze: true, transpose: true},
	{first: 7, n: 2},
}

// nttPrime is one NTT prime's constants and twiddle tables: the twiddle
// vectors W and W*q'^-1 (32 int16 each pair) of every pass, in the order
// the passes run.
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
	type vec = [16]int16
	var fwdL, invL [len(nttLayers)][][4]vec // per layer, per group: W, Wq, W^-1, W^-1 q
	for li, d := range nttLayers {
		if li == nttTransposeAt {
			var t [nttN]int
			for i := range e {
				blk, row, lane := i/256, i/16%16, i%16
				t[256*blk+16*lane+row] = e[i]
			}
			e = t
		}
		for g := range nttRows / (2 * d) {
			var w [4]vec
			for lane := range 16 {
				base := 2*d*g*16 + lane
				s := e[base] / 2
				w[0][lane], w[1][lane] = pair(root(s))
				w[2][lane], w[3][lane] = pair(root(-s))
				for r := range 2 * d {
					e[base+16*r] = s + 768*(r/d)
				}
			}
			fwdL[li] = append(fwdL[li], [4]vec{w[0], w[1]})
			invL[li] = append(invL[li], [4]vec{w[2], w[3]})
		}
	}
	// A pass's table holds, for each group of its first layer, the
	// twiddles of that group in the first layer, of its 2 subgroups in
	// the second, of its 4 in the third.
	table := func(L *[len(nttLayers)][][4]vec, ps nttPass) (t []int16) {
		for g := range L[ps.first] {
			for j := range ps.n {
				for s := range 1 << j {
					w := L[ps.first+j][g<<j+s]
					t = append(append(t, w[0][:]...), w[1][:]...)
				}
			}
		}
		return t
	}
	for _, ps := range nttPasses {
		pr.fwd = append(pr.fwd, table(&fwdL, ps)...)
	}
	for i := len(nttPasses) - 1; i >= 0; i-- {
		pr.inv = append(pr.inv, table(&invL, nttPasses[i])...)
	}
	return pr
}

//go:noescape
func nttWiden(dst *int16, src *int8, n int)

//go:noescape
func nttRadix3(dst, src *int16, rows int, k *nttConsts)

//go:noescape
func nttCT3(x, tw *int16, groups, d int, k *nttConsts, squeeze int)

//go:noescape
func nttGS3(x, tw *int16, groups, d int, k *nttConsts)

//go:noescape
func nttCT2(x, tw *int16, groups, d int, k *nttConsts, squeeze int)

//go:noescape
func nttGS2(x, tw *int16, groups, d int, k *nttConsts)

//go:noescape
func nttCT2x512(x, tw *int16, groups, d int, k *nttConsts, squeeze int)

//go:noescape
func nttGS2x512(x, tw *int16, groups, d int, k *nttConsts)

//go:noescape
func nttRadix3x512(dst, src *int16, rows int, k *nttConsts)

//go:noescape
func nttRadix3Invx512(x *int16, rows int, k *nttConsts)

//go:noescape
func nttPointwisex512(x, y *int16, n int, k *nttConsts)

//go:noescape
func nttCT2d1x512(x, tw *int16, groups, d int, k *nttConsts, squeeze int)

//go:noescape
func nttGS2d1x512(x, tw *int16, groups, d int, k *nttConsts)

//go:noescape
func nttCT3d1x512(x, tw *int16, groups, d int, k *nttConsts, squeeze int)

//go:noescape
func nttGS3d1x512(x, tw *int16, groups, d int, k *nttConsts)

//go:noescape
func nttCRTx512(c *int32, u1, u2 *int16, n int, k *crtConsts)

//go:noescape
func nttPointwise2x512(x0, x1, y0, y1 *int16, n int, k *nttConsts)

//go:noescape
func nttTranspose(x *int16, blocks int)

//go:noescape
func nttPointwise(x, y *int16, n int, k *nttConsts)

//go:noescape
func nttPointwise2(x0, x1, y0, y1 *int16, n int, k *nttConsts)

//go:noescape
func nttRadix3Inv(x *int16, rows int, k *nttConsts)

//go:noescape
func nttCRT(c *int32, u1, u2 *int16, n int, k *crtConsts)

//go:noescape
func nttExact(c *int32, u *int16, n int, k *nttConsts)

// shape returns the pass's number of groups, the distance of its last
// layer (the kernels' d) and the length of its twiddle table.
func (ps nttPass) shape() (groups, d, size int) {
	groups = nttRows / (2 * nttLayers[ps.first])
	return groups, nttLayers[ps.first+ps.n-1], groups * 32 * (1<<ps.n - 1)
}

// forward sets x to the transform of in (nttIn coefficients, zero from
// the operand's length on).
func (pr *nttPrime) forward(x *[nttN]int16, in *[nttIn]int16) {
	if useAVX512 {
		nttRadix3x512(&x[0], &in[0], nttRes, &pr.k)
	} else {
		nttRadix3(&x[0], &in[0], nttRes, &pr.k)
	}
	tw := pr.fwd
	for _, ps := range nttPasses {
		if ps.transpose {
			nttTranspose(&x[0], nttRows/16)
		}
		groups, d, size := ps.shape()
		sq := 0
		if ps.squeeze {
			sq = 1
		}
		wide := useAVX512 && (d%2 == 0 || d == 1 && groups%2 == 0)
		switch {
		case ps.n == 3 && wide && d == 1:
			nttCT3d1x512(&x[0], &tw[0], groups, d, &pr.k, sq)
		case ps.n == 3:
			nttCT3(&x[0], &tw[0], groups, d, &pr.k, sq)
		case wide && d == 1:
			nttCT2d1x512(&x[0], &tw[0], groups, d, &pr.k, sq)
		case wide:
			nttCT2x512(&x[0], &tw[0], groups, d, &pr.k, sq)
		default:
			nttCT2(&x[0], &tw[0], groups, d, &pr.k, sq)
		}
		tw = tw[size:]
	}
}

// inverse sets x to 2^16 times the inverse transform of x.
func (pr *nttPrime) inverse(x *[nttN]int16) {
	tw := pr.inv
	for i := len(nttPasses) - 1; i >= 0; i-- {
		ps := nttPasses[i]
		groups, d, size := ps.shape()
		wide := useAVX512 && (d%2 == 0 || d == 1 && groups%2 == 0)
		switch {
		case ps.n == 3 && wide && d == 1:
			nttGS3d1x512(&x[0], &tw[0], groups, d, &pr.k)
		case ps.n == 3:
			nttGS3(&x[0], &tw[0], groups, d, &pr.k)
		case wide && d == 1:
			nttGS2d1x512(&x[0], &tw[0], groups, d, &pr.k)
		case wide:
			nttGS2x512(&x[0], &tw[0], groups, d, &pr.k)
		default:
			nttGS2(&x[0], &tw[0], groups, d, &pr.k)
		}
		tw = tw[size:]
		if ps.transpose {
			nttTranspose(&x[0], nttRows/16)
		}
	}
	if useAVX512 {
		nttRadix3Invx512(&x[0], nttRes, &pr.k)
	} else {
		nttRadix3Inv(&x[0], nttRes, &pr.k)
	}
}

// pointwise sets x to the Montgomery products of the transforms x and y
// (nttPointwise).
func (pr *nttPrime) pointwise(x, y *[nttN]int16) {
	if useAVX512 {
		nttPointwisex512(&x[0], &y[0], nttRows, &pr.k)
	} else {
		nttPointwise(&x[0], &y[0], nttRows, &pr.k)
	}
}

// pointwise2 is pointwise for the products of two split operands
// (nttPointwise2).
func (pr *nttPrime) pointwise2(x0, x1, y0, y1 *[nttN]int16) {
	if useAVX512 {
		nttPointwise2x512(&x0[0], &x1[0], &y0[0], &y1[0], nttRows, &pr.k)
	} else {
		nttPointwise2(&x0[0], &x1[0], &y0[0], &y1[0], nttRows, &pr.k)
	}
}

// crt sets c[0:16n] from the products' rows u1 (mod 10753) and u2 (mod
// 7681) (nttCRT).
func crt(c []int32, u1, u2 *[nttN]int16, n int) {
	i := 0
	if useAVX512 && n >= 2 {
		i = n &^ 1
		nttCRTx512(&c[0], &u1[0], &u2[0], i, &nttCRTk)
	}
	if i < n {
		nttCRT(&c[16*i], &u1[16*i], &u2[16*i], n-i, &nttCRTk)
	}
}
