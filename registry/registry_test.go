package registry

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"io"
	"strings"
	"testing"
)

// toyKEX is a 3-pass exchange on hashes: enough to check the driver's
// bookkeeping (who sends which pass, which state and message each step
// gets), not a secure protocol.
type toyKEX struct{}

func (toyKEX) Passes() int { return 3 }

func (toyKEX) Init(p Party, rand io.Reader) (pk, sk, st []byte, err error) {
	sk = make([]byte, 8)
	if _, err := io.ReadFull(rand, sk); err != nil {
		return nil, nil, nil, err
	}
	h := sha256.Sum256(sk)
	return h[:8], sk, []byte{byte(p)}, nil
}

func (toyKEX) Pass(i int, _ io.Reader, pk, sk, peerPK, st, in []byte) (out, newSt []byte, err error) {
	if want := byte(Sender(i)); st[0] != want {
		return nil, nil, errors.New("pass run with the wrong party's state")
	}
	if (i == 1) != (in == nil) {
		return nil, nil, errors.New("pass 1 gets no message, later passes get the last one")
	}
	out = append([]byte{byte(i)}, pk...)
	return out, append(bytes.Clone(st), out...), nil
}

func (toyKEX) Derive(p Party, pk, sk, peerPK, st, in []byte) ([]byte, error) {
	a, b := pk, peerPK
	if p == PartyB {
		a, b = b, a
	}
	h := sha256.Sum256(append(bytes.Clone(a), b...))
	return h[:], nil
}

func TestRunExchange(t *testing.T) {
	rnd := bytes.NewReader(bytes.Repeat([]byte{7, 1, 9}, 100))
	tr, err := RunExchange(toyKEX{}, rnd)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Msg) != 3 || tr.Msg[1][0] != 2 || !bytes.Equal(tr.Msg[1][1:], tr.PK[1]) {
		t.Fatalf("pass 2 is B's: %x", tr.Msg)
	}
	if got := tr.lastReceived(PartyA); !bytes.Equal(got, tr.Msg[1]) {
		t.Fatalf("A last received %x, want pass 2", got)
	}
	if got := tr.lastReceived(PartyB); !bytes.Equal(got, tr.Msg[2]) {
		t.Fatalf("B last received %x, want pass 3", got)
	}
	if !bytes.Equal(tr.stateBefore(3), tr.StAfter[0]) {
		t.Fatal("A's state before pass 3 is its state after pass 1")
	}
	// Every step replays alone from the transcript.
	for _, op := range Ops(&Instance{Name: "toy", Kind: KindKEX, KEX: toyKEX{}}) {
		body, err := op.Prepare(bytes.NewReader(bytes.Repeat([]byte{3}, 1<<20)), BenchParams{})
		if err != nil {
			t.Fatalf("%s: %v", op.Name, err)
		}
		if err := body(); err != nil {
			t.Fatalf("%s: %v", op.Name, err)
		}
	}
}

func TestRandReaderExact(t *testing.T) {
	r := RandReader([]byte{1, 2, 3})
	b := make([]byte, 2)
	if _, err := io.ReadFull(r, b); err != nil {
		t.Fatal(err)
	}
	if _, err := io.ReadFull(r, b); err == nil || !strings.Contains(err.Error(), "exhausted") {
		t.Fatalf("reading past the given randomness: %v", err)
	}
	if RandReader(nil) != nil {
		t.Fatal("no randomness must be a nil reader")
	}
}

func TestArgsInt(t *testing.T) {
	a := Args{}
	a.SetInt(ArgLength, 42)
	if n, err := a.Int(ArgLength, 0); n != 42 || err != nil {
		t.Fatalf("%d %v", n, err)
	}
	if n, _ := a.Int("absent", 7); n != 7 {
		t.Fatalf("default %d", n)
	}
	a[ArgLength] = []byte("-1")
	if _, err := a.Int(ArgLength, 0); err == nil {
		t.Fatal("a negative length was accepted")
	}
}

func TestInstanceCheck(t *testing.T) {
	for _, ok := range []*Instance{
		{Name: "toy", Kind: KindKEX, KEX: toyKEX{}},
		{Name: "toy", Kind: KindKEX, KEX: toyKEX{}, Extra: []Op{{Name: "twist", Doc: "pk in; out its twist"}}},
	} {
		if err := ok.check(); err != nil {
			t.Fatal(err)
		}
	}
	for _, bad := range []*Instance{
		{Name: "toy", Kind: KindKEM, KEX: toyKEX{}},
		{Name: "", Kind: KindKEX, KEX: toyKEX{}},
		{Name: "toy", Kind: "quantum", KEX: toyKEX{}},
		{Name: "toy", Kind: KindKEX},
		// An operation beyond the kind's own must say what it computes.
		{Name: "toy", Kind: KindKEX, KEX: toyKEX{}, Extra: []Op{{Name: "twist"}}},
		{Name: "toy", Kind: KindKEX, KEX: toyKEX{}, Extra: []Op{{Name: "twist", Doc: "two\nlines"}}},
		// A benchmarked one must make the host's inputs.
		{Name: "toy", Kind: KindKEX, KEX: toyKEX{}, Extra: []Op{{Name: "twist", Doc: "pk in; out its twist",
			Prepare: func(io.Reader, BenchParams) (func() error, error) { return func() error { return nil }, nil }}}},
	} {
		if bad.check() == nil {
			t.Errorf("%+v passed the check", bad)
		}
	}
}
