package campaign

import (
	"bytes"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"math/big"

	"crucible.dev/registry"
)

// sampleChecks is how many outputs of a trial the host checks by a call
// of the producer, where checking costs one (a signature, a key pair, an
// encapsulation): a plugin that works for real on 1 call in 8 passes
// them all with probability (1/8)^32, never.
const sampleChecks = 32

// forgedEvery is the share of forged signatures among a verify loop's
// inputs (at least one a trial): few enough that an honest verifier's
// faster rejections barely move its figures.
const forgedEvery = 32

// fedOp reports whether the host feeds and checks the point's trials:
// every operation beyond the kind's own (extra.go) is.
func fedOp(pt *point) bool {
	if extraOp(pt) {
		return true
	}
	switch registry.Kind(pt.in.Kind) {
	case registry.KindKEM:
		switch pt.Op {
		case registry.OpKeygen, registry.OpEncaps, registry.OpDecaps, registry.OpDecapsReject, registry.OpDecapsInvalid:
			return true
		}
		return false
	case registry.KindSig:
		return pt.Op == registry.OpKeygen || pt.Op == registry.OpSign || pt.Op == registry.OpVerify
	case registry.KindKEX:
		_, ok := kexStep(pt.Op, passes(pt.in))
		return ok || pt.Op == registry.OpExchange
	case registry.KindAEAD:
		return pt.Op == registry.OpOpen
	}
	return false
}

// kexStep is a key exchange operation's party (init, derive) or pass
// number, and whether the host feeds it.
func kexStep(op string, passes int) (step int, ok bool) {
	for _, p := range []registry.Party{registry.PartyA, registry.PartyB} {
		if op == registry.OpInit(p) || op == registry.OpDerive(p) {
			return 0, true
		}
	}
	for i := 1; i <= passes; i++ {
		if op == registry.OpPass(i) {
			return i, true
		}
	}
	return 0, false
}

// fedInput is one call's input and what the host expects of its output.
type fedInput struct {
	parts [][]byte
	want  []byte // nil: checked afterwards (a signature, a key pair, an encapsulation)
	sk    []byte // an encapsulation's: the key that decapsulates it
}

// fedLoop makes a fed point's inputs and checks its outputs.
type fedLoop struct {
	kind   registry.Kind
	op     string
	msgLen int
	r      registry.Runner
	pk, sk []byte
	passes int // of a key exchange
	step   int // a key exchange's pass, 0 for init or derive
	// A streamed loop's (stream.go): its key, where it takes one, the
	// nonce size of a seal, and an XOF's or KDF's output length.
	stream        bool
	key           []byte
	nonce, outLen int
	// An operation beyond the kind's own (extra.go): key is then the
	// seed of its loop's key stream.
	extra bool
}

// newFedLoop has the producer make the loop's key pair where the timed
// process gets it before the loop. A key exchange is ephemeral, a key
// generation makes its own, and an encapsulation's key travels sealed
// with each batch of inputs (inputs).
func newFedLoop(r registry.Runner, pt *point) (*fedLoop, error) {
	l := &fedLoop{kind: registry.Kind(pt.in.Kind), op: pt.Op, msgLen: pt.MsgLen, r: r}
	switch {
	case extraOp(pt):
		return newExtraLoop(l), nil
	case streamOp(pt):
		return newStreamLoop(l, pt)
	case l.kind == registry.KindKEX:
		l.passes = passes(pt.in)
		l.step, _ = kexStep(l.op, l.passes)
		return l, nil
	case l.op == registry.OpKeygen || l.op == registry.OpEncaps:
		return l, nil
	case l.op == registry.OpOpen:
		return newOpenLoop(l, pt)
	}
	k, err := r.Run(registry.OpKeygen, randomness(), nil)
	if err != nil {
		return nil, fmt.Errorf("input producer: keygen: %w", err)
	}
	l.pk, l.sk = k[registry.ArgPK], k[registry.ArgSK]
	if l.msgLen == 0 {
		l.msgLen = 64 // registry's benchMsg, as the plugin's own loop signs
	}
	return l, nil
}

// setup is the key the timed process receives with the preparation.
func (l *fedLoop) setup() [][]byte {
	switch {
	case l.extra:
		return nil
	case l.stream && l.key != nil:
		return [][]byte{l.key}
	case l.stream:
		return nil
	case l.kind == registry.KindKEX, l.op == registry.OpKeygen, l.op == registry.OpEncaps:
		return nil
	case l.op == registry.OpVerify:
		return [][]byte{l.pk}
	case l.op == registry.OpOpen:
		return [][]byte{l.key}
	}
	return [][]byte{l.sk}
}

// check returns why an output is wrong, naming the call, or "".
func (l *fedLoop) check(ins []fedInput, outs [][]byte) (string, error) {
	if l.stream {
		return l.checkStream(ins[0].parts, outs)
	}
	for i, in := range ins {
		if in.want != nil && !bytes.Equal(outs[i], in.want) {
			return fmt.Sprintf("call %d of %d: %s returned a wrong output on a host-supplied input", i+1, len(ins), l.op), nil
		}
	}
	var key func([]byte) ([]byte, error) // what may not repeat in an output
	switch {
	case l.op == registry.OpKeygen, l.op == registry.OpExchange:
		key = func(out []byte) ([]byte, error) { return out, nil }
	case l.op == registry.OpEncaps:
		key = func(out []byte) ([]byte, error) {
			cs, err := registry.SplitParts(out, 2)
			if err != nil {
				return nil, err
			}
			return cs[0], nil
		}
	case l.op == registry.OpSign, l.extra, l.kind == registry.KindKEX && (l.init() || l.step > 0):
		// Checked by a sample below.
	default:
		return "", nil // every output was checked above
	}
	if key != nil {
		seen := make(map[string]int, len(outs))
		for i, out := range outs {
			k, err := key(out)
			if err != nil {
				return fmt.Sprintf("call %d of %d: %v", i+1, len(ins), err), nil
			}
			if j, ok := seen[string(k)]; ok {
				return fmt.Sprintf("call %d of %d: %s returned call %d's output again on a new host-supplied input", i+1, len(ins), l.op, j+1), nil
			}
			seen[string(k)] = i
		}
	}
	// The sample is drawn after the loop returned, so the plugin could not
	// know which calls would be checked.
	for k := 0; k < min(sampleChecks, len(ins)); k++ {
		i := k
		if len(ins) > sampleChecks {
			i = randInt(len(ins))
		}
		if wrong, err := l.checkOne(ins[i], outs[i]); wrong != "" || err != nil {
			if wrong != "" {
				wrong = fmt.Sprintf("call %d of %d: %s (checked by another process)", i+1, len(ins), wrong)
			}
			return wrong, err
		}
	}
	return "", nil
}

// checkOne checks one output by a call of the producer: a signature by
// verifying it, an encapsulation by decapsulating it, the rest by
// replaying the call.
func (l *fedLoop) checkOne(in fedInput, out []byte) (string, error) {
	switch l.op {
	case registry.OpSign:
		v, err := l.r.Run(registry.OpVerify, nil, registry.Args{registry.ArgPK: l.pk, registry.ArgMsg: in.parts[0], registry.ArgSig: out})
		if err != nil {
			return "", fmt.Errorf("input producer: verify: %w", err)
		}
		if string(v[registry.ArgValid]) != registry.VerifyAccepted {
			return "sign returned a signature that does not verify", nil
		}
	case registry.OpEncaps:
		cs, err := registry.SplitParts(out, 2)
		if err != nil {
			return err.Error(), nil
		}
		ct, ss := cs[0], cs[1]
		d, err := l.r.Run(registry.OpDecaps, nil, registry.Args{registry.ArgSK: in.sk, registry.ArgCT: ct})
		if err != nil {
			return fmt.Sprintf("encaps returned a ciphertext that does not decapsulate: %v", err), nil
		}
		if !bytes.Equal(d[registry.ArgSS], ss) {
			return "encaps returned a shared secret its ciphertext does not decapsulate to", nil
		}
	default:
		return l.replay(in, out)
	}
	return "", nil
}

// init reports whether the loop is a key exchange's setup.
func (l *fedLoop) init() bool {
	return l.op == registry.OpInit(registry.PartyA) || l.op == registry.OpInit(registry.PartyB)
}

// replay checks a key generation, a key exchange's init or pass, a
// whole exchange, or an operation beyond the kind's own, by running it
// again in the producer on the same inputs and the stream of the same
// seed: the output must be the same, byte for byte.
func (l *fedLoop) replay(in fedInput, out []byte) (string, error) {
	if l.extra {
		return l.replayExtra(in, out)
	}
	n := callRand
	if l.op == registry.OpExchange {
		n = exchangeRand
	}
	var args registry.Args
	var names []string
	switch {
	case l.op == registry.OpKeygen:
		names = []string{registry.ArgPK}
	case l.op == registry.OpExchange:
		names = []string{registry.ArgSS}
	case l.init():
		names = []string{registry.ArgPK, registry.ArgSK, registry.ArgSt}
	default:
		p := in.parts
		args = registry.Args{registry.ArgPK: p[0], registry.ArgSK: p[1], registry.ArgPeerPK: p[2], registry.ArgSt: p[3], registry.ArgIn: p[4]}
		names = []string{registry.ArgOut, registry.ArgSt}
	}
	r, err := runSeeded(l.r, l.op, in.parts[len(in.parts)-1], n, args)
	if err != nil {
		return "", fmt.Errorf("input producer: %s: %w", l.op, err)
	}
	want := make([][]byte, len(names))
	for i, n := range names {
		want[i] = r[n]
	}
	if !bytes.Equal(out, registry.JoinParts(want...)) {
		return fmt.Sprintf("%s returned an output its inputs and seed do not give", l.op), nil
	}
	return "", nil
}

// runSeeded runs op in r on args with the first n bytes of seed's stream
// as explicit randomness: what a replayed call reads, where the timed
// call read the stream itself. A call that reads past them (a key
// generation that rejects and samples again: sntrup1277's, sampling a
// third time, read past 16 KiB) runs again with four times as many, up
// to maxReplayRand.
func runSeeded(r registry.Runner, op string, seed []byte, n int, args registry.Args) (registry.Args, error) {
	for {
		rnd := make([]byte, n)
		if _, err := io.ReadFull(registry.SeedRand(seed), rnd); err != nil {
			return nil, err
		}
		out, err := r.Run(op, rnd, args)
		if !errors.Is(err, registry.ErrRandExhausted) || n >= maxReplayRand {
			return out, err
		}
		n *= 4
	}
}

// maxReplayRand bounds the randomness of a replayed call.
const maxReplayRand = 1 << 20

// exchangeRand is the randomness a replayed exchange may read: each of
// its steps as much as one producer call (callRand).
const exchangeRand = 1 << 16

// randInt is a uniform integer in [0, n) from crypto/rand: the plugin
// cannot predict which calls the host forges or checks.
func randInt(n int) int {
	v, err := rand.Int(rand.Reader, big.NewInt(int64(n)))
	if err != nil {
		panic(err) // crypto/rand does not fail on Linux
	}
	return int(v.Int64())
}
