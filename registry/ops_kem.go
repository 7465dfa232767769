package registry

import (
	"fmt"
	"io"
)

func kemOps(k KEM) []Op {
	setup := func(r io.Reader) (pk, sk, ct []byte, err error) {
		if pk, sk, err = k.GenerateKey(r); err != nil {
			return nil, nil, nil, fmt.Errorf("keygen: %w", err)
		}
		if ct, _, err = k.Encapsulate(r, pk); err != nil {
			return nil, nil, nil, fmt.Errorf("encaps: %w", err)
		}
		return pk, sk, ct, nil
	}
	// Decapsulation cycles through BenchPool ciphertexts under one key
	// pair, and checks the key it returns against the encapsulated one.
	type decapsIn struct{ ct, ss []byte }
	decaps := func(invalid bool) func(io.Reader, BenchParams) (func() error, error) {
		return func(r io.Reader, p BenchParams) (func() error, error) {
			pk, sk, err := k.GenerateKey(r)
			if err != nil {
				return nil, fmt.Errorf("keygen: %w", err)
			}
			return pooled(p, func() (decapsIn, error) {
				ct, ss, err := k.Encapsulate(r, pk)
				if err != nil {
					return decapsIn{}, fmt.Errorf("encaps: %w", err)
				}
				if invalid {
					ct[len(ct)/2] ^= 0x01
				}
				return decapsIn{ct, ss}, nil
			}, func(in decapsIn, check bool) error {
				ss, err := k.Decapsulate(sk, in.ct)
				if invalid {
					// An invalid ciphertext's answer is the scheme's
					// business (a rejection key, or an error where the
					// scheme defines one): the loop times the call
					// whatever it returns.
					return nil
				}
				if err == nil && check {
					err = same("decaps", ss, in.ss)
				}
				return err
			})
		}
	}
	return []Op{
		{Name: OpKeygen, Secret: false,
			Run: func(r io.Reader, _ Args) (Args, error) {
				pk, sk, err := k.GenerateKey(r)
				return Args{ArgPK: pk, ArgSK: sk}, err
			},
			Prepare: func(r io.Reader, _ BenchParams) (func() error, error) {
				return func() error { _, _, err := k.GenerateKey(r); return err }, nil
			},
			Fed: keygenFed(k.GenerateKey)},
		{Name: OpEncaps,
			Run: func(r io.Reader, in Args) (Args, error) {
				a, err := need(OpEncaps, in, ArgPK)
				if err != nil {
					return nil, err
				}
				ct, ss, err := k.Encapsulate(r, a[0])
				return Args{ArgCT: ct, ArgSS: ss}, err
			},
			// One public key; the randomness of each call makes each
			// ciphertext new.
			Prepare: func(r io.Reader, _ BenchParams) (func() error, error) {
				pk, _, err := k.GenerateKey(r)
				if err != nil {
					return nil, fmt.Errorf("keygen: %w", err)
				}
				return func() error { _, _, err := k.Encapsulate(r, pk); return err }, nil
			},
			Fed: encapsFed(k)},
		{Name: OpDecaps, Secret: true,
			Run: func(_ io.Reader, in Args) (Args, error) {
				a, err := need(OpDecaps, in, ArgSK, ArgCT)
				if err != nil {
					return nil, err
				}
				ss, err := k.Decapsulate(a[0], a[1])
				return Args{ArgSS: ss}, err
			},
			Prepare: decaps(false),
			Fed:     kemFed(k, OpDecaps, false),
			// Fixed vs random valid ciphertexts under one key.
			CT: func(r io.Reader, m int) (func(int, int) error, error) {
				pk, sk, ct, err := setup(r)
				if err != nil {
					return nil, err
				}
				in := pools(m, func(j int) ([]byte, error) {
					c, _, err := k.Encapsulate(r, pk)
					return c, err
				}, ct)
				if in.err != nil {
					return nil, in.err
				}
				return func(c, j int) error { _, err := k.Decapsulate(sk, in.get(c, j)); return err }, nil
			}},
		decapsRejectOp(k),
		{Name: OpDecapsInvalid, Secret: true, Doc: docDecapsInvalid,
			Run: func(_ io.Reader, in Args) (Args, error) {
				a, err := need(OpDecapsInvalid, in, ArgSK, ArgCT)
				if err != nil {
					return nil, err
				}
				ss, err := k.Decapsulate(a[0], a[1])
				return Args{ArgSS: ss}, err
			},
			Prepare: decaps(true),
			Fed:     kemFed(k, OpDecapsInvalid, true)},
	}
}
