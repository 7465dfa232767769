package sntrup

// Arithmetic in Fq = Z/q, F3 = Z/3 and the rings Rq = Fq[x]/(x^p-x-1),
// R3 = F3[x]/(x^p-x-1) (spec §3.2). Fq elements are int16 in the symmetric
// range -(q-1)/2..(q-1)/2; F3 and small elements are int8 in {-1,0,1}.

// barrett returns x - q*round(x/q) up to a rounding slip: for |x| < 2^26 the
// result lies within q/2 + q/128 of zero, so it is a bounded representative
// (not the canonical one) that fits int16 for every q of the table.
func (ps *Params) barrett(x int32) int32 {
	t := int32((int64(x)*ps.qinv32 + 1<<31) >> 32)
	return x - t*int32(ps.Q)
}

// freeze returns the canonical representative of x mod q in
// -(q-1)/2..(q-1)/2, for |x| < 2^30, in constant time.
func (ps *Params) freeze(x int32) int16 {
	q := int32(ps.Q)
	x = ps.barrett(x)
	x -= q & ((ps.q12 - x) >> 31) // x > q12
	x += q & ((x + ps.q12) >> 31) // x < -q12
	return int16(x)
}

// f3Freeze returns the representative in {-1,0,1} of x mod 3, for
// |x| < 2^14 (the reference's (10923x+2^14)>>15 rounding of x/3).
func f3Freeze(x int32) int8 {
	return int8(x - 3*((10923*x+16384)>>15))
}

// fqRecip returns 1/a mod q as a^(q-2), q being prime; the exponent is
// public, so the ladder is constant-time in a.
func (ps *Params) fqRecip(a int32) int32 {
	r := int32(1)
	for e := ps.Q - 2; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = int32(ps.freeze(r * a))
		}
		a = int32(ps.freeze(a * a))
	}
	return r
}

// foldFq reduces a product of length 2p-1 modulo x^p - x - 1 (x^p = x + 1)
// and freezes it into out (length p).
func (ps *Params) foldFq(out []int16, c []int32) {
	if useAVX2 {
		ps.foldFqAVX2(out, c)
		return
	}
	ps.foldFqGeneric(out, c)
}

// foldFqGeneric is foldFq, portably.
func (ps *Params) foldFqGeneric(out []int16, c []int32) {
	p := ps.P
	out = out[:p]
	c = c[:2*p-1]
	out[0] = ps.freeze(c[0] + c[p])
	for i := 1; i < p-1; i++ {
		out[i] = ps.freeze(c[i] + c[i+p] + c[i+p-1])
	}
	out[p-1] = ps.freeze(c[p-1] + c[2*p-2])
}

// fold3 is foldFq for R3.
func (ps *Params) fold3(out []int8, c []int32) {
	if useAVX2 {
		ps.fold3AVX2(out, c)
		return
	}
	ps.fold3Generic(out, c)
}

// fold3Generic is fold3, portably.
func (ps *Params) fold3Generic(out []int8, c []int32) {
	p := ps.P
	out = out[:p]
	c = c[:2*p-1]
	out[0] = f3Freeze(c[0] + c[p])
	for i := 1; i < p-1; i++ {
		out[i] = f3Freeze(c[i] + c[i+p] + c[i+p-1])
	}
	out[p-1] = f3Freeze(c[p-1] + c[2*p-2])
}

// rqMulSmall returns a*b in Rq for a in Rq and b small.
func (ps *Params) rqMulSmall(out []int16, a []int16, b []int8) {
	if useAVX2 {
		ps.rqMulSmallAVX2(out, a, b)
		return
	}
	var c [2*maxP + 32]int32
	polyMul(c[:2*ps.P], a[:ps.P], b[:ps.P])
	ps.foldFq(out, c[:2*ps.P])
}

// r3Mul returns a*b in R3 for a, b small.
func (ps *Params) r3Mul(out []int8, a, b []int8) {
	if useAVX2 {
		ps.r3MulAVX2(out, a, b)
		return
	}
	var c [2*maxP + 32]int32
	var a16 [maxP]int16
	for i, x := range a[:ps.P] {
		a16[i] = int16(x)
	}
	polyMulGeneric(c[:2*ps.P], a16[:ps.P], b[:ps.P])
	ps.fold3(out, c[:2*ps.P])
}

// lift3 sets out to R3_fromRq(3*in) (spec §3.5 Decrypt: 3*f*c mod q,
// lifted to the integers and reduced mod 3) for canonical in.
func (ps *Params) lift3(out []int8, in []int16) {
	if useAVX2 {
		ps.lift3AVX2(out, in)
		return
	}
	ps.lift3Generic(out, in)
}

// lift3Generic is lift3, portably.
func (ps *Params) lift3Generic(out []int8, in []int16) {
	for i, x := range in[:ps.P] {
		out[i] = f3Freeze(int32(ps.freeze(3 * int32(x))))
	}
}

// round sets each coefficient to the nearest multiple of 3 (spec §3.2,
// Round), for canonical Fq input.
func round(out, a []int16) {
	start := 0
	if useAVX2 && len(a) >= 16 {
		start = len(a) / 16 * 16
		roundAVX2(&out[0], &a[0], len(a)/16)
	}
	for i := start; i < len(a); i++ {
		out[i] = int16(3 * ((10923*int32(a[i]) + 16384) >> 15))
	}
}

// affine16 sets out[i] = mul*in[i] + add, for results that fit int16: the
// shifts between the signed Fq range and the unsigned radix digits of the
// encodings (spec §3.4), and the scaling of rounded digits by 3.
func affine16(out []int16, in []uint16, mul, add int16) {
	start := 0
	if useAVX2 && len(in) >= 16 {
		start = len(in) / 16 * 16
		affine16AVX2(&out[0], &in[0], len(in)/16, mul, add)
	}
	for i := start; i < len(in); i++ {
		out[i] = mul*int16(in[i]) + add
	}
}

// roundedDigits sets out[i] = (c[i] + (q-1)/2)/3 for the multiples of 3
// that round leaves: the digits of the Rounded encoding (spec §3.4).
func (ps *Params) roundedDigits(out []uint16, c []int16) {
	start := 0
	if useAVX2 && len(c) >= 16 {
		start = len(c) / 16 * 16
		roundedDigitsAVX2(&out[0], &c[0], len(c)/16, int16(ps.q12))
	}
	for i := start; i < len(c); i++ {
		out[i] = uint16(((int32(c[i]) + ps.q12) * 10923) >> 15)
	}
}
