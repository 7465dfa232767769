package registry

import (
	"io"
)

func kexOps(x KEX) []Op {
	n := x.Passes()
	ops := make([]Op, 0, n+5)
	for _, p := range []Party{PartyA, PartyB} {
		ops = append(ops, Op{Name: OpInit(p), Secret: false,
			Run: func(r io.Reader, _ Args) (Args, error) {
				pk, sk, st, err := x.Init(p, r)
				return Args{ArgPK: pk, ArgSK: sk, ArgSt: st}, err
			},
			Prepare: func(r io.Reader, _ BenchParams) (func() error, error) {
				return func() error { _, _, _, err := x.Init(p, r); return err }, nil
			},
			Fed: initFed(x, p)})
	}
	for i := 1; i <= n; i++ {
		name := OpPass(i)
		ops = append(ops, Op{Name: name, Secret: true,
			Run: func(r io.Reader, in Args) (Args, error) {
				a, err := need(name, in, ArgPK, ArgSK, ArgPeerPK, ArgSt)
				if err != nil {
					return nil, err
				}
				out, st, err := x.Pass(i, r, a[0], a[1], a[2], a[3], in[ArgIn])
				return Args{ArgOut: out, ArgSt: st}, err
			},
			Prepare: func(r io.Reader, bp BenchParams) (func() error, error) {
				return pooled(bp, func() (*Transcript, error) { return RunExchange(x, r) },
					func(t *Transcript, _ bool) error {
						a := t.passInputs(i)
						_, _, err := x.Pass(i, r, a.pk, a.sk, a.peer, a.st, a.in)
						return err
					})
			},
			Fed: passFed(x, i),
			// Fixed vs random exchanges: the inputs of pass i from one
			// transcript, or from many.
			CT: kexPassCT(x, func(t *Transcript, r io.Reader) func() error {
				a := t.passInputs(i)
				return func() error { _, _, err := x.Pass(i, r, a.pk, a.sk, a.peer, a.st, a.in); return err }
			})})
	}
	for _, p := range []Party{PartyA, PartyB} {
		name := OpDerive(p)
		ops = append(ops, Op{Name: name, Secret: true,
			Run: func(_ io.Reader, in Args) (Args, error) {
				a, err := need(name, in, ArgPK, ArgSK, ArgPeerPK, ArgSt)
				if err != nil {
					return nil, err
				}
				ss, err := x.Derive(p, a[0], a[1], a[2], a[3], in[ArgIn])
				return Args{ArgSS: ss}, err
			},
			// Each derived secret is checked against the exchange's.
			Prepare: func(r io.Reader, bp BenchParams) (func() error, error) {
				return pooled(bp, func() (*Transcript, error) { return RunExchange(x, r) },
					func(t *Transcript, check bool) error {
						a := t.deriveInputs(p)
						ss, err := x.Derive(p, a.pk, a.sk, a.peer, a.st, a.in)
						if err == nil && check {
							err = same(name, ss, t.SS[PartyIndex(p)])
						}
						return err
					})
			},
			Fed: deriveFed(x, p),
			CT: kexDeriveCT(x, p, func(t *Transcript) func() error {
				a := t.deriveInputs(p)
				return func() error { _, err := x.Derive(p, a.pk, a.sk, a.peer, a.st, a.in); return err }
			})})
	}
	ops = append(ops, Op{Name: OpExchange, Secret: true,
		Run: func(r io.Reader, _ Args) (Args, error) {
			t, err := RunExchange(x, r)
			if err != nil {
				return nil, err
			}
			return Args{ArgSS: t.SS[0]}, nil
		},
		Prepare: func(r io.Reader, _ BenchParams) (func() error, error) {
			return func() error { _, err := RunExchange(x, r); return err }, nil
		},
		Fed: exchangeFed(x)})
	return ops
}
