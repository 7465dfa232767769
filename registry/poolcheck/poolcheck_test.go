package poolcheck

import (
	"crypto/sha256"
	"io"
	"math"
	"testing"

	"crucible.dev/registry"
)

// hashKEM is a consistent toy KEM: enough for the loops to run and check.
type hashKEM struct{}

func (hashKEM) GenerateKey(r io.Reader) (pk, sk []byte, err error) {
	sk = make([]byte, 32)
	if _, err := io.ReadFull(r, sk); err != nil {
		return nil, nil, err
	}
	h := sha256.Sum256(sk)
	return h[:], sk, nil
}

func (hashKEM) Encapsulate(r io.Reader, pk []byte) (ct, ss []byte, err error) {
	ct = make([]byte, 32)
	if _, err := io.ReadFull(r, ct); err != nil {
		return nil, nil, err
	}
	h := sha256.Sum256(append(append([]byte(nil), pk...), ct...))
	return ct, h[:], nil
}

func (hashKEM) Decapsulate(sk, ct []byte) ([]byte, error) {
	pk := sha256.Sum256(sk)
	h := sha256.Sum256(append(pk[:], ct...))
	return h[:], nil
}

func TestCompare(t *testing.T) {
	in := &registry.Instance{Name: "toy", Kind: registry.KindKEM, KEM: hashKEM{}}
	ops := Pooled(in)
	if len(ops) != 3 {
		t.Fatalf("pooled operations of a KEM: %v", ops)
	}
	r, err := Compare(in, registry.OpDecaps, 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.One) != 6 || len(r.Pool) != 6 || r.Ratio() <= 0 {
		t.Errorf("5 rounds, made 6, gave %d and %d times, ratio %v", len(r.One), len(r.Pool), r.Ratio())
	}
	// Rounds where the loop running second is 10% faster: the ratios
	// alternate 0.9 and 1/0.9, and the pairs cancel it.
	alt := Result{One: []float64{100, 90, 100, 90}, Pool: []float64{90, 100, 90, 100}}
	if got := alt.Ratio(); math.Abs(got-1) > 1e-12 {
		t.Errorf("an order effect alone gives ratio %v, want 1", got)
	}
	if _, err := Compare(in, "nonesuch", 1); err == nil {
		t.Error("an unknown operation was timed")
	}
}
