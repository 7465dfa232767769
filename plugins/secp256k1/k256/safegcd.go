package k256

import "math/bits"

// Modular inversion by Bernstein and Yang's "safegcd" ("Fast
// constant-time gcd computation and modular inversion", TCHES 2019):
// batches of divsteps run on the low 64 bits of f and g only, giving a 2×2
// transition matrix that then updates the full f, g and the Bézout
// coefficients d, e. invert runs a fixed 590 divsteps with masks, in
// constant time, for secrets; invertVar, for verification's public values,
// skips runs of zero bits at once and stops as soon as g is 0.

// signed62 is an integer Σ v[i]·2^(62·i), limbs 0..3 normally in
// [0, 2^62) and the top one signed.
type signed62 [5]int64

const mask62 = 1<<62 - 1

// modulus62 is an odd modulus M in signed62 form with M^-1 mod 2^62.
type modulus62 struct {
	m   signed62
	inv uint64
}

var (
	modP62 = newModulus62((*[4]uint64)(&fieldP))
	modN62 = newModulus62((*[4]uint64)(&scalarN))
)

func newModulus62(m *[4]uint64) modulus62 {
	// Newton's iteration for m^-1 mod 2^64, then its low 62 bits.
	inv := uint64(1)
	for i := 0; i < 6; i++ {
		inv *= 2 - m[0]*inv
	}
	return modulus62{m: toSigned62(m), inv: inv & mask62}
}

func toSigned62(a *[4]uint64) signed62 {
	return signed62{
		int64(a[0] & mask62),
		int64((a[0]>>62 | a[1]<<2) & mask62),
		int64((a[1]>>60 | a[2]<<4) & mask62),
		int64((a[2]>>58 | a[3]<<6) & mask62),
		int64(a[3] >> 56),
	}
}

// fromSigned62 converts a value in [0, 2^256) with limbs in [0, 2^62).
func fromSigned62(v *signed62) [4]uint64 {
	return [4]uint64{
		uint64(v[0]) | uint64(v[1])<<62,
		uint64(v[1])>>2 | uint64(v[2])<<60,
		uint64(v[2])>>4 | uint64(v[3])<<58,
		uint64(v[3])>>6 | uint64(v[4])<<56,
	}
}

// int128 is a signed 128-bit accumulator.
type int128 struct {
	hi int64
	lo uint64
}

// mulAdd adds x·y.
func (a *int128) mulAdd(x, y int64) {
	h, l := bits.Mul64(uint64(x), uint64(y))
	// Signed from unsigned: subtract 2^64·y if x < 0 and 2^64·x if y < 0.
	hi := int64(h) - (x>>63)&y - (y>>63)&x
	var c uint64
	a.lo, c = bits.Add64(a.lo, l, 0)
	a.hi += hi + int64(c)
}

// shift62 divides by 2^62, rounding toward minus infinity.
func (a *int128) shift62() {
	a.lo = a.lo>>62 | uint64(a.hi)<<2
	a.hi >>= 62
}

// transition is the matrix [u v; q r] of 62 divsteps, scaled by 2^62:
// (f, g) becomes ((u·f + v·g), (q·f + r·g)) / 2^62.
type transition struct{ u, v, q, r int64 }

// divsteps62Var runs 62 divsteps on the low bits of f and g (both odd f)
// with eta = -delta, and returns the new eta.
func divsteps62Var(eta int64, f, g uint64, t *transition) int64 {
	u, v, q, r := uint64(1), uint64(0), uint64(0), uint64(1)
	i := 62
	for {
		// Skip the zero low bits of g at once: each halves g and, to
		// keep the matrix scaled by 2^62, doubles f's row.
		zeros := bits.TrailingZeros64(g | ^uint64(0)<<uint(i))
		g >>= uint(zeros)
		u <<= uint(zeros)
		v <<= uint(zeros)
		eta -= int64(zeros)
		i -= zeros
		if i == 0 {
			break
		}
		// f and g are odd.
		var w, m uint64
		if eta < 0 {
			eta = -eta
			f, g = g, -f
			u, q = q, -u
			v, r = r, -v
			limit := min(int(eta)+1, i)
			// Cancel up to 6 bits of g with -g/f mod 64 (f(2 - f²) is 1/f
			// mod 64 for odd f).
			m = (^uint64(0) >> uint(64-limit)) & 63
			w = (f * g * (f*f - 2)) & m
		} else {
			// Up to 4 bits with 1/f mod 16 = f + ((f+1)&4)·2.
			limit := min(int(eta)+1, i)
			m = (^uint64(0) >> uint(64-limit)) & 15
			w = f + ((f+1)&4)<<1
			w = (-w * g) & m
		}
		g += f * w
		q += u * w
		r += v * w
	}
	*t = transition{int64(u), int64(v), int64(q), int64(r)}
	return eta
}

// updateDE sets (d, e) = t·(d, e) / 2^62 mod M, adding multiples of M to
// make the division exact; d and e stay in (-2M, M).
func updateDE(d, e *signed62, t *transition, mod *modulus62) {
	u, v, q, r := t.u, t.v, t.q, t.r
	sd, se := d[4]>>63, e[4]>>63
	md := (u & sd) + (v & se)
	me := (q & sd) + (r & se)
	var cd, ce int128
	cd.mulAdd(u, d[0])
	cd.mulAdd(v, e[0])
	ce.mulAdd(q, d[0])
	ce.mulAdd(r, e[0])
	// Choose md, me so that the low 62 bits of t·(d, e) + M·(md, me) are 0.
	md -= int64((mod.inv*cd.lo + uint64(md)) & mask62)
	me -= int64((mod.inv*ce.lo + uint64(me)) & mask62)
	cd.mulAdd(mod.m[0], md)
	ce.mulAdd(mod.m[0], me)
	cd.shift62()
	ce.shift62()
	for i := 1; i < 5; i++ {
		cd.mulAdd(u, d[i])
		cd.mulAdd(v, e[i])
		cd.mulAdd(mod.m[i], md)
		ce.mulAdd(q, d[i])
		ce.mulAdd(r, e[i])
		ce.mulAdd(mod.m[i], me)
		d[i-1] = int64(cd.lo & mask62)
		e[i-1] = int64(ce.lo & mask62)
		cd.shift62()
		ce.shift62()
	}
	d[4], e[4] = int64(cd.lo), int64(ce.lo)
}

// updateFG sets (f, g) = t·(f, g) / 2^62, which is exact.
func updateFG(f, g *signed62, t *transition) {
	var cf, cg int128
	cf.mulAdd(t.u, f[0])
	cf.mulAdd(t.v, g[0])
	cg.mulAdd(t.q, f[0])
	cg.mulAdd(t.r, g[0])
	cf.shift62()
	cg.shift62()
	for i := 1; i < 5; i++ {
		cf.mulAdd(t.u, f[i])
		cf.mulAdd(t.v, g[i])
		cg.mulAdd(t.q, f[i])
		cg.mulAdd(t.r, g[i])
		f[i-1] = int64(cf.lo & mask62)
		g[i-1] = int64(cg.lo & mask62)
		cf.shift62()
		cg.shift62()
	}
	f[4], g[4] = int64(cf.lo), int64(cg.lo)
}

// normalize62 brings d from (-2M, M) into [0, M), negated if sign < 0.
func normalize62(d *signed62, sign int64, mod *modulus62) {
	add := d[4] >> 63
	for i := range d {
		d[i] += mod.m[i] & add
	}
	neg := sign >> 63
	for i := range d {
		d[i] = (d[i] ^ neg) - neg
	}
	carry62(d)
	add = d[4] >> 63
	for i := range d {
		d[i] += mod.m[i] & add
	}
	carry62(d)
}

// carry62 brings limbs 0..3 back into [0, 2^62).
func carry62(d *signed62) {
	for i := 0; i < 4; i++ {
		d[i+1] += d[i] >> 62
		d[i] &= mask62
	}
}

// invertVar returns 1/x mod M for x in [1, M), in variable time.
func invertVar(x *[4]uint64, mod *modulus62) [4]uint64 {
	d, e := signed62{}, signed62{1}
	f, g := mod.m, toSigned62(x)
	eta := int64(-1)
	for {
		var t transition
		eta = divsteps62Var(eta, uint64(f[0]), uint64(g[0]), &t)
		updateDE(&d, &e, &t, mod)
		updateFG(&f, &g, &t)
		if g == (signed62{}) {
			break
		}
	}
	// f is now ±1, and d·x ≡ f.
	normalize62(&d, f[4], mod)
	return fromSigned62(&d)
}

// feInvertVar sets z = 1/x mod p for public x ≠ 0.
func feInvertVar(z, x *fieldElement) {
	t := *x
	t.normalize()
	*z = invertVar((*[4]uint64)(&t), &modP62)
}

// scInvertVar sets z = 1/x mod n for public x ≠ 0.
func scInvertVar(z, x *scalar) {
	*z = invertVar((*[4]uint64)(x), &modN62)
}

// divsteps59 runs 59 divsteps on the low bits of f and g in constant
// time, with zeta = -(delta + 1/2), and returns the new zeta. The matrix
// starts at 8 = 2^3 so that it ends scaled by 2^62 like divsteps62Var's.
func divsteps59(zeta int64, f, g uint64, t *transition) int64 {
	u, v, q, r := uint64(8), uint64(0), uint64(0), uint64(8)
	for i := 3; i < 62; i++ {
		// Masks for zeta < 0 and for g odd.
		m1 := uint64(zeta >> 63)
		m2 := -(g & 1)
		// g, q, r += (-1)^(zeta<0)·(f, u, v) if g is odd.
		x := (f ^ m1) - m1
		y := (u ^ m1) - m1
		z := (v ^ m1) - m1
		g += x & m2
		q += y & m2
		r += z & m2
		// If both held, the step was a swap: f, u, v gain the new g, q, r
		// (making them the old g, q, r) and zeta becomes -zeta - 2;
		// otherwise zeta - 1.
		m1 &= m2
		zeta = (zeta ^ int64(m1)) - 1
		f += g & m1
		u += q & m1
		v += r & m1
		g >>= 1
		u <<= 1
		v <<= 1
	}
	*t = transition{int64(u), int64(v), int64(q), int64(r)}
	return zeta
}

// invert returns 1/x mod M for x in [0, M) (0 for 0) in constant time:
// ten batches of 59 divsteps, 590 in all, the bound for 256-bit inputs
// (Bernstein–Yang, with the bound of Wuille's safegcd-bounds analysis).
func invert(x *[4]uint64, mod *modulus62) [4]uint64 {
	d, e := signed62{}, signed62{1}
	f, g := mod.m, toSigned62(x)
	zeta := int64(-1)
	for i := 0; i < 10; i++ {
		var t transition
		zeta = divsteps59(zeta, uint64(f[0]), uint64(g[0]), &t)
		updateDE(&d, &e, &t, mod)
		updateFG(&f, &g, &t)
	}
	normalize62(&d, f[4], mod)
	return fromSigned62(&d)
}
