package registry

import (
	"bytes"
	"crypto/sha256"
	"io"
	"testing"
)

// mixOp is an operation beyond a kind's own for the tests: key and msg
// in, out SHA-256 of both and 8 bytes of the call's randomness.
var mixOp = Op{Name: "mix", Doc: "key and msg in; out SHA-256 of both and of 8 bytes of randomness",
	Run: func(r io.Reader, in Args) (Args, error) {
		nonce := make([]byte, 8)
		if _, err := io.ReadFull(r, nonce); err != nil {
			return nil, err
		}
		d := sha256.Sum256(bytes.Join([][]byte{in[ArgKey], in[ArgMsg], nonce}, nil))
		return Args{ArgOut: d[:]}, nil
	},
	Prepare: func(io.Reader, BenchParams) (func() error, error) { return func() error { return nil }, nil },
	Input: func(key, rand io.Reader, p BenchParams) (Args, error) {
		k, msg := make([]byte, 16), make([]byte, p.MsgLen)
		if _, err := io.ReadFull(key, k); err != nil {
			return nil, err
		}
		if _, err := io.ReadFull(rand, msg); err != nil {
			return nil, err
		}
		return Args{ArgKey: k, ArgMsg: msg}, nil
	}}

// TestExtraFed: an operation beyond the kind's own gets its inputs from
// its Input through OpFedInput, the key the same for one loop's seed and
// the rest each input's own, and its fed call's output is what Run gives
// on the same arguments and the stream of the same seed.
func TestExtraFed(t *testing.T) {
	in := &Instance{Name: "toy", Kind: KindKEX, KEX: toyKEX{}, Extra: []Op{mixOp}}
	if err := in.check(); err != nil {
		t.Fatal(err)
	}
	op, ok := FindOp(in, "mix")
	if !ok || op.Fed == nil {
		t.Fatal("no fed mix")
	}
	loop := FreshRand(SeedSize)
	input := func(key []byte) Args {
		a := Args{ArgOp: []byte("mix"), ArgKey: key}
		a.SetInt(ArgLength, 24)
		got, err := fedInputOp(in).Run(RandReader(FreshRand(64)), a)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	a, b, c := input(loop), input(loop), input(FreshRand(SeedSize))
	if !bytes.Equal(a[ArgKey], b[ArgKey]) || bytes.Equal(a[ArgMsg], b[ArgMsg]) || bytes.Equal(a[ArgKey], c[ArgKey]) || len(a[ArgMsg]) != 24 {
		t.Errorf("inputs %x, %x (same loop) and %x: the key must follow the loop's seed, the message each input's randomness", a, b, c)
	}
	call, err := PrepareFed(in, op, BenchSpec{})
	if err != nil {
		t.Fatal(err)
	}
	seed := FreshRand(SeedSize)
	out, err := call(append(ArgParts(a), seed))
	if err != nil {
		t.Fatal(err)
	}
	args, s, err := FedArgs("mix", append(ArgParts(a), seed))
	if err != nil || !bytes.Equal(s, seed) || !bytes.Equal(args[ArgMsg], a[ArgMsg]) {
		t.Fatalf("FedArgs gave %x, %x, %v", args, s, err)
	}
	rnd := make([]byte, 8)
	if _, err := io.ReadFull(SeedRand(seed), rnd); err != nil {
		t.Fatal(err)
	}
	want, err := mixOp.Run(RandReader(rnd), a)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, FedOutput(want)) {
		t.Errorf("fed output %x, want %x", out, FedOutput(want))
	}
	if _, err := call(ArgParts(a)); err == nil {
		t.Error("an input without its seed was taken")
	}
	if _, err := fedInputOp(in).Run(RandReader(FreshRand(64)), Args{ArgOp: []byte("twist"), ArgKey: loop}); err == nil {
		t.Error("an input was made for an operation with no Input")
	}
}

// TestStandard: Standard names every operation Ops lists for a kind and
// none beyond it.
func TestStandard(t *testing.T) {
	for _, in := range []*Instance{
		{Kind: KindKEX, KEX: toyKEX{}, Extra: []Op{mixOp}},
		{Kind: KindHash, Hash: sha256Hash{}, Extra: []Op{mixOp}},
		{Kind: KindMAC, MAC: hmacSHA256{}, Extra: []Op{mixOp}},
		{Kind: KindAEAD, AEAD: aesGCM{}, Extra: []Op{mixOp}},
		{Kind: KindDRBG, DRBG: counterDRBG{}, Extra: []Op{mixOp}},
	} {
		for _, op := range Ops(in) {
			if Standard(in.Kind, op.Name) != (op.Name != "mix") {
				t.Errorf("%s %s: Standard says %v", in.Kind, op.Name, Standard(in.Kind, op.Name))
			}
		}
	}
	if Standard(KindKEX, "pass0") || Standard(KindKEX, "pass01") || !Standard(KindKEX, "pass12") {
		t.Error("Standard misreads a pass's name")
	}
}
