package mldsa

import (
	"bytes"
	"crypto"
	"crypto/rand"
	"fmt"
	"io"

	gmsm "github.com/emmansun/gmsm/mldsa"
)

// gmsmPrivate and gmsmPublic are the methods gmsm's per-set key types share.
type gmsmPrivate interface {
	Bytes() []byte
	Public() crypto.PublicKey
	SignMessage(rand io.Reader, msg []byte, opts crypto.SignerOpts) ([]byte, error)
}

type gmsmPublic interface {
	Bytes() []byte
	VerifyWithOptions(sig, msg []byte, opts crypto.SignerOpts) bool
}

// gmsmSet is what gmsm exposes of one parameter set.
type gmsmSet struct {
	pkSize    int
	skSize    int
	fromSeed  func(xi []byte) (gmsmPrivate, error)
	parseSK   func(b []byte) (gmsmPrivate, error)
	parsePK   func(b []byte) (gmsmPublic, error)
	publicKey func(sk gmsmPrivate) gmsmPublic
}

var gmsmSets = map[string]gmsmSet{
	"ML-DSA-44": {
		pkSize:    gmsm.PublicKeySize44,
		skSize:    gmsm.PrivateKeySize44,
		fromSeed:  func(xi []byte) (gmsmPrivate, error) { return gmsm.NewKey44(xi) },
		parseSK:   func(b []byte) (gmsmPrivate, error) { return gmsm.NewPrivateKey44(b) },
		parsePK:   func(b []byte) (gmsmPublic, error) { return gmsm.NewPublicKey44(b) },
		publicKey: func(sk gmsmPrivate) gmsmPublic { return sk.Public().(*gmsm.PublicKey44) },
	},
	"ML-DSA-65": {
		pkSize:    gmsm.PublicKeySize65,
		skSize:    gmsm.PrivateKeySize65,
		fromSeed:  func(xi []byte) (gmsmPrivate, error) { return gmsm.NewKey65(xi) },
		parseSK:   func(b []byte) (gmsmPrivate, error) { return gmsm.NewPrivateKey65(b) },
		parsePK:   func(b []byte) (gmsmPublic, error) { return gmsm.NewPublicKey65(b) },
		publicKey: func(sk gmsmPrivate) gmsmPublic { return sk.Public().(*gmsm.PublicKey65) },
	},
	"ML-DSA-87": {
		pkSize:    gmsm.PublicKeySize87,
		skSize:    gmsm.PrivateKeySize87,
		fromSeed:  func(xi []byte) (gmsmPrivate, error) { return gmsm.NewKey87(xi) },
		parseSK:   func(b []byte) (gmsmPrivate, error) { return gmsm.NewPrivateKey87(b) },
		parsePK:   func(b []byte) (gmsmPublic, error) { return gmsm.NewPublicKey87(b) },
		publicKey: func(sk gmsmPrivate) gmsmPublic { return sk.Public().(*gmsm.PublicKey87) },
	},
}

// newGMSM adapts gmsm's mldsa. Its private keys are the skEncode form (it
// also derives one from a 32-byte seed), and its signing reads rnd from the
// reader it is given, so hedged signing takes explicit randomness. It
// refuses the empty message, which FIPS 204 allows.
func newGMSM(p *Params) *backend {
	set := gmsmSets[p.Name]
	key := func(sk []byte) (gmsmPrivate, error) {
		if len(sk) == SeedSize {
			return set.fromSeed(sk)
		}
		return set.parseSK(sk)
	}
	return &backend{
		impl:   "gmsm",
		pkSize: set.pkSize,
		skSize: set.skSize,
		// gmsm exports no signature-size constant: FIPS 204's (Table 2).
		sigSize: p.SignatureSize,
		features: Features{
			ExplicitRnd: true,
			SeedKey:     true,
			ExpandedKey: true,
		},
		keyGen: func(xi []byte) (pk, sk []byte, err error) {
			k, err := set.fromSeed(xi)
			if err != nil {
				return nil, nil, err
			}
			return set.publicKey(k).Bytes(), k.Bytes(), nil
		},
		sign: func(sk, msg, ctx, rnd []byte) ([]byte, error) {
			k, err := key(sk)
			if err != nil {
				return nil, err
			}
			var r io.Reader = rand.Reader
			if rnd != nil {
				r = bytes.NewReader(rnd)
			}
			return k.SignMessage(r, msg, &gmsm.Options{Context: ctx})
		},
		verify: func(pk, msg, sig, ctx []byte) (bool, error) {
			pub, err := set.parsePK(pk)
			if err != nil {
				return false, fmt.Errorf("public key: %w", err)
			}
			return pub.VerifyWithOptions(sig, msg, &gmsm.Options{Context: ctx}), nil
		},
	}
}
