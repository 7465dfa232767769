package katgate

import (
	"bytes"
	"crypto/sha3"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/plugin"
	"crucible.dev/registry"
)

// Most implementations write no KAT file of their own, yet every one runs
// its instance's standard operations on explicit randomness. So the host
// also drives those operations on inputs and randomness grown from the
// run's seed, which no plugin can know in advance, and compares what each
// implementation of an instance returns with the designated reference's
// answers (or, where the run has no reference, the first implementation's):
// keys, ciphertexts, shared secrets and signatures byte for byte where both
// sides are deterministic given the randomness, and each side's outputs
// through the other's operations (decapsulating the other's ciphertext,
// verifying the other's signature) in every case.

// freshSource names the comparison in KAT results.
const freshSource = "standard operations (fresh seed)"

// opsTranscript is what one implementation answered.
type opsTranscript struct {
	plugin, id string
	reference  bool
	kind       registry.Kind
	// det records which operations gave the same answer twice from the
	// same randomness; an operation that draws randomness of its own
	// cannot be compared byte for byte.
	det  map[string]bool
	vals map[string][]byte // "<op>.<arg>"
}

// freshReader is a stream grown from the run's seed, the instance name and
// a label, so that every implementation of an instance receives the same
// bytes and no plugin can predict them.
func freshReader(seed []byte, instance, label string) io.Reader {
	h := sha3.NewSHAKE256()
	fmt.Fprintf(h, "crucible fresh-seed operations\x00%s\x00%s\x00", instance, label)
	h.Write(seed)
	return h
}

// freshRand is n bytes of freshReader's stream.
func freshRand(seed []byte, instance, label string, n int) []byte {
	b := make([]byte, n)
	io.ReadFull(freshReader(seed, instance, label), b)
	return b
}

// valKey names an output in a transcript: "<op>.<arg>".
func valKey(op, arg string) string { return op + "." + arg }

// randLen is enough randomness for any single operation, rejection sampling
// included.
const randLen = 1 << 16

// twice runs op twice on the same inputs and randomness: the answer, and
// whether the two agree.
func twice(r registry.Runner, op string, rnd []byte, in registry.Args) (registry.Args, bool, error) {
	a, err := r.Run(op, rnd, in)
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", op, err)
	}
	b, err := r.Run(op, rnd, in)
	if err != nil {
		return nil, false, fmt.Errorf("%s (again): %w", op, err)
	}
	same := len(a) == len(b)
	for k, v := range a {
		same = same && bytes.Equal(v, b[k])
	}
	return a, same, nil
}

// transcribe drives the standard operations of the instance's kind from the
// run's seed. It returns nil for a DRBG, whose inputs differ from one
// construction to the next: its output is compared through its KAT files.
func transcribe(r registry.Runner, seed []byte, in *plugin.Instance) (*opsTranscript, error) {
	t := &opsTranscript{kind: in.Kind, det: map[string]bool{}, vals: map[string][]byte{}}
	rnd := func(label string) []byte { return freshRand(seed, in.Name, label, randLen) }
	put := func(op string, out registry.Args, det bool, names ...string) {
		t.det[op] = det
		for _, n := range names {
			if v, ok := out[n]; ok {
				t.vals[valKey(op, n)] = v
			}
		}
	}
	sizes := in.Sizes
	switch t.kind {
	case registry.KindKEM:
		k, det, err := twice(r, registry.OpKeygen, rnd(registry.OpKeygen), nil)
		if err != nil {
			return nil, err
		}
		put(registry.OpKeygen, k, det, registry.ArgPK, registry.ArgSK)
		e, det, err := twice(r, registry.OpEncaps, rnd(registry.OpEncaps), registry.Args{registry.ArgPK: k[registry.ArgPK]})
		if err != nil {
			return nil, err
		}
		put(registry.OpEncaps, e, det, registry.ArgCT, registry.ArgSS)
		d, err := r.Run(registry.OpDecaps, nil, registry.Args{registry.ArgSK: k[registry.ArgSK], registry.ArgCT: e[registry.ArgCT]})
		if err != nil {
			return nil, fmt.Errorf("decaps: %w", err)
		}
		if !bytes.Equal(d[registry.ArgSS], e[registry.ArgSS]) {
			return nil, fmt.Errorf("decapsulation does not recover the encapsulated key")
		}
	case registry.KindSig:
		// 32 bytes: a length every signature scheme here accepts (BIP-340
		// implementations may insist on it).
		msg := freshRand(seed, in.Name, "msg", 32)
		k, det, err := twice(r, registry.OpKeygen, rnd(registry.OpKeygen), nil)
		if err != nil {
			return nil, err
		}
		put(registry.OpKeygen, k, det, registry.ArgPK, registry.ArgSK)
		s, det, err := twice(r, registry.OpSign, rnd(registry.OpSign), registry.Args{registry.ArgSK: k[registry.ArgSK], registry.ArgMsg: msg})
		if err != nil {
			return nil, err
		}
		put(registry.OpSign, s, det, registry.ArgSig)
		t.vals[valKey(registry.OpSign, registry.ArgMsg)] = msg
		if ok, err := verifies(r, k[registry.ArgPK], msg, s[registry.ArgSig]); err != nil || !ok {
			return nil, fmt.Errorf("its own signature from the run's seed does not verify (%v)", err)
		}
	case registry.KindHash, registry.KindXOF, registry.KindMAC, registry.KindKDF, registry.KindAEAD:
		op, args := symmetricInputs(t.kind, sizes, func(label string, n int) []byte { return freshRand(seed, in.Name, label, n) })
		o, det, err := twice(r, op, nil, args)
		if err != nil {
			return nil, err
		}
		if !det {
			return nil, fmt.Errorf("%s gives two answers for the same input", op)
		}
		put(op, o, det, registry.ArgOut, registry.ArgCT)
	case registry.KindKEX:
		x := registry.RemoteKEX(r, r, len(sizes.Messages))
		a, err := registry.RunExchange(x, freshReader(seed, in.Name, registry.OpExchange))
		if err != nil {
			return nil, err
		}
		b, err := registry.RunExchange(x, freshReader(seed, in.Name, registry.OpExchange))
		if err != nil {
			return nil, err
		}
		t.det[registry.OpExchange] = transcriptVals(a, t.vals) == transcriptVals(b, map[string][]byte{})
	default:
		return nil, nil
	}
	return t, nil
}

// transcriptVals stores an exchange's public values in vals and returns
// them joined, for comparing two runs.
func transcriptVals(x *registry.Transcript, vals map[string][]byte) string {
	vals[valKey(registry.OpInit(registry.PartyA), registry.ArgPK)] = x.PK[0]
	vals[valKey(registry.OpInit(registry.PartyB), registry.ArgPK)] = x.PK[1]
	vals[valKey(registry.OpExchange, registry.ArgSS)] = x.SS[0]
	for i, m := range x.Msg {
		vals[valKey(registry.OpPass(i+1), registry.ArgOut)] = m
	}
	var all []byte
	for _, k := range slices.Sorted(maps.Keys(vals)) {
		all = append(append(all, k...), vals[k]...)
	}
	return string(all)
}

// symmetricInputs is the kind's one deterministic operation and its inputs.
func symmetricInputs(kind registry.Kind, s registry.Sizes, rnd func(string, int) []byte) (string, registry.Args) {
	key := max(s.Key, 32)
	msg := rnd("msg", 200)
	a := registry.Args{}
	a.SetInt(registry.ArgLength, 77)
	switch kind {
	case registry.KindHash:
		return registry.OpHash, registry.Args{registry.ArgMsg: msg}
	case registry.KindXOF:
		a[registry.ArgMsg] = msg
		return registry.OpXOF, a
	case registry.KindMAC:
		return registry.OpMAC, registry.Args{registry.ArgKey: rnd("key", key), registry.ArgMsg: msg}
	case registry.KindKDF:
		a[registry.ArgKey], a[registry.ArgSalt], a[registry.ArgInfo] = rnd("key", key), rnd("salt", 16), rnd("info", 16)
		return registry.OpKDF, a
	default: // KindAEAD
		return registry.OpSeal, registry.Args{registry.ArgKey: rnd("key", s.Key), registry.ArgNonce: rnd("nonce", s.Nonce),
			registry.ArgMsg: msg, registry.ArgAD: rnd("ad", 13)}
	}
}

// verifies reports whether r accepts sig on msg under pk.
func verifies(r registry.Runner, pk, msg, sig []byte) (bool, error) {
	v, err := r.Run(registry.OpVerify, nil, registry.Args{registry.ArgPK: pk, registry.ArgMsg: msg, registry.ArgSig: sig})
	if err != nil {
		return false, err
	}
	return string(v[registry.ArgValid]) == "1", nil
}

// opsCompare compares t, run through r, with the baseline b. It returns the
// comparisons made and the first disagreement.
func opsCompare(r registry.Runner, t, b *opsTranscript) (made []string, diff error) {
	same := func(key string) error {
		if x, y := t.vals[key], b.vals[key]; !bytes.Equal(x, y) {
			return fmt.Errorf("%s differs (%d bytes against %d%s)", key, len(x), len(y), firstByte(x, y))
		}
		made = append(made, key)
		return nil
	}
	both := func(op string) bool { return t.det[op] && b.det[op] }
	switch t.kind {
	case registry.KindKEM:
		keysAgree := false
		if both(registry.OpKeygen) {
			if err := same(valKey(registry.OpKeygen, registry.ArgPK)); err != nil {
				return made, err
			}
			keysAgree = true
		}
		if keysAgree && both(registry.OpEncaps) {
			for _, k := range []string{valKey(registry.OpEncaps, registry.ArgCT), valKey(registry.OpEncaps, registry.ArgSS)} {
				if err := same(k); err != nil {
					return made, err
				}
			}
		}
		// The other's ciphertext decapsulated here: with this
		// implementation's key where the keys agree, else with the
		// other's key where the formats agree.
		sk := t.vals[valKey(registry.OpKeygen, registry.ArgSK)]
		if !keysAgree {
			sk = b.vals[valKey(registry.OpKeygen, registry.ArgSK)]
			if len(sk) != len(t.vals[valKey(registry.OpKeygen, registry.ArgSK)]) {
				return made, nil
			}
		}
		d, err := r.Run(registry.OpDecaps, nil, registry.Args{registry.ArgSK: sk, registry.ArgCT: b.vals[valKey(registry.OpEncaps, registry.ArgCT)]})
		if err != nil {
			return made, fmt.Errorf("decapsulating the other's ciphertext: %w", err)
		}
		if !bytes.Equal(d[registry.ArgSS], b.vals[valKey(registry.OpEncaps, registry.ArgSS)]) {
			return made, fmt.Errorf("decapsulating the other's ciphertext gives another shared secret")
		}
		made = append(made, "decaps of its ciphertext")
	case registry.KindSig:
		if both(registry.OpKeygen) {
			if err := same(valKey(registry.OpKeygen, registry.ArgPK)); err != nil {
				return made, err
			}
			if both(registry.OpSign) {
				if err := same(valKey(registry.OpSign, registry.ArgSig)); err != nil {
					return made, err
				}
			}
		}
		pk, msg, sig := b.vals[valKey(registry.OpKeygen, registry.ArgPK)], b.vals[valKey(registry.OpSign, registry.ArgMsg)], b.vals[valKey(registry.OpSign, registry.ArgSig)]
		if ok, err := verifies(r, pk, msg, sig); err != nil || !ok {
			return made, fmt.Errorf("does not accept the other's signature (%v)", err)
		}
		bad := bytes.Clone(sig)
		bad[len(bad)/2] ^= 0x01
		if ok, _ := verifies(r, pk, msg, bad); ok {
			return made, fmt.Errorf("accepts the other's signature with a bit flipped")
		}
		made = append(made, "verify of its signature", "verify of a corrupted one")
	case registry.KindKEX:
		if !both(registry.OpExchange) {
			return made, nil
		}
		fallthrough
	default:
		for _, k := range slices.Sorted(maps.Keys(t.vals)) {
			if err := same(k); err != nil {
				return made, err
			}
		}
	}
	return made, nil
}

// firstByte names the first differing byte of two equal-length strings.
func firstByte(x, y []byte) string {
	if len(x) != len(y) {
		return ""
	}
	for i := range x {
		if x[i] != y[i] {
			return fmt.Sprintf(", first at byte %d", i)
		}
	}
	return ""
}

// freshOps runs the standard operations of an instance from the run's seed
// and compares the answers with the baseline implementation's.
func (c *Gate) freshOps(r registry.Runner, pluginName, id string, in *plugin.Instance, isRef bool) (evidence.KATResult, bool) {
	res := evidence.KATResult{Source: freshSource, Type: "fresh-ops", Provenance: evidence.ProvenanceCrossCheck}
	seed, err := freshSeedBytes(c.FreshSeed)
	if err != nil {
		res.Status, res.Detail = evidence.KATError, err.Error()
		return res, true
	}
	c.Step(pluginName, id, "kat "+freshSource, "")
	t, err := transcribe(r, seed, in)
	if err != nil {
		res.Status, res.Detail = evidence.KATFail, "driving the standard operations from the run's seed: "+err.Error()
		if _, compared := c.freshOpsBase[in.Name]; !compared && !isRef {
			// Nothing to compare with: the functional check reports the
			// broken operation, and a later implementation is compared
			// with another.
			res.Status = evidence.KATNone
		}
		return res, true
	}
	if t == nil {
		return res, false
	}
	t.plugin, t.id, t.reference = pluginName, id, isRef
	b, ok := c.freshOpsBase[in.Name]
	if !ok || (isRef && !b.reference) {
		c.freshOpsBase[in.Name] = t
		res.Status = evidence.KATNone
		res.Detail = fmt.Sprintf("the first implementation of %s in this run: later ones are compared with it", in.Name)
		if !isRef {
			return res, true
		}
		res.Detail = fmt.Sprintf("the designated reference of %s: the others are compared with it", in.Name)
		if ok {
			// The reference ran after another implementation, which is
			// judged now through its answers.
			made, diff := opsCompare(r, t, b)
			res.Records = len(made)
			res.Status, res.Detail = lateVerdict(res.Detail, b.plugin, b.id, diff)
			c.judgeLate(b.plugin, b.id, freshSource, fmt.Sprintf("the designated reference %s %s", pluginName, id), diff)
		}
		return res, true
	}
	made, diff := opsCompare(r, t, b)
	whom := fmt.Sprintf("%s %s", b.plugin, b.id)
	if b.reference {
		whom = "the designated reference, " + whom
	} else {
		whom = "the first implementation in this run, " + whom + " (no designated reference ran)"
	}
	res.Records = len(made)
	switch {
	case diff != nil:
		res.Status, res.Detail = evidence.KATFail, fmt.Sprintf("disagrees with %s: %v", whom, diff)
	case len(made) == 0:
		res.Status, res.Detail = evidence.KATNone, fmt.Sprintf("nothing comparable with %s: the two draw randomness of their own and use different key formats", whom)
	default:
		res.Status, res.Detail = evidence.KATPass, fmt.Sprintf("agrees with %s: %s", whom, strings.Join(made, ", "))
	}
	return res, true
}
