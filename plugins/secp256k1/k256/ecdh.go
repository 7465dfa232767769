package k256

import "crypto/sha256"

// ECDH writes the secret shared with the SEC 1 encoded public key peer
// (SEC 1 §3.3.1): with raw the x coordinate of sk·peer, otherwise
// SHA-256 of its compressed encoding (libsecp256k1's default). It runs in
// time independent of sk.
func ECDH(out *[32]byte, sk *[32]byte, peer []byte, raw bool) error {
	var d scalar
	if secretScalar(&d, sk) != 1 {
		return ErrSecretKey
	}
	var q affinePoint
	if err := parsePoint(&q, peer); err != nil {
		return err
	}
	// The group has prime order and d ≠ 0, so d·q is never the identity.
	var p point
	scalarMul(&p, &d, &q)
	a, _ := p.toAffine()
	if raw {
		a.x.putBytes(out)
		return nil
	}
	var c [33]byte
	a.putCompressed(&c)
	*out = sha256.Sum256(c[:])
	return nil
}
