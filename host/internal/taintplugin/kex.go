package main

import (
	"crypto/sha256"
	"errors"
	"io"

	"crucible.dev/registry"
)

// taintKEX is a stand-in two-pass key exchange (not a secure scheme: each
// party sends its ephemeral value in the clear). Its state carries the
// party's ephemeral secret; its derive branches on it, which only a derive
// run alone with the state marked shows under derive_a.
type taintKEX struct{}

func (taintKEX) Passes() int { return 2 }

func (taintKEX) Init(_ registry.Party, r io.Reader) (pk, sk, st []byte, err error) {
	b := make([]byte, 2*keyLen)
	if _, err := io.ReadFull(r, b); err != nil {
		return nil, nil, nil, err
	}
	h := sha256.Sum256(b[:keyLen])
	return h[:], b[:keyLen], b[keyLen:], nil
}

// Pass sends the sender's ephemeral value and keeps its state.
func (taintKEX) Pass(_ int, _ io.Reader, _, _, _, st, _ []byte) (out, newSt []byte, err error) {
	if len(st) != keyLen {
		return nil, nil, errors.New("taint kex: bad state")
	}
	return append([]byte(nil), st...), st, nil
}

func (taintKEX) Derive(_ registry.Party, _, _, _, st, in []byte) ([]byte, error) {
	if len(st) != keyLen || len(in) != keyLen {
		return nil, errors.New("taint kex: bad state or message")
	}
	return leakDerive(st, in), nil
}

// noteOdd is a call the compiler cannot drop, so that the branch on the
// state stays in the code.
//
//go:noinline
func noteOdd() {}

// leakDerive is the XOR of the two ephemeral values, the same for both
// parties, computed beside a branch on the party's own one.
//
//go:noinline
func leakDerive(st, in []byte) []byte {
	if st[3]&1 == 1 { // taint: branch
		noteOdd()
	}
	return xor(st, in)
}
