package registry

import (
	"fmt"
	"io"
)

// Ops returns the operations of an instance: its kind's standard operations
// followed by its Extra ones.
//
// The standard operations by kind:
//
//	kem:  keygen, encaps, decaps, decaps_reject (a ciphertext for another key),
//	      decaps_invalid (a ciphertext with one bit flipped; see kem_invalid.go)
//	sig:  keygen, sign, verify
//	kex:  init_a, init_b, pass1..passN, derive_a, derive_b, exchange (all steps)
//	hash: hash; xof: xof; mac: mac; kdf: kdf; aead: seal, open; drbg: generate
func Ops(in *Instance) []Op {
	var ops []Op
	switch in.Kind {
	case KindKEM:
		ops = kemOps(in.KEM)
	case KindSig:
		ops = sigOps(in.Signature)
	case KindKEX:
		ops = kexOps(in.KEX)
	case KindHash:
		ops = hashOps(in.Hash)
	case KindXOF:
		ops = xofOps(in.XOF)
	case KindMAC:
		ops = macOps(in.MAC)
	case KindKDF:
		ops = kdfOps(in.KDF)
	case KindAEAD:
		ops = aeadOps(in.AEAD)
	case KindDRBG:
		ops = drbgOps(in.DRBG)
	}
	for _, op := range in.Extra {
		if op.Input != nil && op.Fed == nil {
			op.Fed = extraFed(op)
		}
		ops = append(ops, op)
	}
	return ops
}

// FindOp returns the operation named name.
func FindOp(in *Instance, name string) (Op, bool) {
	for _, op := range Ops(in) {
		if op.Name == name {
			return op, true
		}
	}
	return Op{}, false
}

// benchMsg is the message signed and verified in benchmarks when none is
// given: 64 bytes, as the NGCC measurements use.
const benchMsg = 64

// randomMsg is a message of the benchmark's length with random content.
func randomMsg(r io.Reader, p BenchParams) ([]byte, error) {
	msg := make([]byte, len(msgOf(p, benchMsg)))
	if _, err := io.ReadFull(r, msg); err != nil {
		return nil, fmt.Errorf("message: %w", err)
	}
	return msg, nil
}

func msgOf(p BenchParams, def int) []byte {
	n := p.MsgLen
	if n == 0 {
		n = def
	}
	m := make([]byte, n)
	for i := range m {
		m[i] = byte(i)
	}
	return m
}
