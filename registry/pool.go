package registry

import (
	"crypto/subtle"
	"errors"
	"fmt"
)

// BenchPool is how many distinct inputs a timed loop cycles through:
// ciphertexts, messages, signatures, exchanges. It is more than any cache
// of recent inputs an implementation might keep, so a loop that repeated
// one input could not be answered from memory.
//
// A loop that uses a key keeps one key pair, as an application keeps its
// key, and varies what varies in use: the ciphertexts decapsulated, the
// messages signed, the signatures verified. Varying the key as well would
// time something else: with 64 keys cycled, circl's ML-KEM-768 decaps
// takes 20 to 45% longer than with one, though 64 copies of one key and
// ciphertext take no longer (BenchmarkDecapsInputs in plugins/mlkem),
// because the branches of sampling a key's matrix no longer repeat for the
// branch predictor to learn. A key exchange is ephemeral, so its loops
// cycle through whole exchanges.
const BenchPool = 64

// checkEvery is how often a timed loop checks an output it can check
// cheaply (a decapsulated key, a derived secret): one call in checkEvery.
const checkEvery = 8

// ErrWrongOutput marks an operation that returned a wrong answer while it
// was being timed.
var ErrWrongOutput = errors.New("wrong output under timing")

// pooled prepares p.Pool inputs (BenchPool by default) with newInput and
// returns a loop body that runs call on them in turn, asking it to check
// its output on one call in checkEvery.
func pooled[T any](p BenchParams, newInput func() (T, error), call func(in T, check bool) error) (func() error, error) {
	n := p.Pool
	if n <= 0 {
		n = BenchPool
	}
	pool := make([]T, n)
	for j := range pool {
		var err error
		if pool[j], err = newInput(); err != nil {
			return nil, err
		}
	}
	i := 0
	return func() error {
		err := call(pool[i%n], i%checkEvery == 0)
		i++
		return err
	}, nil
}

// same checks an output against the one recorded when the input was made.
func same(what string, got, want []byte) error {
	if subtle.ConstantTimeCompare(got, want) != 1 {
		return fmt.Errorf("%s: %w", what, ErrWrongOutput)
	}
	return nil
}
