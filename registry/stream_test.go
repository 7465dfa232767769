package registry

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"hash"
	"io"
	"testing"
)

// sha256Hash is SHA-256 as a registry Hash.
type sha256Hash struct{}

func (sha256Hash) Size() int { return sha256.Size }
func (sha256Hash) Sum(dst, msg []byte) []byte {
	d := sha256.Sum256(msg)
	return append(dst, d[:]...)
}

// hmacSHA256 is HMAC-SHA256 as a registry MAC.
type hmacSHA256 struct{}

func (hmacSHA256) KeySize() int                      { return 32 }
func (hmacSHA256) New(key []byte) (hash.Hash, error) { return hmac.New(sha256.New, key), nil }

// aesGCM is AES-256-GCM as a registry AEAD.
type aesGCM struct{}

func (aesGCM) KeySize() int { return 32 }
func (aesGCM) New(key []byte) (cipher.AEAD, error) {
	b, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(b)
}

// TestStreamInput: every call's input differs from every other's in each
// 64-byte block of each part, and only where the call's number is written.
func TestStreamInput(t *testing.T) {
	base := [][]byte{bytes.Repeat([]byte{0xaa}, 12), bytes.Repeat([]byte{0x55}, 200), {0x11, 0x22, 0x33}}
	StreamInput(base, 0x0102030405060708)
	for _, off := range []int{0, 64, 128, 192} {
		if got := binary.LittleEndian.Uint64(base[1][off:]); off+8 <= 200 && got != 0x0102030405060708 {
			t.Errorf("block at %d holds %#x", off, got)
		}
	}
	if !bytes.Equal(base[1][8:64], bytes.Repeat([]byte{0x55}, 56)) || !bytes.Equal(base[0][8:], []byte{0xaa, 0xaa, 0xaa, 0xaa}) {
		t.Errorf("bytes beyond the call's number changed: %x %x", base[0], base[1][:64])
	}
	if !bytes.Equal(base[2], []byte{0x08, 0x07, 0x06}) {
		t.Errorf("a short part holds %x, want the number's first bytes", base[2])
	}
	tail := bytes.Repeat([]byte{0x55}, 69)
	StreamInput([][]byte{tail}, 0x0102030405060708)
	if !bytes.Equal(tail[64:], []byte{0x08, 0x07, 0x06, 0x05, 0x04}) {
		t.Errorf("a last block of 5 bytes holds %x, want the number's first 5 bytes", tail[64:])
	}
	if Fold([]byte{1, 0, 0, 0, 0, 0, 0, 0, 2}) != 3 || Fold(nil) != 0 {
		t.Error("Fold does not XOR the words, the last padded with zeros")
	}
}

// TestStreamedLoops: a streamed loop of each symmetric kind works on the
// host's base with each call's number written in, and returns one fold
// per call that the host recomputes through Run.
func TestStreamedLoops(t *testing.T) {
	key := bytes.Repeat([]byte{7}, 32)
	for _, c := range []struct {
		in    *Instance
		op    string
		setup [][]byte
		base  func() [][]byte
		args  func(parts [][]byte) Args
		fold  func(Args) []byte
	}{
		{&Instance{Name: "sha", Kind: KindHash, Hash: sha256Hash{}}, OpHash, nil,
			func() [][]byte { return [][]byte{FreshRand(100)} },
			func(p [][]byte) Args { return Args{ArgMsg: p[0]} },
			func(a Args) []byte { return a[ArgOut] }},
		{&Instance{Name: "hmac", Kind: KindMAC, MAC: hmacSHA256{}}, OpMAC, [][]byte{key},
			func() [][]byte { return [][]byte{FreshRand(64)} },
			func(p [][]byte) Args { return Args{ArgKey: key, ArgMsg: p[0]} },
			func(a Args) []byte { return a[ArgOut] }},
		{&Instance{Name: "gcm", Kind: KindAEAD, AEAD: aesGCM{}}, OpSeal, [][]byte{key},
			func() [][]byte { return [][]byte{FreshRand(12), FreshRand(80)} },
			func(p [][]byte) Args { return Args{ArgKey: key, ArgNonce: p[0], ArgMsg: p[1]} },
			func(a Args) []byte { return a[ArgCT][len(a[ArgCT])-16:] }},
	} {
		op, ok := FindOp(c.in, c.op)
		if !ok || !op.Stream {
			t.Fatalf("%s: no streamed %s", c.in.Name, c.op)
		}
		call, err := PrepareFed(c.in, op, BenchSpec{Warmup: 3, Setup: c.setup, Inputs: [][][]byte{c.base()}})
		if err != nil {
			t.Fatal(err)
		}
		base := c.base()
		orig := [][]byte{}
		for _, p := range base {
			orig = append(orig, bytes.Clone(p))
		}
		r, err := Bench(c.in, op, BenchSpec{Samples: 3, Batch: 4, Fed: call, Inputs: [][][]byte{base}})
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Outputs) != 1 || len(r.Outputs[0]) != 12*StreamFoldSize {
			t.Fatalf("%s: outputs %d, want one of %d bytes", c.in.Name, len(r.Outputs), 12*StreamFoldSize)
		}
		seen := map[uint64]bool{}
		for i := uint64(0); i < 12; i++ {
			StreamInput(orig, i)
			a, err := op.Run(nil, c.args(orig))
			if err != nil {
				t.Fatal(err)
			}
			got := binary.LittleEndian.Uint64(r.Outputs[0][StreamFoldSize*i:])
			if got != Fold(c.fold(a)) {
				t.Errorf("%s call %d: fold %#x, want %#x", c.in.Name, i, got, Fold(c.fold(a)))
			}
			seen[got] = true
		}
		if len(seen) != 12 {
			t.Errorf("%s: %d distinct folds of 12 calls", c.in.Name, len(seen))
		}
		// The producer's check: the same folds from one OpStreamReplay
		// call, in the order asked.
		srv, err := newServer(&Plugin{Name: "p", Instances: []*Instance{c.in}})
		if err != nil {
			t.Fatal(err)
		}
		_, replay, err := srv.op(c.in.ID(), OpStreamReplay)
		if err != nil {
			t.Fatal(err)
		}
		calls := []uint64{11, 0, 5}
		a := Args{ArgOp: []byte(c.op), ArgIn: JoinParts(base...), ArgCalls: nil}
		for _, i := range calls {
			a[ArgCalls] = binary.LittleEndian.AppendUint64(a[ArgCalls], i)
		}
		if len(c.setup) > 0 {
			a[ArgKey] = c.setup[0]
		}
		got, err := replay.Run(nil, a)
		if err != nil {
			t.Fatalf("%s: %s: %v", c.in.Name, OpStreamReplay, err)
		}
		for k, i := range calls {
			if f := got[ArgFolds][8*k : 8*k+8]; !bytes.Equal(f, r.Outputs[0][StreamFoldSize*i:StreamFoldSize*(i+1)]) {
				t.Errorf("%s: replayed call %d folds %x, the loop's %x", c.in.Name, i, f, r.Outputs[0][StreamFoldSize*i:StreamFoldSize*(i+1)])
			}
		}
		a[ArgCalls] = a[ArgCalls][:7]
		if _, err := replay.Run(nil, a); err == nil {
			t.Errorf("%s: %s took 7 bytes of call numbers", c.in.Name, OpStreamReplay)
		}
		if _, err := Bench(c.in, op, BenchSpec{Samples: 1, Batch: 1, Fed: call, Inputs: [][][]byte{base, base}}); !errors.Is(err, errFedInput) {
			t.Errorf("%s: two base inputs: %v", c.in.Name, err)
		}
	}
}

// counterDRBG is a stand-in DRBG: output block i is SHA-256 of the seed
// and i, and every Read starts a new block, as a DRBG that updates its
// state after each call would.
type counterDRBG struct{}

func (counterDRBG) SeedSize() int { return 48 }
func (counterDRBG) New(seed, _, _ []byte) (io.Reader, error) {
	return &counterState{seed: seed}, nil
}

type counterState struct {
	seed []byte
	n    uint64
}

func (s *counterState) Read(p []byte) (int, error) {
	for off := 0; off < len(p); off += sha256.Size {
		b := sha256.Sum256(binary.LittleEndian.AppendUint64(bytes.Clone(s.seed), s.n))
		s.n++
		copy(p[off:], b[:])
	}
	return len(p), nil
}

// TestStreamedGenerate: a generate loop instantiates one state on the
// host's seed as call 0 finds it, whatever the warm-up read before, and
// each call's fold is what Run with a count gives on that seed; Run
// without a count is the one call the KAT replay checks.
func TestStreamedGenerate(t *testing.T) {
	in := &Instance{Name: "ctr", Kind: KindDRBG, DRBG: counterDRBG{}}
	op, ok := FindOp(in, OpGenerate)
	if !ok || !op.Stream {
		t.Fatal("no streamed generate")
	}
	p := BenchParams{OutLen: 40}
	call, err := PrepareFed(in, op, BenchSpec{Params: p, Warmup: 3, Inputs: [][][]byte{{FreshRand(48)}}})
	if err != nil {
		t.Fatal(err)
	}
	seed := FreshRand(48)
	base := [][]byte{bytes.Clone(seed)}
	r, err := Bench(in, op, BenchSpec{Params: p, Samples: 3, Batch: 4, Fed: call, Inputs: [][][]byte{base}})
	if err != nil {
		t.Fatal(err)
	}
	StreamInput([][]byte{seed}, 0)
	a := Args{ArgKey: seed}
	a.SetInt(ArgLength, 40)
	a.SetInt(ArgCount, 12)
	want, err := op.Run(nil, a)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Outputs) != 1 || !bytes.Equal(r.Outputs[0], want[ArgFolds]) {
		t.Errorf("folds %x, want %x", r.Outputs, want[ArgFolds])
	}
	delete(a, ArgCount)
	one, err := op.Run(nil, a)
	if err != nil {
		t.Fatal(err)
	}
	if len(one[ArgOut]) != 40 || binary.LittleEndian.Uint64(want[ArgFolds]) != Fold(one[ArgOut]) {
		t.Errorf("Run without a count gave %x, not call 0's output", one[ArgOut])
	}
	// Its calls follow one another on one state: OpStreamReplay, which
	// runs each call on its own, refuses it.
	srv, err := newServer(&Plugin{Name: "p", Instances: []*Instance{in}})
	if err != nil {
		t.Fatal(err)
	}
	_, replay, err := srv.op(in.ID(), OpStreamReplay)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := replay.Run(nil, Args{ArgOp: []byte(OpGenerate), ArgIn: JoinParts(seed), ArgCalls: make([]byte, 8)}); err == nil {
		t.Errorf("%s replayed generate's calls one by one", OpStreamReplay)
	}
}
