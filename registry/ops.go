package registry

import (
	"bytes"
	"crypto/rand"
	"fmt"
	"io"
	"strconv"
)

// Ops returns the operations of an instance: its kind's standard operations
// followed by its Extra ones.
//
// The standard operations by kind:
//
//	kem:  keygen, encaps, decaps, decaps_reject (a ciphertext for another key),
//	      decaps_invalid (a ciphertext with one bit flipped; see kem_invalid.go)
//	sig:  keygen, sign, verify
//	kex:  init_a, init_b, pass1..passN, derive_a, derive_b, exchange (all steps)
//	hash: hash; xof: xof; mac: mac; kdf: kdf; aead: seal, open; drbg: generate
func Ops(in *Instance) []Op {
	var ops []Op
	switch in.Kind {
	case KindKEM:
		ops = kemOps(in.KEM)
	case KindSig:
		ops = sigOps(in.Signature)
	case KindKEX:
		ops = kexOps(in.KEX)
	case KindHash:
		ops = hashOps(in.Hash)
	case KindXOF:
		ops = xofOps(in.XOF)
	case KindMAC:
		ops = macOps(in.MAC)
	case KindKDF:
		ops = kdfOps(in.KDF)
	case KindAEAD:
		ops = aeadOps(in.AEAD)
	case KindDRBG:
		ops = drbgOps(in.DRBG)
	}
	return append(ops, in.Extra...)
}

// FindOp returns the operation named name.
func FindOp(in *Instance, name string) (Op, bool) {
	for _, op := range Ops(in) {
		if op.Name == name {
			return op, true
		}
	}
	return Op{}, false
}

// benchMsg is the message signed and verified in benchmarks when none is
// given: 64 bytes, as the NGCC measurements use.
const benchMsg = 64

// randomMsg is a message of the benchmark's length with random content.
func randomMsg(r io.Reader, p BenchParams) ([]byte, error) {
	msg := make([]byte, len(msgOf(p, benchMsg)))
	if _, err := io.ReadFull(r, msg); err != nil {
		return nil, fmt.Errorf("message: %w", err)
	}
	return msg, nil
}

func msgOf(p BenchParams, def int) []byte {
	n := p.MsgLen
	if n == 0 {
		n = def
	}
	m := make([]byte, n)
	for i := range m {
		m[i] = byte(i)
	}
	return m
}

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
	// Decapsulation cycles through BenchPool keys and ciphertexts, and
	// checks the key it returns against the encapsulated one.
	type decapsIn struct{ sk, ct, ss []byte }
	decaps := func(invalid bool) func(io.Reader, BenchParams) (func() error, error) {
		return func(r io.Reader, _ BenchParams) (func() error, error) {
			return pooled(func() (decapsIn, error) {
				pk, sk, err := k.GenerateKey(r)
				if err != nil {
					return decapsIn{}, fmt.Errorf("keygen: %w", err)
				}
				ct, ss, err := k.Encapsulate(r, pk)
				if err != nil {
					return decapsIn{}, fmt.Errorf("encaps: %w", err)
				}
				if invalid {
					ct[len(ct)/2] ^= 0x01
				}
				return decapsIn{sk, ct, ss}, nil
			}, func(in decapsIn, check bool) error {
				ss, err := k.Decapsulate(in.sk, in.ct)
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
		{Name: "keygen", Secret: false,
			Run: func(r io.Reader, _ Args) (Args, error) {
				pk, sk, err := k.GenerateKey(r)
				return Args{ArgPK: pk, ArgSK: sk}, err
			},
			Prepare: func(r io.Reader, _ BenchParams) (func() error, error) {
				return func() error { _, _, err := k.GenerateKey(r); return err }, nil
			}},
		{Name: "encaps",
			Run: func(r io.Reader, in Args) (Args, error) {
				a, err := need("encaps", in, ArgPK)
				if err != nil {
					return nil, err
				}
				ct, ss, err := k.Encapsulate(r, a[0])
				return Args{ArgCT: ct, ArgSS: ss}, err
			},
			Prepare: func(r io.Reader, _ BenchParams) (func() error, error) {
				return pooled(func() ([]byte, error) {
					pk, _, err := k.GenerateKey(r)
					if err != nil {
						return nil, fmt.Errorf("keygen: %w", err)
					}
					return pk, nil
				}, func(pk []byte, _ bool) error { _, _, err := k.Encapsulate(r, pk); return err })
			}},
		{Name: "decaps", Secret: true,
			Run: func(_ io.Reader, in Args) (Args, error) {
				a, err := need("decaps", in, ArgSK, ArgCT)
				if err != nil {
					return nil, err
				}
				ss, err := k.Decapsulate(a[0], a[1])
				return Args{ArgSS: ss}, err
			},
			Prepare: decaps(false),
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
		{Name: "decaps_invalid", Secret: true, Doc: docDecapsInvalid,
			Run: func(_ io.Reader, in Args) (Args, error) {
				a, err := need("decaps_invalid", in, ArgSK, ArgCT)
				if err != nil {
					return nil, err
				}
				ss, err := k.Decapsulate(a[0], a[1])
				return Args{ArgSS: ss}, err
			},
			Prepare: decaps(true)},
	}
}

func sigOps(s Signature) []Op {
	return []Op{
		{Name: "keygen",
			Run: func(r io.Reader, _ Args) (Args, error) {
				pk, sk, err := s.GenerateKey(r)
				return Args{ArgPK: pk, ArgSK: sk}, err
			},
			Prepare: func(r io.Reader, _ BenchParams) (func() error, error) {
				return func() error { _, _, err := s.GenerateKey(r); return err }, nil
			}},
		{Name: "sign", Secret: true,
			Run: func(r io.Reader, in Args) (Args, error) {
				a, err := need("sign", in, ArgSK, ArgMsg)
				if err != nil {
					return nil, err
				}
				sig, err := s.Sign(r, a[0], a[1], in[ArgCtx])
				return Args{ArgSig: sig}, err
			},
			Prepare: func(r io.Reader, p BenchParams) (func() error, error) {
				type signIn struct{ sk, msg []byte }
				return pooled(func() (signIn, error) {
					_, sk, err := s.GenerateKey(r)
					if err != nil {
						return signIn{}, fmt.Errorf("keygen: %w", err)
					}
					msg, err := randomMsg(r, p)
					return signIn{sk, msg}, err
				}, func(in signIn, _ bool) error { _, err := s.Sign(r, in.sk, in.msg, nil); return err })
			},
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
		{Name: "verify",
			Run: func(_ io.Reader, in Args) (Args, error) {
				a, err := need("verify", in, ArgPK, ArgMsg, ArgSig)
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
			// Every call must accept: a verification that fails under
			// timing ends the loop with its error.
			Prepare: func(r io.Reader, p BenchParams) (func() error, error) {
				type verifyIn struct{ pk, msg, sig []byte }
				return pooled(func() (verifyIn, error) {
					pk, sk, err := s.GenerateKey(r)
					if err != nil {
						return verifyIn{}, fmt.Errorf("keygen: %w", err)
					}
					msg, err := randomMsg(r, p)
					if err != nil {
						return verifyIn{}, err
					}
					sig, err := s.Sign(r, sk, msg, nil)
					if err != nil {
						return verifyIn{}, fmt.Errorf("sign: %w", err)
					}
					return verifyIn{pk, msg, sig}, nil
				}, func(in verifyIn, _ bool) error { return s.Verify(in.pk, in.msg, in.sig, nil) })
			}},
	}
}

// Transcript is every input and output of one complete key exchange.
type Transcript struct {
	PK, SK, St [2][]byte // by party: 0 = A, 1 = B; St is the state after Init
	Msg        [][]byte  // Msg[i-1] is pass i's message
	StAfter    [][]byte  // StAfter[i-1] is the sender's state after pass i
	SS         [2][]byte
}

func pidx(p Party) int {
	if p == PartyA {
		return 0
	}
	return 1
}

// RunExchange runs a complete exchange of x with randomness from r, checks
// that both parties derive the same secret, and returns the transcript.
func RunExchange(x KEX, r io.Reader) (*Transcript, error) {
	t := &Transcript{}
	for _, p := range []Party{PartyA, PartyB} {
		pk, sk, st, err := x.Init(p, r)
		if err != nil {
			return t, fmt.Errorf("init_%s: %w", p, err)
		}
		t.PK[pidx(p)], t.SK[pidx(p)], t.St[pidx(p)] = pk, sk, st
	}
	st := [2][]byte{t.St[0], t.St[1]}
	var in []byte
	for i := 1; i <= x.Passes(); i++ {
		s := pidx(Sender(i))
		out, nst, err := x.Pass(i, r, t.PK[s], t.SK[s], t.PK[1-s], st[s], in)
		if err != nil {
			return t, fmt.Errorf("pass%d: %w", i, err)
		}
		st[s] = nst
		t.Msg = append(t.Msg, out)
		t.StAfter = append(t.StAfter, nst)
		in = out
	}
	for _, p := range []Party{PartyA, PartyB} {
		s := pidx(p)
		ss, err := x.Derive(p, t.PK[s], t.SK[s], t.PK[1-s], st[s], t.lastReceived(p))
		if err != nil {
			return t, fmt.Errorf("derive_%s: %w", p, err)
		}
		t.SS[s] = ss
	}
	if !bytes.Equal(t.SS[0], t.SS[1]) {
		return t, fmt.Errorf("exchange: the parties' shared secrets differ")
	}
	return t, nil
}

// lastReceived is the last message of the exchange that p did not send.
func (t *Transcript) lastReceived(p Party) []byte {
	for i := len(t.Msg); i >= 1; i-- {
		if Sender(i) != p {
			return t.Msg[i-1]
		}
	}
	return nil
}

// finalState is the state p holds after its last pass, the one it derives from.
func (t *Transcript) finalState(p Party) []byte {
	for j := len(t.Msg); j >= 1; j-- {
		if Sender(j) == p {
			return t.StAfter[j-1]
		}
	}
	return t.St[pidx(p)]
}

// stateBefore is the state the sender of pass i holds before it.
func (t *Transcript) stateBefore(i int) []byte {
	s := Sender(i)
	for j := i - 1; j >= 1; j-- {
		if Sender(j) == s {
			return t.StAfter[j-1]
		}
	}
	return t.St[pidx(s)]
}

func kexOps(x KEX) []Op {
	n := x.Passes()
	ops := make([]Op, 0, n+5)
	for _, p := range []Party{PartyA, PartyB} {
		p := p
		ops = append(ops, Op{Name: "init_" + p.String(), Secret: false,
			Run: func(r io.Reader, _ Args) (Args, error) {
				pk, sk, st, err := x.Init(p, r)
				return Args{ArgPK: pk, ArgSK: sk, ArgSt: st}, err
			},
			Prepare: func(r io.Reader, _ BenchParams) (func() error, error) {
				return func() error { _, _, _, err := x.Init(p, r); return err }, nil
			}})
	}
	for i := 1; i <= n; i++ {
		i := i
		name := "pass" + strconv.Itoa(i)
		ops = append(ops, Op{Name: name, Secret: true,
			Run: func(r io.Reader, in Args) (Args, error) {
				a, err := need(name, in, ArgPK, ArgSK, ArgPeerPK, ArgSt)
				if err != nil {
					return nil, err
				}
				out, st, err := x.Pass(i, r, a[0], a[1], a[2], a[3], in[ArgIn])
				return Args{ArgOut: out, ArgSt: st}, err
			},
			Prepare: func(r io.Reader, _ BenchParams) (func() error, error) {
				return pooled(func() (*Transcript, error) { return RunExchange(x, r) },
					func(t *Transcript, _ bool) error {
						s := pidx(Sender(i))
						var in []byte
						if i > 1 {
							in = t.Msg[i-2]
						}
						_, _, err := x.Pass(i, r, t.PK[s], t.SK[s], t.PK[1-s], t.stateBefore(i), in)
						return err
					})
			},
			// Fixed vs random exchanges: the inputs of pass i from one
			// transcript, or from many.
			CT: kexCT(x, func(t *Transcript, r io.Reader) func() error {
				s := pidx(Sender(i))
				pk, sk, peer, st := t.PK[s], t.SK[s], t.PK[1-s], t.stateBefore(i)
				var in []byte
				if i > 1 {
					in = t.Msg[i-2]
				}
				return func() error { _, _, err := x.Pass(i, r, pk, sk, peer, st, in); return err }
			})})
	}
	for _, p := range []Party{PartyA, PartyB} {
		p := p
		name := "derive_" + p.String()
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
			Prepare: func(r io.Reader, _ BenchParams) (func() error, error) {
				return pooled(func() (*Transcript, error) { return RunExchange(x, r) },
					func(t *Transcript, check bool) error {
						s := pidx(p)
						ss, err := x.Derive(p, t.PK[s], t.SK[s], t.PK[1-s], t.finalState(p), t.lastReceived(p))
						if err == nil && check {
							err = same(name, ss, t.SS[s])
						}
						return err
					})
			},
			CT: kexCT(x, func(t *Transcript, _ io.Reader) func() error {
				s := pidx(p)
				pk, sk, peer, st, in := t.PK[s], t.SK[s], t.PK[1-s], t.finalState(p), t.lastReceived(p)
				return func() error { _, err := x.Derive(p, pk, sk, peer, st, in); return err }
			})})
	}
	ops = append(ops, Op{Name: "exchange", Secret: true,
		Run: func(r io.Reader, _ Args) (Args, error) {
			t, err := RunExchange(x, r)
			if err != nil {
				return nil, err
			}
			return Args{"ss": t.SS[0]}, nil
		},
		Prepare: func(r io.Reader, _ BenchParams) (func() error, error) {
			return func() error { _, err := RunExchange(x, r); return err }, nil
		}})
	return ops
}

// ctInputs are the two classes of a constant-time test's inputs.
type ctInputs struct {
	fixed, random [][]byte
	err           error
}

func (c *ctInputs) get(class, j int) []byte {
	if class == 0 {
		return c.fixed[j]
	}
	return c.random[j]
}

// pools makes m copies of fixed (separate allocations, so both classes
// touch the same amount of memory) and m fresh inputs from gen.
func pools(m int, gen func(int) ([]byte, error), fixed []byte) *ctInputs {
	c := &ctInputs{fixed: make([][]byte, m), random: make([][]byte, m)}
	for j := 0; j < m; j++ {
		c.fixed[j] = bytes.Clone(fixed)
		if c.random[j], c.err = gen(j); c.err != nil {
			return c
		}
	}
	return c
}

// kexCT builds a step's constant-time test from whole exchanges: class 0
// replays one transcript (m separate copies), class 1 m different ones.
// Randomness a step draws comes fresh for both classes alike.
func kexCT(x KEX, step func(*Transcript, io.Reader) func() error) func(io.Reader, int) (func(int, int) error, error) {
	return func(r io.Reader, m int) (func(int, int) error, error) {
		bodies := [2][]func() error{make([]func() error, m), make([]func() error, m)}
		t0, err := RunExchange(x, r)
		if err != nil {
			return nil, err
		}
		for j := 0; j < m; j++ {
			bodies[0][j] = step(t0.clone(), r)
			t, err := RunExchange(x, r)
			if err != nil {
				return nil, err
			}
			bodies[1][j] = step(t, r)
		}
		return func(c, j int) error { return bodies[c][j]() }, nil
	}
}

// clone copies a transcript's byte strings.
func (t *Transcript) clone() *Transcript {
	c := &Transcript{}
	for i := 0; i < 2; i++ {
		c.PK[i], c.SK[i], c.St[i], c.SS[i] = bytes.Clone(t.PK[i]), bytes.Clone(t.SK[i]), bytes.Clone(t.St[i]), bytes.Clone(t.SS[i])
	}
	for i := range t.Msg {
		c.Msg = append(c.Msg, bytes.Clone(t.Msg[i]))
		c.StAfter = append(c.StAfter, bytes.Clone(t.StAfter[i]))
	}
	return c
}

// symmetric operations share one shape: a fixed input of the benchmark's
// message length, and a body that processes it.

func hashOps(h Hash) []Op {
	return []Op{{Name: "hash",
		Run: func(_ io.Reader, in Args) (Args, error) {
			a, err := need("hash", in, ArgMsg)
			if err != nil {
				return nil, err
			}
			return Args{ArgOut: h.Sum(nil, a[0])}, nil
		},
		Prepare: func(_ io.Reader, p BenchParams) (func() error, error) {
			msg := msgOf(p, benchMsg)
			dst := make([]byte, 0, h.Size())
			return func() error { h.Sum(dst, msg); return nil }, nil
		}}}
}

func xofOps(x XOF) []Op {
	return []Op{{Name: "xof",
		Run: func(_ io.Reader, in Args) (Args, error) {
			a, err := need("xof", in, ArgMsg)
			if err != nil {
				return nil, err
			}
			n, err := in.Int(ArgLength, 32)
			if err != nil {
				return nil, err
			}
			out := make([]byte, n)
			x.XOF(out, a[0])
			return Args{ArgOut: out}, nil
		},
		Prepare: func(_ io.Reader, p BenchParams) (func() error, error) {
			msg := msgOf(p, benchMsg)
			out := make([]byte, max(p.OutLen, 1))
			if p.OutLen == 0 {
				out = make([]byte, 32)
			}
			return func() error { x.XOF(out, msg); return nil }, nil
		}}}
}

func macOps(m MAC) []Op {
	return []Op{{Name: "mac",
		Run: func(_ io.Reader, in Args) (Args, error) {
			a, err := need("mac", in, ArgKey, ArgMsg)
			if err != nil {
				return nil, err
			}
			h, err := m.New(a[0])
			if err != nil {
				return nil, err
			}
			h.Write(a[1])
			return Args{ArgOut: h.Sum(nil)}, nil
		},
		Prepare: func(_ io.Reader, p BenchParams) (func() error, error) {
			h, err := m.New(make([]byte, m.KeySize()))
			if err != nil {
				return nil, err
			}
			msg := msgOf(p, benchMsg)
			dst := make([]byte, 0, h.Size())
			return func() error { h.Reset(); h.Write(msg); h.Sum(dst); return nil }, nil
		}}}
}

func kdfOps(k KDF) []Op {
	return []Op{{Name: "kdf",
		Run: func(_ io.Reader, in Args) (Args, error) {
			a, err := need("kdf", in, ArgKey)
			if err != nil {
				return nil, err
			}
			n, err := in.Int(ArgLength, 32)
			if err != nil {
				return nil, err
			}
			out, err := k.Derive(a[0], in[ArgSalt], in[ArgInfo], n)
			return Args{ArgOut: out}, err
		},
		Prepare: func(_ io.Reader, p BenchParams) (func() error, error) {
			secret := msgOf(p, 32)
			n := p.OutLen
			if n == 0 {
				n = 32
			}
			return func() error { _, err := k.Derive(secret, nil, nil, n); return err }, nil
		}}}
}

func aeadOps(a AEAD) []Op {
	open := func(in Args) (Args, error) {
		v, err := need("open", in, ArgKey, ArgNonce, ArgCT)
		if err != nil {
			return nil, err
		}
		c, err := a.New(v[0])
		if err != nil {
			return nil, err
		}
		if len(v[1]) != c.NonceSize() {
			return nil, fmt.Errorf("open: nonce is %d bytes, want %d", len(v[1]), c.NonceSize())
		}
		pt, err := c.Open(nil, v[1], v[2], in[ArgAD])
		if err != nil {
			return Args{ArgValid: []byte("0")}, nil
		}
		return Args{ArgValid: []byte("1"), ArgOut: pt}, nil
	}
	prep := func(p BenchParams) (c interface {
		Seal(dst, nonce, plaintext, additionalData []byte) []byte
		Open(dst, nonce, ciphertext, additionalData []byte) ([]byte, error)
	}, nonce, msg, ct []byte, err error) {
		aead, err := a.New(make([]byte, a.KeySize()))
		if err != nil {
			return nil, nil, nil, nil, err
		}
		nonce = make([]byte, aead.NonceSize())
		msg = msgOf(p, benchMsg)
		ct = aead.Seal(nil, nonce, msg, nil)
		return aead, nonce, msg, ct, nil
	}
	return []Op{
		{Name: "seal",
			Run: func(_ io.Reader, in Args) (Args, error) {
				v, err := need("seal", in, ArgKey, ArgNonce, ArgMsg)
				if err != nil {
					return nil, err
				}
				c, err := a.New(v[0])
				if err != nil {
					return nil, err
				}
				if len(v[1]) != c.NonceSize() {
					return nil, fmt.Errorf("seal: nonce is %d bytes, want %d", len(v[1]), c.NonceSize())
				}
				return Args{ArgCT: c.Seal(nil, v[1], v[2], in[ArgAD])}, nil
			},
			Prepare: func(_ io.Reader, p BenchParams) (func() error, error) {
				c, nonce, msg, ct, err := prep(p)
				if err != nil {
					return nil, err
				}
				dst := make([]byte, 0, len(ct))
				return func() error { c.Seal(dst, nonce, msg, nil); return nil }, nil
			}},
		{Name: "open", Secret: true,
			Run: func(_ io.Reader, in Args) (Args, error) { return open(in) },
			Prepare: func(_ io.Reader, p BenchParams) (func() error, error) {
				c, nonce, msg, ct, err := prep(p)
				if err != nil {
					return nil, err
				}
				dst := make([]byte, 0, len(msg))
				return func() error { _, err := c.Open(dst, nonce, ct, nil); return err }, nil
			}},
	}
}

func drbgOps(d DRBG) []Op {
	return []Op{{Name: "generate",
		Run: func(_ io.Reader, in Args) (Args, error) {
			a, err := need("generate", in, ArgKey)
			if err != nil {
				return nil, err
			}
			n, err := in.Int(ArgLength, 32)
			if err != nil {
				return nil, err
			}
			g, err := d.New(a[0], in[ArgNonce], in[ArgInfo])
			if err != nil {
				return nil, err
			}
			out := make([]byte, n)
			if _, err := io.ReadFull(g, out); err != nil {
				return nil, err
			}
			return Args{ArgOut: out}, nil
		},
		Prepare: func(_ io.Reader, p BenchParams) (func() error, error) {
			seed := make([]byte, d.SeedSize())
			if _, err := rand.Read(seed); err != nil {
				return nil, err
			}
			g, err := d.New(seed, nil, nil)
			if err != nil {
				return nil, err
			}
			out := make([]byte, max(p.OutLen, 1))
			if p.OutLen == 0 {
				out = make([]byte, 32)
			}
			return func() error { _, err := g.Read(out); return err }, nil
		}}}
}
