package mldsa

import (
	"fmt"

	"github.com/cloudflare/circl/sign"
	"github.com/cloudflare/circl/sign/mldsa/mldsa44"
	"github.com/cloudflare/circl/sign/mldsa/mldsa65"
	"github.com/cloudflare/circl/sign/mldsa/mldsa87"
)

// circlSet is what circl exposes of one parameter set: the generic scheme
// (deterministic signing, parsing) and the package's SignTo, the only call
// that hedges (with rnd from crypto/rand).
type circlSet struct {
	scheme sign.Scheme
	signTo func(sk sign.PrivateKey, msg, ctx []byte, randomized bool, sig []byte) error
}

var circlSets = map[string]circlSet{
	"ML-DSA-44": {mldsa44.Scheme(), func(sk sign.PrivateKey, msg, ctx []byte, r bool, sig []byte) error {
		return mldsa44.SignTo(sk.(*mldsa44.PrivateKey), msg, ctx, r, sig)
	}},
	"ML-DSA-65": {mldsa65.Scheme(), func(sk sign.PrivateKey, msg, ctx []byte, r bool, sig []byte) error {
		return mldsa65.SignTo(sk.(*mldsa65.PrivateKey), msg, ctx, r, sig)
	}},
	"ML-DSA-87": {mldsa87.Scheme(), func(sk sign.PrivateKey, msg, ctx []byte, r bool, sig []byte) error {
		return mldsa87.SignTo(sk.(*mldsa87.PrivateKey), msg, ctx, r, sig)
	}},
}

// circlVerify is the package-level Verify of each set, which takes the
// context as bytes.
var circlVerify = map[string]func(pk sign.PublicKey, msg, ctx, sig []byte) bool{
	"ML-DSA-44": func(pk sign.PublicKey, msg, ctx, sig []byte) bool {
		return mldsa44.Verify(pk.(*mldsa44.PublicKey), msg, ctx, sig)
	},
	"ML-DSA-65": func(pk sign.PublicKey, msg, ctx, sig []byte) bool {
		return mldsa65.Verify(pk.(*mldsa65.PublicKey), msg, ctx, sig)
	},
	"ML-DSA-87": func(pk sign.PublicKey, msg, ctx, sig []byte) bool {
		return mldsa87.Verify(pk.(*mldsa87.PublicKey), msg, ctx, sig)
	},
}

// newCIRCL adapts circl's sign/mldsa. Its private keys are the skEncode
// form (it also derives one from a 32-byte seed); its hedged signing draws
// rnd from crypto/rand.
func newCIRCL(p *Params) *backend {
	set, verify := circlSets[p.Name], circlVerify[p.Name]
	key := func(sk []byte) (sign.PrivateKey, error) {
		if len(sk) == set.scheme.SeedSize() {
			_, k := set.scheme.DeriveKey(sk)
			return k, nil
		}
		return set.scheme.UnmarshalBinaryPrivateKey(sk)
	}
	return &backend{
		impl:    "circl",
		pkSize:  set.scheme.PublicKeySize(),
		skSize:  set.scheme.PrivateKeySize(),
		sigSize: set.scheme.SignatureSize(),
		features: Features{
			SeedKey:      true,
			ExpandedKey:  true,
			EmptyMessage: true,
		},
		keyGen: func(xi []byte) (pk, sk []byte, err error) {
			pub, priv := set.scheme.DeriveKey(xi)
			if pk, err = pub.MarshalBinary(); err != nil {
				return nil, nil, err
			}
			if sk, err = priv.MarshalBinary(); err != nil {
				return nil, nil, err
			}
			return pk, sk, nil
		},
		sign: func(sk, msg, ctx, rnd []byte) ([]byte, error) {
			k, err := key(sk)
			if err != nil {
				return nil, err
			}
			if rnd != nil && !isZero(rnd) {
				return nil, errExplicitRnd
			}
			sig := make([]byte, set.scheme.SignatureSize())
			if err := set.signTo(k, msg, ctx, rnd == nil, sig); err != nil {
				return nil, err
			}
			return sig, nil
		},
		verify: func(pk, msg, sig, ctx []byte) (bool, error) {
			pub, err := set.scheme.UnmarshalBinaryPublicKey(pk)
			if err != nil {
				return false, fmt.Errorf("public key: %w", err)
			}
			return verify(pub, msg, ctx, sig), nil
		},
	}
}
