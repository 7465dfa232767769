package campaign

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"

	"crucible.dev/host/internal/plugin"
	"crucible.dev/registry"
)

// The inputs of a fed loop, made by the producer (fed.go) a batch at a
// time, each checked to be new.

// inputs makes n inputs; forge marks which verify inputs carry a forged
// signature (nil: none).
func (l *fedLoop) inputs(n int, forge []bool) ([]fedInput, error) {
	if l.stream {
		base, err := l.streamBase()
		return []fedInput{{parts: base}}, err
	}
	// An encapsulation's key pair, or the other key pair a rejected
	// ciphertext is made for: one a batch.
	var pk, sk []byte
	if l.op == registry.OpEncaps || l.op == registry.OpDecapsReject {
		k, err := l.r.Run(registry.OpKeygen, randomness(), nil)
		if err != nil {
			return nil, fmt.Errorf("input producer: keygen: %w", err)
		}
		pk, sk = k[registry.ArgPK], k[registry.ArgSK]
	}
	ins := make([]fedInput, n)
	errs := make([]error, n)
	// The producer's calls wait on round trips more than on work (a whole
	// X25519 exchange, six calls, took 4 ms on an idle two-CPU machine
	// whose CPUs stood idle for 45% of the time), so several are in
	// flight at once; each input is made whole by one of them.
	next := make(chan int)
	var wg sync.WaitGroup
	for range producerCalls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				ins[i], errs[i] = l.input(pk, sk, forge != nil && forge[i])
			}
		}()
	}
	for i := range ins {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err // the first: a producer that failed once fails them all alike
		}
	}
	return ins, distinct(l.op, ins, l.extra)
}

// producerCalls is how many calls the host keeps in flight to a
// producer while it makes a batch of inputs.
const producerCalls = 4

// input makes one input of a batch: under an encapsulation's key pk (sk
// opens it), a rejected ciphertext for the key pk, and for a verification
// a forged signature if forge.
func (l *fedLoop) input(pk, sk []byte, forge bool) (fedInput, error) {
	if l.extra {
		return l.extraInput()
	}
	switch l.op {
	case registry.OpKeygen:
		return fedInput{parts: [][]byte{registry.FreshRand(registry.SeedSize)}}, nil
	case registry.OpEncaps:
		return fedInput{parts: [][]byte{pk}, sk: sk}, nil
	case registry.OpDecaps:
		e, err := l.r.Run(registry.OpEncaps, registry.FreshRand(callRand), registry.Args{registry.ArgPK: l.pk})
		if err != nil {
			return fedInput{}, fmt.Errorf("input producer: encaps: %w", err)
		}
		return fedInput{parts: [][]byte{e[registry.ArgCT]}, want: e[registry.ArgSS]}, nil
	case registry.OpDecapsReject, registry.OpDecapsInvalid:
		return l.wrongCT(pk)
	case registry.OpSign:
		return fedInput{parts: [][]byte{registry.FreshRand(l.msgLen)}}, nil
	case registry.OpOpen:
		return l.sealed(forge)
	case registry.OpVerify:
		msg := registry.FreshRand(l.msgLen)
		s, err := l.r.Run(registry.OpSign, registry.FreshRand(callRand), registry.Args{registry.ArgSK: l.sk, registry.ArgMsg: msg})
		if err != nil {
			return fedInput{}, fmt.Errorf("input producer: sign: %w", err)
		}
		sig, want := s[registry.ArgSig], []byte(registry.VerifyAccepted)
		if forge && len(sig) > 0 {
			sig = bytes.Clone(sig)
			sig[randInt(len(sig))] ^= 1 << randInt(8)
			want = []byte(registry.VerifyRejected)
		}
		return fedInput{parts: [][]byte{msg, sig}, want: want}, nil
	case registry.OpInit(registry.PartyA), registry.OpInit(registry.PartyB), registry.OpExchange:
		return fedInput{parts: [][]byte{registry.FreshRand(registry.SeedSize)}}, nil
	case registry.OpDerive(registry.PartyA), registry.OpDerive(registry.PartyB), registry.OpPass(l.step):
		// The producer runs the exchange as far as the call needs: a
		// party's derive must agree with the other party's, a pass is
		// replayed (check).
		x, rnd := registry.RemoteKEXRand(l.r, l.r, l.passes, callRand), registry.SeedRand(registry.FreshRand(registry.SeedSize))
		if l.step > 0 {
			t, err := registry.RunPasses(x, rnd, l.step-1)
			if err != nil {
				return fedInput{}, fmt.Errorf("input producer: exchange: %w", err)
			}
			return fedInput{parts: t.PassInputs(l.step, registry.FreshRand(registry.SeedSize))}, nil
		}
		t, err := registry.RunExchange(x, rnd)
		if err != nil {
			return fedInput{}, fmt.Errorf("input producer: exchange: %w", err)
		}
		p, other := registry.PartyA, 1
		if l.op == registry.OpDerive(registry.PartyB) {
			p, other = registry.PartyB, 0
		}
		return fedInput{parts: t.DeriveInputs(p), want: t.SS[other]}, nil
	}
	return fedInput{}, fmt.Errorf("%s %s: no host-made inputs", l.kind, l.op)
}

// newOpenLoop draws an open loop's key; the producer seals its inputs.
func newOpenLoop(l *fedLoop, pt *point) (*fedLoop, error) {
	l.nonce = pt.in.Sizes.Nonce
	n := pt.in.Sizes.Key
	if l.nonce <= 0 || n <= 0 {
		return nil, fmt.Errorf("%s %s: the instance declares no key or nonce size", l.kind, l.op)
	}
	l.key = registry.FreshRand(n)
	if l.msgLen == 0 {
		l.msgLen = 64 // registry's benchMsg
	}
	return l, nil
}

// sealed makes an open input: a message the host draws, sealed by the
// producer under the loop's key with a nonce the host draws, or with
// forge, that ciphertext with a bit flipped, which the key must reject.
// A producer that sealed wrongly fails the loop's check, never passes it:
// the host knows every plaintext.
func (l *fedLoop) sealed(forge bool) (fedInput, error) {
	nonce, msg := registry.FreshRand(l.nonce), registry.FreshRand(l.msgLen)
	s, err := l.r.Run(registry.OpSeal, nil, registry.Args{registry.ArgKey: l.key, registry.ArgNonce: nonce, registry.ArgMsg: msg})
	if err != nil {
		return fedInput{}, fmt.Errorf("input producer: seal: %w", err)
	}
	ct := s[registry.ArgCT]
	if forge && len(ct) > 0 {
		ct = bytes.Clone(ct)
		ct[randInt(len(ct))] ^= 1 << randInt(8)
	}
	return fedInput{parts: [][]byte{nonce, ct}, want: registry.OpenOutput(msg, !forge)}, nil
}

// rejectRand is the randomness one registry.OpRejectInput call may read:
// an encapsulation's, and four bytes for each of the at most 4096 bit
// flips a registry.RejectionProber's ciphertext is tried with.
const rejectRand = callRand + 4*4096

// wrongCT makes a decaps_reject or decaps_invalid input: a ciphertext
// the loop's key rejects, made as the plugin's own loop makes one
// (registry.OpRejectInput, for the other key pair's public key other),
// or a valid one with the middle bit flipped that the own loop flips;
// what the producer's decapsulation answers is what every call must
// answer (nothing for a scheme's error).
func (l *fedLoop) wrongCT(other []byte) (fedInput, error) {
	var ct []byte
	if l.op == registry.OpDecapsReject {
		o, err := l.r.Run(registry.OpRejectInput, registry.FreshRand(rejectRand), registry.Args{registry.ArgPK: l.pk, registry.ArgSK: l.sk, registry.ArgPeerPK: other})
		if err != nil {
			return fedInput{}, fmt.Errorf("input producer: %s: %w", registry.OpRejectInput, err)
		}
		ct = o[registry.ArgCT]
	} else {
		e, err := l.r.Run(registry.OpEncaps, registry.FreshRand(callRand), registry.Args{registry.ArgPK: l.pk})
		if err != nil {
			return fedInput{}, fmt.Errorf("input producer: encaps: %w", err)
		}
		ct = e[registry.ArgCT]
		if len(ct) == 0 {
			return fedInput{}, fmt.Errorf("input producer: encaps: an empty ciphertext")
		}
		ct[len(ct)/2] ^= 0x01
	}
	d, err := l.r.Run(l.op, nil, registry.Args{registry.ArgSK: l.sk, registry.ArgCT: ct})
	var te *plugin.TransportError
	switch {
	case errors.As(err, &te):
		return fedInput{}, fmt.Errorf("input producer: %s: %w", l.op, err)
	case err != nil:
		return fedInput{parts: [][]byte{ct}, want: []byte{}}, nil // the scheme's error
	}
	return fedInput{parts: [][]byte{ct}, want: d[registry.ArgSS]}, nil
}

// distinct checks that no input of a batch repeats another. The producer
// is a process of the plugin too: one that handed out one encapsulation
// again and again would fill the timed loop with inputs a cache answers.
// An operation beyond the kind's own is deterministic but for its seed,
// which the host draws: its arguments may not repeat.
func distinct(op string, ins []fedInput, extra bool) error {
	if op == registry.OpEncaps {
		return nil // one key for every call; the outputs may not repeat
	}
	seen := make(map[[sha256.Size]byte]int, len(ins))
	for i, in := range ins {
		h := sha256.New()
		parts := in.parts
		if extra && len(parts) > 1 {
			parts = parts[:len(parts)-1]
		}
		for _, p := range parts {
			h.Write(binary.AppendUvarint(nil, uint64(len(p))))
			h.Write(p)
		}
		k := [sha256.Size]byte(h.Sum(nil))
		if j, ok := seen[k]; ok {
			return fmt.Errorf("input producer: %s input %d of %d repeats input %d", op, i+1, len(ins), j+1)
		}
		seen[k] = i
	}
	return nil
}

// forgeries picks which of n verify or open inputs are forged: one in
// forgedEvery, at least one, at places the host draws.
func forgeries(op string, n int) []bool {
	if op != registry.OpVerify && op != registry.OpOpen {
		return nil
	}
	f := make([]bool, n)
	for k := 0; k < max(1, n/forgedEvery); k++ {
		f[randInt(n)] = true
	}
	return f
}
