package registry

import (
	"bytes"
	"fmt"
	"io"
)

// Transcript is every input and output of one complete key exchange.
type Transcript struct {
	PK, SK, St [2][]byte // by party: 0 = A, 1 = B; St is the state after Init
	Msg        [][]byte  // Msg[i-1] is pass i's message
	StAfter    [][]byte  // StAfter[i-1] is the sender's state after pass i
	SS         [2][]byte
}

// RunExchange runs a complete exchange of x with randomness from r, checks
// that both parties derive the same secret, and returns the transcript.
func RunExchange(x KEX, r io.Reader) (*Transcript, error) {
	t, err := RunPasses(x, r, x.Passes())
	if err != nil {
		return t, err
	}
	st := [2][]byte{t.finalState(PartyA), t.finalState(PartyB)}
	for _, p := range []Party{PartyA, PartyB} {
		s := PartyIndex(p)
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

// RunPasses runs both parties' inits and the first n passes of an
// exchange of x, with randomness from r: all that pass n's inputs need,
// and no more (the host makes one such prefix for each call of a timed
// pass).
func RunPasses(x KEX, r io.Reader, n int) (*Transcript, error) {
	t := &Transcript{}
	for _, p := range []Party{PartyA, PartyB} {
		pk, sk, st, err := x.Init(p, r)
		if err != nil {
			return t, fmt.Errorf("init_%s: %w", p, err)
		}
		t.PK[PartyIndex(p)], t.SK[PartyIndex(p)], t.St[PartyIndex(p)] = pk, sk, st
	}
	return t, t.runPasses(x, r, n)
}

// runPasses runs the first n passes of x on the inits of t, a transcript
// of no passes yet, recording each message and the sender's new state.
func (t *Transcript) runPasses(x KEX, r io.Reader, n int) error {
	st := [2][]byte{t.St[0], t.St[1]}
	var in []byte
	for i := 1; i <= n; i++ {
		s := PartyIndex(Sender(i))
		out, nst, err := x.Pass(i, r, t.PK[s], t.SK[s], t.PK[1-s], st[s], in)
		if err != nil {
			return fmt.Errorf("pass%d: %w", i, err)
		}
		st[s] = nst
		t.Msg = append(t.Msg, out)
		t.StAfter = append(t.StAfter, nst)
		in = out
	}
	return nil
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
	return t.St[PartyIndex(p)]
}

// stateBefore is the state the sender of pass i holds before it.
func (t *Transcript) stateBefore(i int) []byte {
	s := Sender(i)
	for j := i - 1; j >= 1; j-- {
		if Sender(j) == s {
			return t.StAfter[j-1]
		}
	}
	return t.St[PartyIndex(s)]
}

// stepInputs are the inputs of one party's step of an exchange.
type stepInputs struct{ pk, sk, peer, st, in []byte }

// passInputs are what the sender of pass i takes in the transcript's
// exchange: its keys, the peer's public key, its state before the pass and
// the previous pass's message (none for pass 1).
func (t *Transcript) passInputs(i int) stepInputs {
	s := PartyIndex(Sender(i))
	var in []byte
	if i > 1 {
		in = t.Msg[i-2]
	}
	return stepInputs{t.PK[s], t.SK[s], t.PK[1-s], t.stateBefore(i), in}
}

// deriveInputs are what party p derives the shared secret from.
func (t *Transcript) deriveInputs(p Party) stepInputs {
	s := PartyIndex(p)
	return stepInputs{t.PK[s], t.SK[s], t.PK[1-s], t.finalState(p), t.lastReceived(p)}
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

// RemoteKEX adapts two Runners, party A's and party B's, to KEX, so that
// RunExchange drives an exchange across the process boundary: one
// implementation with itself, or two against each other for interop. Each
// randomized step gets exchangeRand bytes read from the exchange's reader.
func RemoteKEX(a, b Runner, passes int) KEX {
	return remoteKEX{[2]Runner{a, b}, passes, exchangeRand}
}

// RemoteKEXRand is RemoteKEX with n bytes of randomness a step: less to
// send when the host drives many exchanges of an implementation whose
// steps read little (the inputs of a timed derive loop).
func RemoteKEXRand(a, b Runner, passes, n int) KEX {
	return remoteKEX{[2]Runner{a, b}, passes, n}
}

// exchangeRand is the randomness one step of a remote exchange may read.
const exchangeRand = 1 << 16

type remoteKEX struct {
	rs     [2]Runner
	passes int
	rand   int // bytes of randomness a step may read
}

func draw(r io.Reader, n int) ([]byte, error) {
	b := make([]byte, n)
	if _, err := io.ReadFull(r, b); err != nil {
		return nil, fmt.Errorf("randomness: %w", err)
	}
	return b, nil
}

func (k remoteKEX) Passes() int { return k.passes }

func (k remoteKEX) Init(p Party, r io.Reader) (pk, sk, st []byte, err error) {
	rnd, err := draw(r, k.rand)
	if err != nil {
		return nil, nil, nil, err
	}
	o, err := k.rs[PartyIndex(p)].Run(OpInit(p), rnd, nil)
	return o[ArgPK], o[ArgSK], o[ArgSt], err
}

func (k remoteKEX) Pass(i int, r io.Reader, pk, sk, peerPK, st, in []byte) (out, newSt []byte, err error) {
	rnd, err := draw(r, k.rand)
	if err != nil {
		return nil, nil, err
	}
	o, err := k.rs[PartyIndex(Sender(i))].Run(OpPass(i), rnd, Args{
		ArgPK: pk, ArgSK: sk, ArgPeerPK: peerPK, ArgSt: st, ArgIn: in})
	if out = o[ArgOut]; out == nil {
		out = []byte{} // a pass that sends nothing still sends a message
	}
	return out, o[ArgSt], err
}

func (k remoteKEX) Derive(p Party, pk, sk, peerPK, st, in []byte) ([]byte, error) {
	o, err := k.rs[PartyIndex(p)].Run(OpDerive(p), nil, Args{
		ArgPK: pk, ArgSK: sk, ArgPeerPK: peerPK, ArgSt: st, ArgIn: in})
	return o[ArgSS], err
}
