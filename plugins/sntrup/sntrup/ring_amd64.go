//go:build !purego

package sntrup

//go:noescape
func foldFreezeAVX2(out *int16, lo, hi *int32, n int, k *freezeConsts)

// freezeConsts are foldFreezeAVX2's scalars.
type freezeConsts struct {
	qinv   float32 // 1/q
	q, q12 int32
}

// foldFqAVX2 is foldFq with the middle coefficients in foldFreezeAVX2.
func (ps *Params) foldFqAVX2(out []int16, c []int32) {
	p := ps.P
	out = out[:p]
	c = c[:2*p-1]
	k := freezeConsts{qinv: 1 / float32(ps.Q), q: int32(ps.Q), q12: ps.q12}
	out[0] = ps.freeze(c[0] + c[p])
	nv := (p - 2) / 16
	if nv > 0 {
		foldFreezeAVX2(&out[1], &c[1], &c[p+1], nv, &k)
	}
	for i := 1 + 16*nv; i < p-1; i++ {
		out[i] = ps.freeze(c[i] + c[i+p] + c[i+p-1])
	}
	out[p-1] = ps.freeze(c[p-1] + c[2*p-2])
}

//go:noescape
func fold3AVX2(out *int8, lo, hi *int32, n int)

//go:noescape
func lift3AVX2(out *int8, in *int16, n int, q int16)

// fold3AVX2 is fold3 with the middle coefficients in fold3AVX2.
func (ps *Params) fold3AVX2(out []int8, c []int32) {
	p := ps.P
	out = out[:p]
	c = c[:2*p-1]
	out[0] = f3Freeze(c[0] + c[p])
	nv := (p - 2) / 32
	if nv > 0 {
		fold3AVX2(&out[1], &c[1], &c[p+1], nv)
	}
	for i := 1 + 32*nv; i < p-1; i++ {
		out[i] = f3Freeze(c[i] + c[i+p] + c[i+p-1])
	}
	out[p-1] = f3Freeze(c[p-1] + c[2*p-2])
}

// lift3AVX2 is lift3 with all but the last p mod 32 coefficients in
// lift3AVX2.
func (ps *Params) lift3AVX2(out []int8, in []int16) {
	p := ps.P
	nv := p / 32
	if nv > 0 {
		lift3AVX2(&out[0], &in[0], nv, int16(ps.Q))
	}
	for i := 32 * nv; i < p; i++ {
		out[i] = f3Freeze(int32(ps.freeze(3 * int32(in[i]))))
	}
}

//go:noescape
func roundAVX2(out, in *int16, n int)

//go:noescape
func affine16AVX2(out *int16, in *uint16, n int, mul, add int16)

//go:noescape
func roundedDigitsAVX2(out *uint16, in *int16, n int, q12 int16)
