package registry

import (
	"fmt"
	"io"
)

func sigOps(s Signature) []Op {
	return []Op{
		{Name: OpKeygen,
			Run: func(r io.Reader, _ Args) (Args, error) {
				pk, sk, err := s.GenerateKey(r)
				return Args{ArgPK: pk, ArgSK: sk}, err
			},
			Prepare: func(r io.Reader, _ BenchParams) (func() error, error) {
				return func() error { _, _, err := s.GenerateKey(r); return err }, nil
			},
			Fed: keygenFed(s.GenerateKey)},
		{Name: OpSign, Secret: true,
			Run: func(r io.Reader, in Args) (Args, error) {
				a, err := need(OpSign, in, ArgSK, ArgMsg)
				if err != nil {
					return nil, err
				}
				sig, err := s.Sign(r, a[0], a[1], in[ArgCtx])
				return Args{ArgSig: sig}, err
			},
			// One key signs BenchPool messages in turn.
			Prepare: func(r io.Reader, p BenchParams) (func() error, error) {
				_, sk, err := s.GenerateKey(r)
				if err != nil {
					return nil, fmt.Errorf("keygen: %w", err)
				}
				return pooled(p, func() ([]byte, error) { return randomMsg(r, p) },
					func(msg []byte, _ bool) error { _, err := s.Sign(r, sk, msg, nil); return err })
			},
			Fed: signFed(s),
			// Fixed vs random messages under one key.
			CT: func(r io.Reader, m int) (func(int, int) error, error) {
				_, sk, err := s.GenerateKey(r)
				if err != nil {
					return nil, fmt.Errorf("keygen: %w", err)
				}
				in := pools(m, func(int) ([]byte, error) {
					msg := make([]byte, benchMsg)
					_, err := io.ReadFull(r, msg)
					return msg, err
				}, msgOf(BenchParams{}, benchMsg))
				if in.err != nil {
					return nil, in.err
				}
				return func(c, j int) error { _, err := s.Sign(r, sk, in.get(c, j), nil); return err }, nil
			}},
		{Name: OpVerify,
			Run: func(_ io.Reader, in Args) (Args, error) {
				a, err := need(OpVerify, in, ArgPK, ArgMsg, ArgSig)
				if err != nil {
					return nil, err
				}
				out := Args{ArgValid: []byte("1")}
				if err := s.Verify(a[0], a[1], a[2], in[ArgCtx]); err != nil {
					out[ArgValid] = []byte("0")
					out["error"] = []byte(err.Error())
				}
				return out, nil
			},
			// One public key checks BenchPool signed messages in turn.
			// Every call must accept: a verification that fails under
			// timing ends the loop with its error.
			Prepare: func(r io.Reader, p BenchParams) (func() error, error) {
				type verifyIn struct{ msg, sig []byte }
				pk, sk, err := s.GenerateKey(r)
				if err != nil {
					return nil, fmt.Errorf("keygen: %w", err)
				}
				return pooled(p, func() (verifyIn, error) {
					msg, err := randomMsg(r, p)
					if err != nil {
						return verifyIn{}, err
					}
					sig, err := s.Sign(r, sk, msg, nil)
					if err != nil {
						return verifyIn{}, fmt.Errorf("sign: %w", err)
					}
					return verifyIn{msg, sig}, nil
				}, func(in verifyIn, _ bool) error { return s.Verify(pk, in.msg, in.sig, nil) })
			},
			Fed: verifyFed(s)},
	}
}
