package mldsa

import (
	"fmt"

	filippo "filippo.io/mldsa"
	"filippo.io/mldsa/mldsacrypto"
)

// filippoParams maps a parameter set to filippo.io/mldsa's.
var filippoParams = map[string]func() filippo.Parameters{
	"ML-DSA-44": filippo.MLDSA44,
	"ML-DSA-65": filippo.MLDSA65,
	"ML-DSA-87": filippo.MLDSA87,
}

// newFilippo adapts filippo.io/mldsa. Its private keys are the 32-byte
// seed only (the expanded form is never exposed), and its hedged signing
// draws rnd from crypto/rand, ignoring the reader it is given.
func newFilippo(p *Params) *backend {
	params := filippoParams[p.Name]()
	key := func(sk []byte) (*filippo.PrivateKey, error) {
		if len(sk) != filippo.PrivateKeySize {
			return nil, fmt.Errorf("secret key is %d bytes; filippo.io/mldsa takes only the %d-byte seed", len(sk), filippo.PrivateKeySize)
		}
		return filippo.NewPrivateKey(params, sk)
	}
	return &backend{
		impl:    "filippo",
		pkSize:  params.PublicKeySize(),
		skSize:  filippo.PrivateKeySize,
		sigSize: params.SignatureSize(),
		features: Features{
			SeedKey:      true,
			EmptyMessage: true,
			SignMu:       true,
		},
		keyGen: func(xi []byte) (pk, sk []byte, err error) {
			k, err := filippo.NewPrivateKey(params, xi)
			if err != nil {
				return nil, nil, err
			}
			return k.PublicKey().Bytes(), k.Bytes(), nil
		},
		sign: func(sk, msg, ctx, rnd []byte) ([]byte, error) {
			k, err := key(sk)
			if err != nil {
				return nil, err
			}
			opts := &filippo.Options{Context: string(ctx)}
			switch {
			case rnd == nil:
				return k.Sign(nil, msg, opts)
			case isZero(rnd):
				return k.SignDeterministic(msg, opts)
			}
			return nil, errExplicitRnd
		},
		verify: func(pk, msg, sig, ctx []byte) (bool, error) {
			pub, err := filippo.NewPublicKey(params, pk)
			if err != nil {
				return false, err
			}
			// Verify reports a bad signature and an over-long context
			// alike, both as an invalid signature.
			return filippo.Verify(pub, msg, sig, &filippo.Options{Context: string(ctx)}) == nil, nil
		},
		signMu: func(sk, mu, rnd []byte) ([]byte, error) {
			k, err := key(sk)
			if err != nil {
				return nil, err
			}
			switch {
			case rnd == nil:
				return k.Sign(nil, mu, mldsacrypto.MLDSAMu)
			case isZero(rnd):
				return k.SignDeterministic(mu, mldsacrypto.MLDSAMu)
			}
			return nil, errExplicitRnd
		},
	}
}
