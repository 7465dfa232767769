// Package robust sends malformed inputs to every operation of an instance
// that parses input and counts how it answers: a clear error and the
// scheme's defined answers are expected, a crash or an acceptance of a
// modified input is a finding.
package robust

import (
	"bytes"
	"crypto/rand"
	"errors"
	"fmt"
	"math/big"
	"strconv"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/plugin"
	"crucible.dev/registry"
)

// Counts are the outcomes of the malformed inputs sent to one
// instance. Errors and the scheme's defined answers (implicit rejection,
// "invalid") are expected; the rest are findings.
type Counts struct {
	Cases    int `json:"cases"`
	Errors   int `json:"errors"`   // a clear error
	Defined  int `json:"defined"`  // the scheme's defined behaviour: a rejection key, "invalid"
	Crashes  int `json:"crashes"`  // a panic, a dead process or a hang
	Accepted int `json:"accepted"` // a modified input accepted as the original
}

// malformed are the variants of a valid byte string v the robustness step
// sends: every wrong length, constant and random contents, and single-bit
// flips.
func malformed(v []byte, flips int) map[string][]byte {
	n := len(v)
	m := map[string][]byte{
		"empty":     {},
		"len-1":     bytes.Clone(v[:max(n-1, 0)]),
		"len+1":     append(bytes.Clone(v), 0),
		"huge":      make([]byte, 1<<20),
		"all-zero":  make([]byte, n),
		"all-ff":    bytes.Repeat([]byte{0xff}, n),
		"random":    registry.FreshRand(n),
		"truncated": bytes.Clone(v[:n/2]),
	}
	for i := 0; i < flips && n > 0; i++ {
		j, _ := rand.Int(rand.Reader, big.NewInt(int64(n*8)))
		bit := int(j.Int64())
		f := bytes.Clone(v)
		f[bit/8] ^= 1 << (bit % 8)
		m["flip-bit-"+strconv.Itoa(bit)] = f
	}
	return m
}

// randomness is enough explicit randomness for any single operation.
func randomness() []byte { return registry.FreshRand(1 << 16) }

// crashed reports an error that is a crash rather than a refusal: the
// process died or hung (a TransportError), or the operation panicked.
func crashed(err error) bool {
	var te *plugin.TransportError
	return errors.As(err, &te) || errors.Is(err, registry.ErrPanic)
}

// Check sends malformed inputs to every operation that parses input and
// counts how the instance answers.
func Check(p *plugin.Process, pluginName string, in *plugin.Instance) (Counts, []evidence.Finding) {
	id := in.ID()
	r := p.Runner(id)
	var rc Counts
	var fs []evidence.Finding
	find := func(op, what string) {
		fs = append(fs, evidence.Finding{Plugin: pluginName, Instance: id, Op: op, What: "robust", Detail: what})
	}
	// try runs one case; ok says whether an answer without error is the
	// defined behaviour (true) or an acceptance of bad input (false).
	try := func(op, variant string, rnd []byte, args registry.Args, judge func(registry.Args) (defined bool)) bool {
		rc.Cases++
		out, err := r.Run(op, rnd, args)
		switch {
		case err != nil && crashed(err):
			rc.Crashes++
			find(op, fmt.Sprintf("%s input: %v", variant, evidence.FirstLine(err.Error())))
			return !p.Exited()
		case err != nil:
			rc.Errors++
		case judge(out):
			rc.Defined++
		default:
			rc.Accepted++
			find(op, variant+" input accepted as the original")
		}
		return true
	}
	const flips = 16
	switch registry.Kind(in.Kind) {
	case registry.KindKEM:
		k, err := r.Run(registry.OpKeygen, randomness(), nil)
		if err != nil {
			return rc, fs
		}
		e, err := r.Run(registry.OpEncaps, randomness(), registry.Args{registry.ArgPK: k[registry.ArgPK]})
		if err != nil {
			return rc, fs
		}
		ss := e[registry.ArgSS]
		for v, ct := range malformed(e[registry.ArgCT], flips) {
			if !try(registry.OpDecaps, "ct "+v, nil, registry.Args{registry.ArgSK: k[registry.ArgSK], registry.ArgCT: ct},
				func(o registry.Args) bool { return !bytes.Equal(o[registry.ArgSS], ss) }) {
				return rc, fs
			}
		}
		for v, pk := range malformed(k[registry.ArgPK], 4) {
			if !try(registry.OpEncaps, "pk "+v, randomness(), registry.Args{registry.ArgPK: pk},
				func(registry.Args) bool { return true }) {
				return rc, fs
			}
		}
		for v, sk := range malformed(k[registry.ArgSK], 0) {
			if !try(registry.OpDecaps, "sk "+v, nil, registry.Args{registry.ArgSK: sk, registry.ArgCT: e[registry.ArgCT]},
				func(registry.Args) bool { return true }) {
				return rc, fs
			}
		}
	case registry.KindSig:
		k, err := r.Run(registry.OpKeygen, randomness(), nil)
		if err != nil {
			return rc, fs
		}
		msg := []byte("crucible robustness message")
		s, err := r.Run(registry.OpSign, randomness(), registry.Args{registry.ArgSK: k[registry.ArgSK], registry.ArgMsg: msg})
		if err != nil {
			return rc, fs
		}
		invalid := func(o registry.Args) bool { return string(o[registry.ArgValid]) == "0" }
		for v, sig := range malformed(s[registry.ArgSig], flips) {
			if !try(registry.OpVerify, "sig "+v, nil, registry.Args{registry.ArgPK: k[registry.ArgPK], registry.ArgMsg: msg, registry.ArgSig: sig}, invalid) {
				return rc, fs
			}
		}
		for v, pk := range malformed(k[registry.ArgPK], flips/4) {
			if !try(registry.OpVerify, "pk "+v, nil, registry.Args{registry.ArgPK: pk, registry.ArgMsg: msg, registry.ArgSig: s[registry.ArgSig]}, invalid) {
				return rc, fs
			}
		}
		for v, sk := range malformed(k[registry.ArgSK], 0) {
			if !try(registry.OpSign, "sk "+v, randomness(), registry.Args{registry.ArgSK: sk, registry.ArgMsg: msg},
				func(registry.Args) bool { return true }) {
				return rc, fs
			}
		}
	case registry.KindKEX:
		n := len(in.Sizes.Messages)
		t, err := registry.RunExchange(registry.RemoteKEX(r, r, n), rand.Reader)
		if err != nil {
			return rc, fs
		}
		st := [2][]byte{t.St[0], t.St[1]}
		for i := 2; i <= n; i++ {
			s := registry.PartyIndex(registry.Sender(i))
			if len(t.Msg[i-2]) > 0 {
				for v, m := range malformed(t.Msg[i-2], flips/2) {
					// Any answer but a crash is acceptable here: whether a
					// modified message is detected at this pass or later is
					// the protocol's business.
					if !try(registry.OpPass(i), fmt.Sprintf("message %d %s", i-1, v), randomness(), registry.Args{
						registry.ArgPK: t.PK[s], registry.ArgSK: t.SK[s], registry.ArgPeerPK: t.PK[1-s],
						registry.ArgSt: st[s], registry.ArgIn: m}, func(registry.Args) bool { return true }) {
						return rc, fs
					}
				}
			}
		}
	case registry.KindAEAD:
		key := make([]byte, in.Sizes.Key)
		nonce := make([]byte, in.Sizes.Nonce)
		msg := []byte("crucible robustness message")
		s, err := r.Run(registry.OpSeal, nil, registry.Args{registry.ArgKey: key, registry.ArgNonce: nonce, registry.ArgMsg: msg})
		if err != nil {
			return rc, fs
		}
		for v, ct := range malformed(s[registry.ArgCT], flips) {
			if !try(registry.OpOpen, "ct "+v, nil, registry.Args{registry.ArgKey: key, registry.ArgNonce: nonce, registry.ArgCT: ct},
				func(o registry.Args) bool { return string(o[registry.ArgValid]) == "0" }) {
				return rc, fs
			}
		}
	}
	return rc, fs
}
