// Package interop checks implementations of one instance against each
// other: each consumes the keys, ciphertexts, signatures and messages every
// other produces, in their standard encodings.
package interop

import (
	"bytes"
	"crypto/rand"
	"fmt"

	"crucible.dev/registry"
)

// Impl is one implementation of an instance, in a running plugin.
type Impl struct {
	Plugin  string
	ID      string // the instance's ID in its plugin
	Kind    registry.Kind
	Passes  int // a key exchange's passes
	KeySize int // a keyed primitive's key length; 0 for the default
	R       registry.Runner
}

// Label names the implementation in a matrix: plugin:instance.
func (m Impl) Label() string { return m.Plugin + ":" + m.ID }

// Pair checks that y consumes what x produces, over rounds fresh keys:
// for a KEM, y encapsulates to x's public key and x decapsulates; for a
// signature, x signs and y verifies under x's public key; for a key
// exchange, x is party A and y party B; deterministic symmetric primitives
// must agree on the same input.
func Pair(x, y Impl, rounds int) error {
	for i := 0; i < rounds; i++ {
		var err error
		switch x.Kind {
		case registry.KindKEM:
			err = kemPair(x, y)
		case registry.KindSig:
			err = sigPair(x, y)
		case registry.KindKEX:
			err = kexPair(x, y)
		default:
			err = symPair(x, y)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func kemPair(x, y Impl) error {
	seed := registry.FreshRand(1 << 12)
	kx, err := x.R.Run(registry.OpKeygen, seed, nil)
	if err != nil {
		return fmt.Errorf("%s keygen: %w", x.Label(), err)
	}
	// The same keygen randomness gives the same public key in every
	// implementation of a derandomised standard.
	if ky, err := y.R.Run(registry.OpKeygen, seed, nil); err == nil && !bytes.Equal(ky[registry.ArgPK], kx[registry.ArgPK]) {
		return fmt.Errorf("the same keygen randomness gives different public keys")
	}
	e, err := y.R.Run(registry.OpEncaps, registry.FreshRand(1<<12), registry.Args{registry.ArgPK: kx[registry.ArgPK]})
	if err != nil {
		return fmt.Errorf("%s encaps to %s's key: %w", y.Label(), x.Label(), err)
	}
	d, err := x.R.Run(registry.OpDecaps, nil, registry.Args{registry.ArgSK: kx[registry.ArgSK], registry.ArgCT: e[registry.ArgCT]})
	if err != nil {
		return fmt.Errorf("%s decaps: %w", x.Label(), err)
	}
	if !bytes.Equal(d[registry.ArgSS], e[registry.ArgSS]) {
		return fmt.Errorf("shared secrets differ")
	}
	return nil
}

func sigPair(x, y Impl) error {
	k, err := x.R.Run(registry.OpKeygen, registry.FreshRand(1<<12), nil)
	if err != nil {
		return fmt.Errorf("%s keygen: %w", x.Label(), err)
	}
	msg := registry.FreshRand(64)
	for _, hedged := range []bool{false, true} {
		var rnd []byte
		if hedged {
			rnd = registry.FreshRand(1 << 10)
		}
		s, err := x.R.Run(registry.OpSign, rnd, registry.Args{registry.ArgSK: k[registry.ArgSK], registry.ArgMsg: msg})
		if err != nil {
			return fmt.Errorf("%s sign: %w", x.Label(), err)
		}
		v, err := y.R.Run(registry.OpVerify, nil, registry.Args{registry.ArgPK: k[registry.ArgPK], registry.ArgMsg: msg, registry.ArgSig: s[registry.ArgSig]})
		if err != nil {
			return fmt.Errorf("%s verify: %w", y.Label(), err)
		}
		if string(v[registry.ArgValid]) != "1" {
			return fmt.Errorf("%s rejects %s's signature (hedged %v): %s", y.Label(), x.Label(), hedged, v["error"])
		}
	}
	return nil
}

// kexPair runs an exchange with x as party A and y as party B.
func kexPair(x, y Impl) error {
	n := x.Passes
	// The driver checks that both parties derive the same secret.
	_, err := registry.RunExchange(registry.RemoteKEX(x.R, y.R, n), rand.Reader)
	return err
}

// symPair: deterministic primitives must agree on the same input.
func symPair(x, y Impl) error {
	var op string
	args := registry.Args{registry.ArgMsg: registry.FreshRand(100), registry.ArgKey: registry.FreshRand(max(x.KeySize, 32))}
	switch x.Kind {
	case registry.KindHash:
		op = registry.OpHash
	case registry.KindXOF:
		op = registry.OpXOF
	case registry.KindMAC:
		op = registry.OpMAC
	default:
		return nil
	}
	a, err := x.R.Run(op, nil, args)
	if err != nil {
		return err
	}
	b, err := y.R.Run(op, nil, args)
	if err != nil {
		return err
	}
	if !bytes.Equal(a[registry.ArgOut], b[registry.ArgOut]) {
		return fmt.Errorf("outputs differ")
	}
	return nil
}
