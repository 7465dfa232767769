package registry

import (
	"bytes"
	"crypto/rand"
	"errors"
	"reflect"
	"testing"
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
