package amoeba

import "sync"

// The CPA-secure layer of cpapke.c (spec §8).

// CBD labels of the secret and error polynomials (spec §5.2).
const (
	labelS  = 0x00
	labelE  = 0x01
	labelR  = 0x02
	labelE1 = 0x04
	labelE2 = 0x08
)

// workspace holds the polynomials of one operation, sized for the largest
// set, so an operation allocates nothing for its arithmetic.
type workspace struct {
	a, x, y, z, w [maxK * n]int16
	cbdBuf        [maxK * n * 3 / 8]byte
	code          [eccN]byte
}

var workspaces = sync.Pool{New: func() any { return new(workspace) }}

// keyGenCPA derives (sk_cpa, pk) from a 64-byte coin (spec §8.1) and writes
// them into skCPA and pk.
func (p *Params) keyGenCPA(skCPA, pk, coin []byte, ws *workspace) {
	kn, k := p.kn(), p.K
	var state [seedLen + 1]byte
	copy(state[:], coin[:seedLen])
	rho := pk[:seedLen]
	xof(rho, state[:])
	state[seedLen]++
	var sigma [seedLen]byte
	xof(sigma[:], state[:])

	a, s, sHat, e, t := ws.a[:kn], ws.x[:kn], ws.y[:kn], ws.z[:kn], ws.w[:kn]
	parse(a, rho)
	cbd(s, p.Eta1, sigma[:], labelS, ws.cbdBuf[:])
	cbd(e, p.Eta2, sigma[:], labelE, ws.cbdBuf[:])

	// b = Inv(Â ∘ Fwd(s)) + e. The product uses the unreduced Fwd(s);
	// the secret key stores its reduction.
	forwardNussbaumer(sHat, s, k)
	polyMul(t, a, sHat, k)
	polyMod(sHat, sHat)
	packCompressed(skCPA, sHat, skBits)
	inverseNussbaumer(s, t, k)
	polyAdd(s, s, e)
	polyMod(s, s)
	packCompressed(pk[seedLen:], s, p.D0)
}

// encryptCPA encrypts the 64-byte msg under pk with the 64-byte coin (spec
// §8.2) and writes the CPA ciphertext into ct.
func (p *Params) encryptCPA(ct, pk, msg, coin []byte, ws *workspace) {
	kn, k := p.kn(), p.K
	encodeECC(&ws.code, msg)

	a, b, r, rHat, bHat := ws.a[:kn], ws.x[:kn], ws.y[:kn], ws.z[:kn], ws.w[:kn]
	unpackDecompressed(b, pk[seedLen:], p.D0)
	parse(a, pk[:seedLen])
	cbd(r, p.Eta1, coin, labelR, ws.cbdBuf[:])
	forwardNussbaumer(rHat, r, k)
	forwardNussbaumer(bHat, b, k)

	// u = Inv(r̂ ∘ Â) + e1.
	polyMul(b, rHat, a, k)
	inverseNussbaumer(a, b, k)
	cbd(r, p.Eta2, coin, labelE1, ws.cbdBuf[:])
	polyAdd(a, a, r)
	polyMod(a, a)
	packCompressed(ct[:p.uSize()], a, p.D1)

	// v = Inv(r̂ ∘ b̂) + e2 + ⌊q/2⌋·c; only its first 523 coefficients
	// are sent.
	polyMul(b, rHat, bHat, k)
	inverseNussbaumer(a, b, k)
	cbd(r, p.Eta2, coin, labelE2, ws.cbdBuf[:])
	v := a[:eccN]
	for i := range v {
		v[i] += r[i] + half*int16(ws.code[i])
	}
	polyMod(v, v)
	packCompressed(ct[p.uSize():p.CiphertextSize()], v, p.D2)
}

// decryptCPA recovers the message of ct under sk_cpa (spec §8.3) into msg.
// It returns 1, or 0 when the code cannot correct the errors (the
// reference's decode status 2).
func (p *Params) decryptCPA(msg, skCPA, ct []byte, ws *workspace) int {
	kn, k := p.kn(), p.K
	sHat, u, uHat, w, v := ws.a[:kn], ws.x[:kn], ws.y[:kn], ws.z[:kn], ws.w[:eccN]
	unpackDecompressed(sHat, skCPA, skBits)
	unpackDecompressed(u, ct[:p.uSize()], p.D1)
	unpackDecompressed(v, ct[p.uSize():], p.D2)

	forwardNussbaumer(uHat, u, k)
	polyMul(u, uHat, sHat, k)
	inverseNussbaumer(w, u, k)
	for i := range v {
		x := v[i] - w[i]
		x = int16(int32(x) % q)
		x += (x >> 15) & q
		ws.code[i] = byte(((int32(x)<<1 + half) / q) & 1)
	}
	return decodeECC(msg, &ws.code)
}
