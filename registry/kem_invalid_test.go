package registry

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"io"
	"testing"
)

// pathKEM is a toy KEM with the Fujisaki-Okamoto shape (a format check,
// decryption, re-encryption, implicit rejection) that counts which path
// each decapsulation took. Not a secure scheme: pk and sk are one key.
type pathKEM struct{ malformed, rejected, accepted int }

const pathKeyLen = 16

func (*pathKEM) GenerateKey(r io.Reader) (pk, sk []byte, err error) {
	k := make([]byte, pathKeyLen)
	if _, err := io.ReadFull(r, k); err != nil {
		return nil, nil, err
	}
	return k, bytes.Clone(k), nil
}

// seal is the deterministic "encryption" of m under key: a format byte,
// m masked by the key, and a tag binding both.
func (*pathKEM) seal(key, m []byte) []byte {
	ct := []byte{0x01}
	for i := range m {
		ct = append(ct, m[i]^key[i])
	}
	tag := sha256.Sum256(append(bytes.Clone(m), key...))
	return append(ct, tag[:4]...)
}

func (k *pathKEM) Encapsulate(r io.Reader, pk []byte) (ct, ss []byte, err error) {
	m := make([]byte, pathKeyLen)
	if _, err := io.ReadFull(r, m); err != nil {
		return nil, nil, err
	}
	h := sha256.Sum256(m)
	return k.seal(pk, m), h[:], nil
}

func (k *pathKEM) Decapsulate(sk, ct []byte) ([]byte, error) {
	if len(ct) != 1+pathKeyLen+4 || ct[0] != 0x01 {
		k.malformed++
		return nil, errors.New("malformed ciphertext")
	}
	m := make([]byte, pathKeyLen)
	for i := range m {
		m[i] = ct[1+i] ^ sk[i]
	}
	if !bytes.Equal(k.seal(sk, m), ct) {
		k.rejected++
		h := sha256.Sum256(append(bytes.Clone(sk), ct...))
		return h[:], nil
	}
	k.accepted++
	h := sha256.Sum256(m)
	return h[:], nil
}

// decaps_reject's inputs must all take the implicit-rejection path: they
// decode, and re-encryption refuses them; none is malformed, none accepted.
func TestDecapsRejectTakesRejectionPath(t *testing.T) {
	k := &pathKEM{}
	op := decapsRejectOp(k)
	body, err := op.Prepare(rand.Reader, BenchParams{})
	if err != nil {
		t.Fatal(err)
	}
	k.malformed, k.rejected, k.accepted = 0, 0, 0
	const calls = 3 * BenchPool
	for i := 0; i < calls; i++ {
		if err := body(); err != nil {
			t.Fatal(err)
		}
	}
	if k.rejected != calls || k.malformed != 0 || k.accepted != 0 {
		t.Fatalf("decaps_reject: %d rejected, %d malformed, %d accepted of %d calls; want all rejected",
			k.rejected, k.malformed, k.accepted, calls)
	}
}

// The loop refuses a scheme that accepts a ciphertext made for another key.
func TestDecapsRejectCatchesAcceptance(t *testing.T) {
	op := decapsRejectOp(keylessKEM{})
	body, err := op.Prepare(rand.Reader, BenchParams{})
	if err != nil {
		t.Fatal(err)
	}
	if err := body(); !errors.Is(err, ErrWrongOutput) {
		t.Fatalf("a scheme that ignores its key passed the loop's check: %v", err)
	}
}

// keylessKEM sends its secret in the clear and decapsulates without the
// key: the broken scheme decaps_reject's check exists for.
type keylessKEM struct{}

func (keylessKEM) GenerateKey(r io.Reader) (pk, sk []byte, err error) {
	return (&pathKEM{}).GenerateKey(r)
}

func (keylessKEM) Encapsulate(r io.Reader, _ []byte) (ct, ss []byte, err error) {
	ct = make([]byte, pathKeyLen)
	if _, err := io.ReadFull(r, ct); err != nil {
		return nil, nil, err
	}
	h := sha256.Sum256(ct)
	return ct, h[:], nil
}

func (keylessKEM) Decapsulate(_, ct []byte) ([]byte, error) {
	h := sha256.Sum256(ct)
	return h[:], nil
}

// proberKEM is pathKEM that says which ciphertexts decrypt: decaps_reject
// then flips bits of its own ciphertexts, and each input must still take
// the rejection path (never the format check's refusal, never accepted).
type proberKEM struct{ *pathKEM }

func (proberKEM) ReachesReencryption(_, ct []byte) (bool, error) {
	return len(ct) == 1+pathKeyLen+4 && ct[0] == 0x01, nil
}

func TestDecapsRejectFlipsWhereItDecrypts(t *testing.T) {
	k := proberKEM{&pathKEM{}}
	body, err := decapsRejectOp(k).Prepare(rand.Reader, BenchParams{})
	if err != nil {
		t.Fatal(err)
	}
	k.malformed, k.rejected, k.accepted = 0, 0, 0
	for i := 0; i < BenchPool; i++ {
		if err := body(); err != nil {
			t.Fatal(err)
		}
	}
	if k.rejected != BenchPool || k.malformed != 0 || k.accepted != 0 {
		t.Fatalf("decaps_reject: %d rejected, %d malformed, %d accepted of %d calls; want all rejected",
			k.rejected, k.malformed, k.accepted, BenchPool)
	}
}

// The host's decaps_reject inputs (OpRejectInput, made in the producer)
// take the rejection path as the own loop's do, for a scheme that flips
// bits and one that encapsulates to another key; a fed decaps_invalid
// call returns the scheme's error as an empty output, for the host to
// compare with its producer's.
func TestFedWrongCiphertexts(t *testing.T) {
	plain, flips := &pathKEM{}, &pathKEM{}
	for _, c := range []struct {
		k KEM
		p *pathKEM
	}{{plain, plain}, {proberKEM{flips}, flips}} {
		k, p := c.k, c.p
		pk, sk, err := k.GenerateKey(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		other, _, err := k.GenerateKey(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		reject := rejectInputOp(k)
		call, err := kemFed(k, OpDecapsReject, true)(rand.Reader, BenchParams{}, [][]byte{sk})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 16; i++ {
			o, err := reject.Run(rand.Reader, Args{ArgPK: pk, ArgSK: sk, ArgPeerPK: other})
			if err != nil {
				t.Fatal(err)
			}
			p.malformed, p.rejected, p.accepted = 0, 0, 0
			if out, err := call([][]byte{o[ArgCT]}); err != nil || len(out) == 0 {
				t.Fatalf("%T: decaps_reject on a host input: %x, %v", k, out, err)
			}
			if p.rejected != 1 || p.malformed+p.accepted != 0 {
				t.Fatalf("%T: an OpRejectInput ciphertext took another path: %d rejected, %d malformed, %d accepted", k, p.rejected, p.malformed, p.accepted)
			}
		}
	}
	k := &pathKEM{}
	_, sk, _ := k.GenerateKey(rand.Reader)
	call, err := kemFed(k, OpDecapsInvalid, true)(rand.Reader, BenchParams{}, [][]byte{sk})
	if err != nil {
		t.Fatal(err)
	}
	if out, err := call([][]byte{{0x02}}); err != nil || out == nil || len(out) != 0 {
		t.Errorf("a malformed ciphertext's error: output %x (nil %v), %v; want an empty output", out, out == nil, err)
	}
}
