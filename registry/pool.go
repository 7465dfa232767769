package registry

import (
	"crypto/subtle"
	"errors"
	"fmt"
)

// BenchPool is how many distinct inputs a timed loop cycles through: keys,
// ciphertexts, messages, signatures, exchanges. It is more than any cache
// of recent inputs an implementation might keep, so a loop that repeated
// one input could not be answered from memory.
const BenchPool = 64

// checkEvery is how often a timed loop checks an output it can check
// cheaply (a decapsulated key, a derived secret): one call in checkEvery.
const checkEvery = 8

// ErrWrongOutput marks an operation that returned a wrong answer while it
// was being timed.
var ErrWrongOutput = errors.New("wrong output under timing")

// pooled prepares BenchPool inputs with newInput and returns a loop body
// that runs call on them in turn, asking it to check its output on one
// call in checkEvery.
func pooled[T any](newInput func() (T, error), call func(in T, check bool) error) (func() error, error) {
	pool := make([]T, BenchPool)
	for j := range pool {
		var err error
		if pool[j], err = newInput(); err != nil {
			return nil, err
		}
	}
	i := 0
	return func() error {
		err := call(pool[i%BenchPool], i%checkEvery == 0)
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
