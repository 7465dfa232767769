package registry

import (
	"bytes"
	"crypto/rand"
	"io"
	"testing"
)

// drawKEX is toyKEX whose passes draw 8 bytes of randomness each, noting
// what every call of pass 2 saw.
type drawKEX struct {
	toyKEX
	seen *[]passSeen
}

type passSeen struct{ pk, peer, drawn []byte }

func (x drawKEX) Pass(i int, r io.Reader, pk, sk, peerPK, st, in []byte) ([]byte, []byte, error) {
	drawn := make([]byte, 8)
	if _, err := io.ReadFull(r, drawn); err != nil {
		return nil, nil, err
	}
	if i == 2 {
		*x.seen = append(*x.seen, passSeen{bytes.Clone(pk), bytes.Clone(peerPK), drawn})
	}
	return x.toyKEX.Pass(i, r, pk, sk, peerPK, st, in)
}

// A pass's two classes run on the same public keys; the fixed class draws
// the same randomness at every call, the random class different
// randomness in each body, the same again when a body runs twice.
func TestKexPassCTHoldsKeys(t *testing.T) {
	var seen []passSeen
	x := drawKEX{seen: &seen}
	var pass2 Op
	for _, op := range kexOps(x) {
		if op.Name == OpPass(2) {
			pass2 = op
		}
	}
	run, err := pass2.CT(rand.Reader, 4)
	if err != nil {
		t.Fatal(err)
	}
	seen = nil // forget the exchanges that made the inputs
	for _, c := range []struct{ class, j int }{{0, 0}, {0, 3}, {0, 0}, {1, 0}, {1, 1}, {1, 2}, {1, 0}} {
		if err := run(c.class, c.j); err != nil {
			t.Fatal(err)
		}
	}
	if len(seen) != 7 {
		t.Fatalf("pass 2 ran %d times, want 7", len(seen))
	}
	for i, s := range seen {
		if !bytes.Equal(s.pk, seen[0].pk) || !bytes.Equal(s.peer, seen[0].peer) {
			t.Errorf("call %d: public keys %x, %x differ from the first call's %x, %x", i, s.pk, s.peer, seen[0].pk, seen[0].peer)
		}
	}
	if !bytes.Equal(seen[0].drawn, seen[1].drawn) || !bytes.Equal(seen[0].drawn, seen[2].drawn) {
		t.Errorf("the fixed class drew %x, %x, %x: want the same bytes", seen[0].drawn, seen[1].drawn, seen[2].drawn)
	}
	if bytes.Equal(seen[3].drawn, seen[4].drawn) || bytes.Equal(seen[4].drawn, seen[5].drawn) || bytes.Equal(seen[3].drawn, seen[0].drawn) {
		t.Errorf("the random class drew %x, %x, %x (fixed %x): want different bytes", seen[3].drawn, seen[4].drawn, seen[5].drawn, seen[0].drawn)
	}
	if !bytes.Equal(seen[3].drawn, seen[6].drawn) {
		t.Errorf("a random body drew %x, then %x: want the same bytes each call", seen[3].drawn, seen[6].drawn)
	}
}

// deriveSeen is what one derive call took.
type deriveSeen struct{ sk, peer, in []byte }

// peerKEX is drawKEX (which notes every pass 2, B's) noting every derive
// as well.
type peerKEX struct {
	drawKEX
	derives *[]deriveSeen
}

func (x peerKEX) Derive(p Party, pk, sk, peerPK, st, in []byte) ([]byte, error) {
	*x.derives = append(*x.derives, deriveSeen{bytes.Clone(sk), bytes.Clone(peerPK), bytes.Clone(in)})
	return x.drawKEX.Derive(p, pk, sk, peerPK, st, in)
}

// A derive's two classes face the same peer: its public key and the
// randomness of its passes are the same in every exchange. The fixed class
// derives from one secret key, the random class from a different one in
// each body.
func TestKexDeriveCTHoldsPeer(t *testing.T) {
	var seen []passSeen
	var derives []deriveSeen
	x := peerKEX{drawKEX{seen: &seen}, &derives}
	var deriveA Op
	for _, op := range kexOps(x) {
		if op.Name == OpDerive(PartyA) {
			deriveA = op
		}
	}
	run, err := deriveA.CT(rand.Reader, 4)
	if err != nil {
		t.Fatal(err)
	}
	// The exchanges that made the inputs: B (the peer) passes 2 on the same
	// key with the same randomness each time, facing A's new keys.
	if len(seen) != 5 {
		t.Fatalf("pass 2 ran %d times, want 5 (one exchange for class 0, 4 for class 1)", len(seen))
	}
	for i, s := range seen {
		if !bytes.Equal(s.pk, seen[0].pk) || !bytes.Equal(s.drawn, seen[0].drawn) {
			t.Errorf("exchange %d: the peer's pass 2 ran on key %x drawing %x, the first on %x drawing %x", i, s.pk, s.drawn, seen[0].pk, seen[0].drawn)
		}
		if i > 0 && bytes.Equal(s.peer, seen[i-1].peer) {
			t.Errorf("exchanges %d and %d: pass 2 faced the same key %x of A", i-1, i, s.peer)
		}
	}
	derives = nil // forget RunExchange's own derives
	for _, c := range []struct{ class, j int }{{0, 0}, {0, 3}, {1, 0}, {1, 1}, {1, 2}} {
		if err := run(c.class, c.j); err != nil {
			t.Fatal(err)
		}
	}
	if len(derives) != 5 {
		t.Fatalf("derive_a ran %d times, want 5", len(derives))
	}
	for i, d := range derives {
		if !bytes.Equal(d.peer, derives[0].peer) {
			t.Errorf("call %d: the peer's key %x differs from the first call's %x", i, d.peer, derives[0].peer)
		}
	}
	if !bytes.Equal(derives[0].sk, derives[1].sk) || !bytes.Equal(derives[0].in, derives[1].in) {
		t.Errorf("the fixed class derived from %x, %x: want one exchange", derives[0].sk, derives[1].sk)
	}
	for i := 2; i < 5; i++ {
		if bytes.Equal(derives[i].sk, derives[i-1].sk) {
			t.Errorf("calls %d and %d derived from the same secret key %x", i-1, i, derives[i].sk)
		}
	}
}
