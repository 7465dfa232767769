package registry

import (
	"bytes"
	"crypto/rand"
	"errors"
	"reflect"
	"testing"

	"crucible.dev/registry/pluginv1"
)

// TestSealInputs: sealed inputs open into the same inputs under their key
// only, and a sealed buffer cut short or grown does not open.
func TestSealInputs(t *testing.T) {
	ins := [][][]byte{{[]byte("ct one")}, {[]byte("msg"), bytes.Repeat([]byte{7}, 300)}, {{}}, {}}
	key := make([]byte, InputsKeySize)
	rand.Read(key)
	seal := func() []byte {
		s, err := SealInputs(key, ins)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	sealed := seal()
	if bytes.Contains(sealed, []byte("ct one")) || bytes.Contains(sealed, []byte("msg")) {
		t.Fatal("sealed inputs show their plaintext")
	}
	got, err := OpenInputs(key, sealed)
	if err != nil || !reflect.DeepEqual(got, ins) {
		t.Fatalf("opened %q (%v), want %q", got, err, ins)
	}
	other := bytes.Clone(key)
	other[0] ^= 1
	if got, err := OpenInputs(other, seal()); err == nil && reflect.DeepEqual(got, ins) {
		t.Error("another key opened the inputs")
	}
	for _, b := range [][]byte{seal()[:10], append(seal(), 0)} {
		if _, err := OpenInputs(key, b); !errors.Is(err, errSealed) {
			t.Errorf("%d sealed bytes opened: %v", len(b), err)
		}
	}
	if _, err := OpenInputs(key[:16], seal()); !errors.Is(err, errSealed) {
		t.Errorf("a 16-byte key: %v", err)
	}
}

// TestEmptyBallast: the empty loop's preparation seals zero bytes of the
// shape the host sends, and its timed call opens them (and uses them up)
// as a fed trial's opens its inputs; a ballast is refused on any other
// loop and a shape that does not parse, or asks for too much, is refused.
func TestEmptyBallast(t *testing.T) {
	in := &Instance{Name: "sha", Kind: KindHash, Hash: sha256Hash{}}
	s, err := newServer(&Plugin{Name: "p", Instances: []*Instance{in}})
	if err != nil {
		t.Fatal(err)
	}
	ins := [][][]byte{{make([]byte, 100)}, {make([]byte, 3), make([]byte, 70000)}}
	shape := BallastShape(ins, []int{16, 0})
	prep := func(op string, shape []byte) error {
		_, err := s.bench(&pluginv1.BenchRequest{Instance: in.ID(), Op: op, Batch: 2, Prepare: true, Ballast: shape})
		return err
	}
	if err := prep(OpEmpty, shape); err != nil {
		t.Fatal(err)
	}
	sealed := s.prepared.sealed
	if got, err := OpenInputs(s.prepared.ballast.key, bytes.Clone(sealed)); err != nil || !reflect.DeepEqual(got, ins) {
		t.Fatalf("the ballast opens into %d inputs (%v), want %d of the shape's zero bytes", len(got), err, len(ins))
	}
	r, err := s.bench(&pluginv1.BenchRequest{Instance: in.ID(), Op: OpEmpty, Samples: 3, Batch: 2})
	if err != nil {
		t.Fatalf("the empty loop's timed call: %v", err)
	}
	if want := [][]byte{make([]byte, 16), {}}; !reflect.DeepEqual(r.Outputs, want) {
		t.Errorf("the empty loop returned outputs %x, want %x", r.Outputs, want)
	}
	if s.prepared.sealed != nil {
		t.Error("the timed call left the ballast unopened")
	}
	if err := prep(OpHash, shape); !errors.Is(err, errFedInput) {
		t.Errorf("a hash loop took a ballast: %v", err)
	}
	huge := BallastShape([][][]byte{{nil}}, nil)
	huge = append(huge[:2], 0xff, 0xff, 0xff, 0xff, 0x7f, 0) // one part of 2^35-1 bytes
	tooMany := BallastShape([][][]byte{{make([]byte, 1000)}}, []int{maxBallast - 999})
	for _, bad := range [][]byte{shape[:len(shape)-1], append(bytes.Clone(shape), 0), huge, tooMany} {
		if err := prep(OpEmpty, bad); !errors.Is(err, errFedInput) {
			t.Errorf("shape %x: %v", bad, err)
		}
	}
}
