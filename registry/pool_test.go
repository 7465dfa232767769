package registry

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"io"
	"testing"
)

// countingKEM is a consistent toy KEM that remembers which ciphertexts it
// was asked to decapsulate, and may start lying after a number of calls.
type countingKEM struct {
	seen    map[string]bool
	keys    map[string]bool // secret keys decapsulated with, when non-nil
	calls   int
	lieFrom int // 0: never
}

func (k *countingKEM) GenerateKey(r io.Reader) (pk, sk []byte, err error) {
	sk = make([]byte, 32)
	if _, err := io.ReadFull(r, sk); err != nil {
		return nil, nil, err
	}
	h := sha256.Sum256(sk)
	return h[:], sk, nil
}

func (k *countingKEM) Encapsulate(r io.Reader, pk []byte) (ct, ss []byte, err error) {
	ct = make([]byte, 32)
	if _, err := io.ReadFull(r, ct); err != nil {
		return nil, nil, err
	}
	h := sha256.Sum256(append(bytes.Clone(pk), ct...))
	return ct, h[:], nil
}

func (k *countingKEM) Decapsulate(sk, ct []byte) ([]byte, error) {
	k.calls++
	k.seen[string(ct)] = true
	if k.keys != nil {
		k.keys[string(sk)] = true
	}
	if k.lieFrom > 0 && k.calls >= k.lieFrom {
		return make([]byte, 32), nil
	}
	pk := sha256.Sum256(sk)
	h := sha256.Sum256(append(pk[:], ct...))
	return h[:], nil
}

func decapsBody(t *testing.T, k *countingKEM) func() error {
	op, _ := FindOp(&Instance{Name: "toy", Kind: KindKEM, KEM: k}, "decaps")
	body, err := op.Prepare(rand.Reader, BenchParams{})
	if err != nil {
		t.Fatal(err)
	}
	return body
}

// TestPooledInputs: a timed decapsulation loop never repeats an input
// within BenchPool calls, so no cache of recent inputs can answer it.
func TestPooledInputs(t *testing.T) {
	k := &countingKEM{seen: map[string]bool{}}
	body := decapsBody(t, k)
	k.seen = map[string]bool{}
	for i := 0; i < BenchPool; i++ {
		if err := body(); err != nil {
			t.Fatal(err)
		}
	}
	if len(k.seen) != BenchPool {
		t.Errorf("%d distinct ciphertexts in %d calls, want %d", len(k.seen), BenchPool, BenchPool)
	}
}

// TestWrongOutputUnderTiming: an implementation that starts returning a
// wrong key once it is being timed stops the loop within checkEvery calls.
func TestWrongOutputUnderTiming(t *testing.T) {
	k := &countingKEM{seen: map[string]bool{}}
	body := decapsBody(t, k)
	k.lieFrom = k.calls + 10
	var err error
	n := 0
	for ; n < 100 && err == nil; n++ {
		err = body()
	}
	if !errors.Is(err, ErrWrongOutput) || n > 10+checkEvery {
		t.Errorf("after %d calls: %v, want ErrWrongOutput within %d", n, err, 10+checkEvery)
	}
}

// TestPoolSize: BenchParams.Pool sets how many distinct ciphertexts the
// loop cycles through (one, for measuring what the pool itself costs),
// and the loop decapsulates them all under one key pair.
func TestPoolSize(t *testing.T) {
	for _, n := range []int{1, 5} {
		k := &countingKEM{seen: map[string]bool{}, keys: map[string]bool{}}
		op, _ := FindOp(&Instance{Name: "toy", Kind: KindKEM, KEM: k}, OpDecaps)
		body, err := op.Prepare(rand.Reader, BenchParams{Pool: n})
		if err != nil {
			t.Fatal(err)
		}
		k.seen, k.keys = map[string]bool{}, map[string]bool{}
		for range 3 * BenchPool {
			if err := body(); err != nil {
				t.Fatal(err)
			}
		}
		if len(k.seen) != n || len(k.keys) != 1 {
			t.Errorf("Pool %d: %d distinct ciphertexts under %d keys, want %d under 1", n, len(k.seen), len(k.keys), n)
		}
	}
}
