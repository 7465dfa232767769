package k256

import (
	"crypto/sha256"
	"errors"

	"crucible.dev/registry"
)

// Errors reported by signing and verification.
var (
	ErrSecretKey = errors.New("secret key is not in [1, n-1]")
	ErrSignature = errors.New("signature is invalid")
	errRange     = errors.New("signature r or s is not in [1, n-1]")
	errHighS     = errors.New("signature s is above n/2")
)

// secretScalar decodes a secret key and returns 1 if it is in [1, n-1].
func secretScalar(d *scalar, sk *[32]byte) int {
	over := d.setBytes(sk)
	return public((1 - over) & (1 - d.isZero()))
}

// public declares a verdict computed from secrets, 0 or 1, public by
// design before the caller branches on it: whether a secret key or a
// nonce candidate is in range decides only an error or another try, which
// leave the implementation anyway (registry.Declassify; free outside a
// taint build).
func public(v int) int {
	b := []byte{byte(v)}
	registry.Declassify(b)
	return int(b[0])
}

// publicPoint returns d and d·G for the secret key sk, in time
// independent of sk.
func publicPoint(d *scalar, sk *[32]byte) (affinePoint, error) {
	if secretScalar(d, sk) != 1 {
		return affinePoint{}, ErrSecretKey
	}
	var p point
	baseMul(&p, d)
	a, _ := p.toAffine()
	return a, nil
}

// PublicKey writes the SEC 1 compressed public key d·G of the secret key
// sk, in time independent of sk.
func PublicKey(pk *[33]byte, sk *[32]byte) error {
	var d scalar
	a, err := publicPoint(&d, sk)
	if err != nil {
		return err
	}
	a.putCompressed(pk)
	return nil
}

// hmacSHA256 is HMAC-SHA256 (RFC 2104) with a 32-byte key over a message
// of at most 129 bytes, the longest RFC 6979 hashes here, on stack buffers.
func hmacSHA256(key *[32]byte, msg []byte) [32]byte {
	var in [64 + 129]byte
	var out [64 + 32]byte
	for i := 0; i < 64; i++ {
		var k byte
		if i < 32 {
			k = key[i]
		}
		in[i], out[i] = k^0x36, k^0x5c
	}
	n := copy(in[64:], msg)
	inner := sha256.Sum256(in[:64+n])
	copy(out[64:], inner[:])
	return sha256.Sum256(out[:])
}

// rfc6979 is the HMAC_DRBG of RFC 6979 §3.2 with SHA-256 over secp256k1,
// where qlen = hlen = 256 so that bits2int is a plain decoding.
type rfc6979 struct{ k, v [32]byte }

// init runs steps b to f: V = 0x01…, K = 0x00…, then two updates with
// int2octets(x) ‖ bits2octets(h1), and the additional data k' of §3.6.
func (g *rfc6979) init(sk, hash *[32]byte, extra []byte) {
	var h scalar
	h.setBytes(hash) // bits2octets: h1 mod n
	var buf [32 + 1 + 32 + 32 + 32]byte
	for i := range g.v {
		g.v[i], g.k[i] = 1, 0
	}
	copy(buf[33:], sk[:])
	h.putBytes((*[32]byte)(buf[65:97]))
	n := 97 + copy(buf[97:], extra)
	for _, sep := range []byte{0, 1} {
		copy(buf[:32], g.v[:])
		buf[32] = sep
		g.k = hmacSHA256(&g.k, buf[:n])
		g.v = hmacSHA256(&g.k, g.v[:])
	}
}

// next runs step h: the next candidate k in [1, n-1], updating K and V
// after a candidate out of range as step h.3 says.
func (g *rfc6979) next(k *scalar) {
	for {
		g.v = hmacSHA256(&g.k, g.v[:])
		over := k.setBytes(&g.v)
		if public((1-over)&(1-k.isZero())) == 1 {
			return
		}
		g.retry()
	}
}

// retry is step h.3's K = HMAC_K(V ‖ 0x00), V = HMAC_K(V).
func (g *rfc6979) retry() {
	var buf [33]byte
	copy(buf[:], g.v[:])
	g.k = hmacSHA256(&g.k, buf[:])
	g.v = hmacSHA256(&g.k, g.v[:])
}

// SignECDSA writes the signature r ‖ s of the 32-byte digest hash (SEC 1
// §4.1.3) with the RFC 6979 nonce, extra (nil or 32 bytes) as its
// additional data, and s normalised to at most n/2. It runs in time
// independent of sk and of the nonce.
func SignECDSA(sig *[64]byte, sk, hash *[32]byte, extra []byte) error {
	var d, e scalar
	if secretScalar(&d, sk) != 1 {
		return ErrSecretKey
	}
	e.setBytes(hash)
	var g rfc6979
	g.init(sk, hash, extra)
	for first := true; ; first = false {
		if !first {
			g.retry()
		}
		var k scalar
		g.next(&k)
		var p point
		baseMul(&p, &k)
		a, _ := p.toAffine()
		var xb [32]byte
		a.x.putBytes(&xb)
		var r, s, kinv scalar
		r.setBytes(&xb) // x mod n
		// r and s are the signature: their being zero (another try) is
		// public by design.
		if public(r.isZero()) == 1 {
			continue
		}
		scInvert(&kinv, &k)
		scMul(&s, &r, &d)
		scAdd(&s, &s, &e)
		scMul(&s, &s, &kinv)
		if public(s.isZero()) == 1 {
			continue
		}
		scCondNeg(&s, &s, s.isHigh())
		r.putBytes((*[32]byte)(sig[:32]))
		s.putBytes((*[32]byte)(sig[32:]))
		return nil
	}
}

// VerifyECDSA checks the signature r ‖ s on the 32-byte digest hash
// under the SEC 1 encoded public key pk (SEC 1 §4.1.4): r and s must be in
// [1, n-1], and with lowS s must be at most n/2. Variable time.
func VerifyECDSA(pk []byte, hash *[32]byte, sig *[64]byte, lowS bool) error {
	var q affinePoint
	if err := parsePoint(&q, pk); err != nil {
		return err
	}
	var r, s, e scalar
	if r.setBytes((*[32]byte)(sig[:32])) != 0 || s.setBytes((*[32]byte)(sig[32:])) != 0 ||
		r.isZero() == 1 || s.isZero() == 1 {
		return errRange
	}
	if lowS && s.isHigh() == 1 {
		return errHighS
	}
	e.setBytes(hash)
	var w, u1, u2 scalar
	scInvertVar(&w, &s)
	scMul(&u1, &e, &w)
	scMul(&u2, &r, &w)
	p := doubleMulVar(&u1, &u2, &q)
	if p.isIdentityVar() {
		return ErrSignature
	}
	if !xMatches(&p, &r) {
		return ErrSignature
	}
	return nil
}

// pMinusN is p - n: an x coordinate x with x mod n = r can also be r + n
// when r < p - n.
var pMinusN = scalar{0x402DA1722FC9BAEE, 0x4551231950B75FC4, 1, 0}

// xMatches reports whether x(p) mod n = r, comparing X with r·Z² (and
// (r + n)·Z²) so as not to invert Z.
func xMatches(p *jacobianPoint, r *scalar) bool {
	rf := fieldElement(*r)
	var t, zz fieldElement
	feSqr(&zz, &p.z)
	feMul(&t, &rf, &zz)
	if t.equal(&p.x) == 1 {
		return true
	}
	if !lessThan(r, &pMinusN) {
		return false
	}
	feAdd(&rf, &rf, (*fieldElement)(&scalarN))
	feMul(&t, &rf, &zz)
	return t.equal(&p.x) == 1
}

// lessThan reports whether a < b, in variable time.
func lessThan(a, b *scalar) bool {
	for i := 3; i >= 0; i-- {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}
