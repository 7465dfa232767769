package afskex

import "crucible.dev/registry/iccs"

// hashG computes G into out (2S bytes) with the parameter set's ICCS hash
// (§1, §2).
func (p *Params) hashG(out, in []byte) {
	switch p.g {
	case gSM3:
		h := iccs.SM3(in)
		copy(out, h[:])
	case gPseudoHash512:
		h := iccs.PseudoHash512(in)
		copy(out, h[:])
	default:
		h := iccs.PseudoHash1024(in)
		copy(out, h[:])
	}
}

// cpaKey is a CPA key pair in the NTT domain, Barrett-reduced.
type cpaKey struct {
	t, s polyVec // t̂ = A∘ŝ + ê and ŝ
}

// keyFromMatrix computes t̂ and ŝ from the matrix A and the noise seed σ
// (§4.5 steps 3–4): s_i from PRF(σ, i), e_i from PRF(σ, k+i).
func (p *Params) keyFromMatrix(key *cpaKey, a *[maxK]polyVec, sigma []byte) {
	n, k := p.n, p.k
	var e polyVec
	for i := 0; i < k; i++ {
		p.sampleNoise(key.s[i][:n], sigma, byte(i), p.etaS)
		p.sampleNoise(e[i][:n], sigma, byte(k+i), p.etaS)
	}
	for i := 0; i < k; i++ {
		ntt(key.s[i][:n])
		ntt(e[i][:n])
	}
	for i := 0; i < k; i++ {
		p.basemulAcc(key.t[i][:n], &a[i], &key.s)
		polyToMont(key.t[i][:n])
	}
	for i := 0; i < k; i++ {
		polyAdd(key.t[i][:n], key.t[i][:n], e[i][:n])
		polyReduce(key.t[i][:n])
	}
}

// encodeVec packs the first k polynomials of v with 12 bits per coefficient.
func (p *Params) encodeVec(b []byte, v *polyVec) {
	pb := p.polyBytes()
	for i := 0; i < p.k; i++ {
		encode12(b[i*pb:(i+1)*pb], v[i][:p.n])
	}
}

func (p *Params) decodeVec(v *polyVec, b []byte) {
	pb := p.polyBytes()
	for i := 0; i < p.k; i++ {
		decode12(v[i][:p.n], b[i*pb:(i+1)*pb])
	}
}

// cpaKeyGen is CPA.KeyGen(d) (§4.5): (ρ ‖ σ) = G(d ‖ k). It returns ρ's
// matrix in a so that a caller deriving more keys from ρ reuses it.
func (p *Params) cpaKeyGen(key *cpaKey, a *[maxK]polyVec, rho, d []byte) {
	var in [maxS + 1]byte
	var rs [2 * maxS]byte
	m := copy(in[:], d)
	in[m] = byte(p.k)
	p.hashG(rs[:2*p.s], in[:m+1])
	copy(rho, rs[:p.s])
	p.genMatrix(a, rho, false)
	p.keyFromMatrix(key, a, rs[p.s:2*p.s])
}

// cpaEnc is CPA.Enc(pk, m, coins) (§4.5), writing the ciphertext to ct.
func (p *Params) cpaEnc(ct, pk, m, coins []byte) {
	n, k := p.n, p.k
	var at [maxK]polyVec
	var t, r, u polyVec
	var v, e2, mp poly
	p.decodeVec(&t, pk)
	p.genMatrix(&at, pk[p.polyVecBytes():p.kemPKBytes()], true)
	for i := 0; i < k; i++ {
		p.sampleNoise(r[i][:n], coins, byte(i), p.etaR)
	}
	for i := 0; i < k; i++ {
		p.sampleNoise(u[i][:n], coins, byte(k+i), p.etaE1) // e1, added below
	}
	p.sampleNoise(e2[:n], coins, byte(2*k), p.etaE2)
	for i := 0; i < k; i++ {
		ntt(r[i][:n])
	}
	var acc poly
	for i := 0; i < k; i++ {
		p.basemulAcc(acc[:n], &at[i], &r)
		invNTT(acc[:n])
		polyAdd(u[i][:n], acc[:n], u[i][:n])
		polyReduce(u[i][:n])
	}
	p.basemulAcc(v[:n], &t, &r)
	invNTT(v[:n])
	p.encodeMessage(mp[:n], m)
	polyAdd(v[:n], v[:n], e2[:n])
	polyAdd(v[:n], v[:n], mp[:n])
	polyReduce(v[:n])

	ub := n * p.du / 8
	for i := 0; i < k; i++ {
		packCompressed(ct[i*ub:(i+1)*ub], u[i][:n], p.du)
	}
	packCompressed(ct[k*ub:p.ctBytes()], v[:n], p.dv)
}

// cpaDec is CPA.Dec(sk, ct) (§4.5), writing the S-byte message to m.
func (p *Params) cpaDec(m, sk, ct []byte) {
	n, k := p.n, p.k
	var u, s polyVec
	var v, w poly
	ub := n * p.du / 8
	for i := 0; i < k; i++ {
		unpackDecompressed(u[i][:n], ct[i*ub:(i+1)*ub], p.du)
		ntt(u[i][:n])
	}
	unpackDecompressed(v[:n], ct[k*ub:p.ctBytes()], p.dv)
	p.decodeVec(&s, sk)
	p.basemulAcc(w[:n], &s, &u)
	invNTT(w[:n])
	polySub(w[:n], v[:n], w[:n])
	polyReduce(w[:n])
	p.decodeMessage(m, w[:n])
}
