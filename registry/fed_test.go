package registry

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"io"
	"testing"

	"crucible.dev/registry/pluginv1"
)

// TestFedDecaps: a fed loop decapsulates exactly the host's ciphertexts,
// each once, under the host's key, and returns every output in order.
func TestFedDecaps(t *testing.T) {
	k := &countingKEM{seen: map[string]bool{}, keys: map[string]bool{}}
	in := &Instance{Name: "toy", Kind: KindKEM, KEM: k}
	op, _ := FindOp(in, OpDecaps)
	pk, sk, err := k.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	encaps := func(n int) ([][][]byte, [][]byte) {
		var ins [][][]byte
		var want [][]byte
		for i := 0; i < n; i++ {
			ct, ss, err := k.Encapsulate(rand.Reader, pk)
			if err != nil {
				t.Fatal(err)
			}
			ins, want = append(ins, [][]byte{ct}), append(want, ss)
		}
		return ins, want
	}
	warm, _ := encaps(2)
	call, err := PrepareFed(in, op, BenchSpec{Warmup: 5, Setup: [][]byte{sk}, Inputs: warm})
	if err != nil {
		t.Fatal(err)
	}
	ins, want := encaps(12)
	k.seen, k.calls = map[string]bool{}, 0
	r, err := Bench(in, op, BenchSpec{Samples: 3, Batch: 4, Fed: call, Inputs: ins})
	if err != nil {
		t.Fatal(err)
	}
	if k.calls != 12 || len(k.seen) != 12 || len(k.keys) != 1 || !k.keys[string(sk)] {
		t.Errorf("%d calls on %d ciphertexts under %d keys, want 12 on 12 under the host's", k.calls, len(k.seen), len(k.keys))
	}
	for i := range want {
		if !bytes.Equal(r.Outputs[i], want[i]) {
			t.Fatalf("output %d differs from the encapsulated key", i)
		}
	}
	// One input per call: too few or too many is refused before the loop.
	if _, err := Bench(in, op, BenchSpec{Samples: 3, Batch: 5, Fed: call, Inputs: ins}); !errors.Is(err, errFedInput) {
		t.Errorf("12 inputs for 15 calls: %v", err)
	}
}

// TestFedVerify: a rejection is an output, not an error of the loop.
func TestFedVerify(t *testing.T) {
	s := toySig{}
	in := &Instance{Name: "toy", Kind: KindSig, Signature: s}
	op, _ := FindOp(in, OpVerify)
	pk, sk, _ := s.GenerateKey(rand.Reader)
	msg := []byte("message")
	sig, _ := s.Sign(rand.Reader, sk, msg, nil)
	bad := bytes.Clone(sig)
	bad[0] ^= 1
	ins := [][][]byte{{msg, sig}, {msg, bad}}
	call, err := PrepareFed(in, op, BenchSpec{Setup: [][]byte{pk}})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Bench(in, op, BenchSpec{Samples: 1, Batch: 2, Fed: call, Inputs: ins})
	if err != nil {
		t.Fatal(err)
	}
	if string(r.Outputs[0]) != VerifyAccepted || string(r.Outputs[1]) != VerifyRejected {
		t.Errorf("verdicts %q %q, want accepted then rejected", r.Outputs[0], r.Outputs[1])
	}
}

// toySig is a consistent toy signature: pk = H(sk), sig = H(pk, msg),
// which anyone can forge; verify recomputes it.
type toySig struct{}

func (toySig) GenerateKey(r io.Reader) (pk, sk []byte, err error) {
	sk = make([]byte, 32)
	if _, err := io.ReadFull(r, sk); err != nil {
		return nil, nil, err
	}
	h := sha256.Sum256(sk)
	return h[:], sk, nil
}

func (toySig) Sign(_ io.Reader, sk, msg, _ []byte) ([]byte, error) {
	pk := sha256.Sum256(sk)
	h := sha256.Sum256(append(pk[:], msg...))
	return h[:], nil
}

func (toySig) Verify(pk, msg, sig, _ []byte) error {
	h := sha256.Sum256(append(bytes.Clone(pk), msg...))
	if !bytes.Equal(h[:], sig) {
		return errors.New("toy: bad signature")
	}
	return nil
}

// TestProfileAfterFedTrial: a profile asked of the process that has just
// run a fed trial profiles the plugin's own loop; the fed inputs, spent
// by the timed call, are not asked for again.
func TestProfileAfterFedTrial(t *testing.T) {
	k := &countingKEM{seen: map[string]bool{}, keys: map[string]bool{}}
	in := &Instance{Name: "toy", Kind: KindKEM, KEM: k}
	s, err := newServer(&Plugin{Name: "p", Instances: []*Instance{in}})
	if err != nil {
		t.Fatal(err)
	}
	pk, sk, err := k.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	var ins [][][]byte
	for i := 0; i < 4; i++ {
		ct, _, err := k.Encapsulate(rand.Reader, pk)
		if err != nil {
			t.Fatal(err)
		}
		ins = append(ins, [][]byte{ct})
	}
	ctx := context.Background()
	inputsKey := make([]byte, InputsKeySize)
	rand.Read(inputsKey)
	sealed, err := SealInputs(inputsKey, ins)
	if err != nil {
		t.Fatal(err)
	}
	req := &pluginv1.BenchRequest{Instance: "toy", Op: OpDecaps, Samples: 2, Batch: 2, InputsKey: inputsKey}
	early := &pluginv1.BenchRequest{Instance: "toy", Op: OpDecaps, Samples: 2, Batch: 2, Prepare: true, Setup: [][]byte{sk}, SealedInputs: sealed, InputsKey: inputsKey}
	if _, err := s.Bench(ctx, early); err == nil {
		t.Error("the inputs' key was taken with prepare, ahead of the host's clock")
	}
	prep := &pluginv1.BenchRequest{Instance: "toy", Op: OpDecaps, Samples: 2, Batch: 2, Prepare: true, Setup: [][]byte{sk}, SealedInputs: sealed}
	if _, err := s.Bench(ctx, prep); err != nil {
		t.Fatal(err)
	}
	if r, err := s.Bench(ctx, req); err != nil || len(r.Outputs) != len(ins) {
		t.Fatalf("timed call on sealed inputs: %v, %d outputs for %d inputs", err, len(r.GetOutputs()), len(ins))
	}
	if _, err := s.Bench(ctx, req); err == nil {
		t.Error("a fed loop ran twice on one preparation")
	}
	prof := &pluginv1.BenchRequest{Instance: "toy", Op: OpDecaps, Samples: 2, Batch: 2, Profile: true}
	if r, err := s.Bench(ctx, prof); err != nil || len(r.Pprof) == 0 {
		t.Errorf("profile after a fed trial: %v", err)
	}
}

// TestFedKeygen: a fed keygen reads exactly the stream of the host's
// seed, so the host can replay any call through Run with that stream's
// bytes and get the public key the loop returned.
func TestFedKeygen(t *testing.T) {
	k := &countingKEM{seen: map[string]bool{}}
	in := &Instance{Name: "toy", Kind: KindKEM, KEM: k}
	op, _ := FindOp(in, OpKeygen)
	seeds := make([][][]byte, 6)
	for i := range seeds {
		seeds[i] = [][]byte{FreshRand(SeedSize)}
	}
	call, err := PrepareFed(in, op, BenchSpec{Warmup: 2, Inputs: seeds[:2]})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Bench(in, op, BenchSpec{Samples: 3, Batch: 2, Fed: call, Inputs: seeds})
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range seeds {
		rnd := make([]byte, 64)
		if _, err := io.ReadFull(SeedRand(s[0]), rnd); err != nil {
			t.Fatal(err)
		}
		a, err := op.Run(RandReader(rnd), nil)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(r.Outputs[i], JoinParts(a[ArgPK])) {
			t.Errorf("call %d: the loop's public key is not the one its seed's stream gives", i)
		}
	}
	if _, err := call([][]byte{make([]byte, SeedSize-1)}); !errors.Is(err, errFedInput) {
		t.Errorf("a short seed: %v", err)
	}
}

// TestFedEncaps: a fed encapsulation takes the host's key from each input
// and returns ciphertext and shared secret in one output that splits back
// into them.
func TestFedEncaps(t *testing.T) {
	k := &countingKEM{seen: map[string]bool{}}
	in := &Instance{Name: "toy", Kind: KindKEM, KEM: k}
	op, _ := FindOp(in, OpEncaps)
	pk, sk, err := k.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	ins := [][][]byte{{pk}, {pk}, {pk}, {pk}}
	call, err := PrepareFed(in, op, BenchSpec{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Bench(in, op, BenchSpec{Samples: 2, Batch: 2, Fed: call, Inputs: ins})
	if err != nil {
		t.Fatal(err)
	}
	for i, out := range r.Outputs {
		cs, err := SplitParts(out, 2)
		if err != nil {
			t.Fatal(err)
		}
		ct, ss := cs[0], cs[1]
		want, err := k.Decapsulate(sk, ct)
		if err != nil || !bytes.Equal(ss, want) {
			t.Errorf("call %d: the shared secret does not decapsulate from its ciphertext (%v)", i, err)
		}
	}
	for _, bad := range [][]byte{nil, {0x80}, {5, 1, 2}, {1, 1, 1, 2, 3}} {
		if _, err := SplitParts(bad, 2); !errors.Is(err, errFedInput) {
			t.Errorf("split %x: %v", bad, err)
		}
	}
}

// TestFedKEXSteps: a fed init, pass or whole exchange takes its
// randomness from the host's seed and its other inputs from the host's
// exchange, so Run with the seed's stream replays it byte for byte.
func TestFedKEXSteps(t *testing.T) {
	in := &Instance{Name: "toy", Kind: KindKEX, KEX: toyKEX{}}
	tr, err := RunExchange(toyKEX{}, rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	stream := func(seed []byte) io.Reader {
		b := make([]byte, 1024)
		if _, err := io.ReadFull(SeedRand(seed), b); err != nil {
			t.Fatal(err)
		}
		return RandReader(b)
	}
	for _, c := range []struct {
		op   string
		in   func(seed []byte) [][]byte
		args func(parts [][]byte) Args
		out  []string
	}{
		{OpInit(PartyB), func(seed []byte) [][]byte { return [][]byte{seed} },
			func([][]byte) Args { return nil }, []string{ArgPK, ArgSK, ArgSt}},
		{OpExchange, func(seed []byte) [][]byte { return [][]byte{seed} },
			func([][]byte) Args { return nil }, []string{ArgSS}},
		{OpPass(2), func(seed []byte) [][]byte { return tr.PassInputs(2, seed) },
			func(p [][]byte) Args {
				return Args{ArgPK: p[0], ArgSK: p[1], ArgPeerPK: p[2], ArgSt: p[3], ArgIn: p[4]}
			}, []string{ArgOut, ArgSt}},
	} {
		op, _ := FindOp(in, c.op)
		call, err := PrepareFed(in, op, BenchSpec{})
		if err != nil {
			t.Fatal(err)
		}
		seed := FreshRand(SeedSize)
		parts := c.in(seed)
		got, err := call(parts)
		if err != nil {
			t.Fatal(err)
		}
		a, err := op.Run(stream(seed), c.args(parts))
		if err != nil {
			t.Fatal(err)
		}
		var want [][]byte
		for _, name := range c.out {
			want = append(want, a[name])
		}
		if !bytes.Equal(got, JoinParts(want...)) {
			t.Errorf("%s: the fed call's output is not Run's on the seed's stream", c.op)
		}
		if _, err := call(parts[:len(parts)-1]); !errors.Is(err, errFedInput) {
			t.Errorf("%s: an input without its seed: %v", c.op, err)
		}
	}
}

// TestFedOpen: a fed open answers each of the host's ciphertexts with
// the plaintext's fold, and a forged one with a rejection, not an error.
func TestFedOpen(t *testing.T) {
	a := aesGCM{}
	in := &Instance{Name: "toy", Kind: KindAEAD, AEAD: a}
	op, _ := FindOp(in, OpOpen)
	key := make([]byte, a.KeySize())
	rand.Read(key)
	c, _ := a.New(key)
	var ins [][][]byte
	var want [][]byte
	for i := range 3 {
		nonce, msg := make([]byte, c.NonceSize()), make([]byte, 100+i)
		rand.Read(nonce)
		rand.Read(msg)
		ct := c.Seal(nil, nonce, msg, nil)
		ok := i != 1
		if !ok {
			ct[len(ct)/2] ^= 1
		}
		ins, want = append(ins, [][]byte{nonce, ct}), append(want, OpenOutput(msg, ok))
	}
	call, err := PrepareFed(in, op, BenchSpec{Setup: [][]byte{key}})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Bench(in, op, BenchSpec{Samples: 1, Batch: 3, Fed: call, Inputs: ins})
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if !bytes.Equal(r.Outputs[i], want[i]) {
			t.Errorf("output %d: %x, want %x", i, r.Outputs[i], want[i])
		}
	}
	if string(want[1]) != VerifyRejected || len(want[0]) != 1+StreamFoldSize {
		t.Errorf("OpenOutput: %q for a forgery, %d bytes for a plaintext", want[1], len(want[0]))
	}
}
