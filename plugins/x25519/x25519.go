package main

import (
	"bytes"
	"crypto/ecdh"
	"fmt"
	"io"

	"crucible.dev/registry"
)

// exchange is X25519 (RFC 7748 §6.1) as the 2-pass case of the KEX contract:
// each party's init makes its key pair, pass 1 carries A's public value and
// pass 2 B's, and each party derives the secret from its own scalar and the
// value it received.
type exchange struct{}

var curve = ecdh.X25519()

func (exchange) Passes() int { return 2 }

// Init draws the party's scalar from rand (RFC 7748 §6.1: 32 random
// bytes). crypto/ecdh's GenerateKey ignores its rand since Go 1.26, so a
// key from it would follow no randomness the contract gave: neither a KAT
// nor the host's replay of a timed call could reproduce it.
func (exchange) Init(_ registry.Party, rand io.Reader) (pk, sk, st []byte, err error) {
	scalar := make([]byte, 32)
	if _, err := io.ReadFull(rand, scalar); err != nil {
		return nil, nil, nil, fmt.Errorf("x25519 keygen: %w", err)
	}
	k, err := curve.NewPrivateKey(scalar)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("x25519 keygen: %w", err)
	}
	return k.PublicKey().Bytes(), k.Bytes(), nil, nil
}

// Pass sends the sender's own public value. B keeps A's value as its state
// so its derive needs nothing more.
func (exchange) Pass(i int, _ io.Reader, pk, _, _, st, in []byte) (out, newSt []byte, err error) {
	switch i {
	case 1:
		return pk, st, nil
	case 2:
		if len(in) != 32 {
			return nil, nil, fmt.Errorf("x25519 pass 2: peer value is %d bytes, want 32", len(in))
		}
		return pk, in, nil
	}
	return nil, nil, fmt.Errorf("x25519: no pass %d", i)
}

func (exchange) Derive(p registry.Party, _, sk, _, st, in []byte) ([]byte, error) {
	peer := in
	if p == registry.PartyB {
		peer = st
	}
	return scalarMult(sk, peer)
}

// scalarMult is X25519(scalar, point). crypto/ecdh refuses an all-zero
// result (a low-order point), as RFC 7748 §6.1 allows a party to.
func scalarMult(scalar, point []byte) ([]byte, error) {
	k, err := curve.NewPrivateKey(scalar)
	if err != nil {
		return nil, fmt.Errorf("x25519 scalar: %w", err)
	}
	p, err := curve.NewPublicKey(point)
	if err != nil {
		return nil, fmt.Errorf("x25519 point: %w", err)
	}
	ss, err := k.ECDH(p)
	if err != nil {
		return nil, fmt.Errorf("x25519: %w", err)
	}
	return ss, nil
}

// scalarMultOp is the bare function X25519(k, u) of RFC 7748 §5, which the
// RFC's and Wycheproof's vectors exercise.
var scalarMultOp = registry.Op{
	Name:   "scalarmult",
	Doc:    "scalar and point (32 bytes each) in; out X25519(scalar, point) of RFC 7748 §5, or an error for the all-zero result",
	Secret: true,
	Run: func(_ io.Reader, in registry.Args) (registry.Args, error) {
		k, ok1 := in[registry.ArgScalar]
		u, ok2 := in[registry.ArgPoint]
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("scalarmult: needs %q and %q", registry.ArgScalar, registry.ArgPoint)
		}
		out, err := scalarMult(k, u)
		return registry.Args{registry.ArgOut: out}, err
	},
	Prepare: func(rand io.Reader, _ registry.BenchParams) (func() error, error) {
		a, err := curve.GenerateKey(rand)
		if err != nil {
			return nil, err
		}
		b, err := curve.GenerateKey(rand)
		if err != nil {
			return nil, err
		}
		pub := b.PublicKey()
		return func() error { _, err := a.ECDH(pub); return err }, nil
	},
	// The scalar is the loop's key, the point each call's own.
	Input: func(key, rand io.Reader, _ registry.BenchParams) (registry.Args, error) {
		scalar, peer := make([]byte, 32), make([]byte, 32)
		if _, err := io.ReadFull(key, scalar); err != nil {
			return nil, err
		}
		if _, err := io.ReadFull(rand, peer); err != nil {
			return nil, err
		}
		p, err := curve.NewPrivateKey(peer)
		if err != nil {
			return nil, err
		}
		return registry.Args{registry.ArgScalar: scalar, registry.ArgPoint: p.PublicKey().Bytes()}, nil
	},
	// Run on the host's inputs, but parsing the scalar once a loop, as
	// the plugin's own loop does: crypto/ecdh computes a private key's
	// public key when it parses it, which would double the figure.
	Fed: func(io.Reader, registry.BenchParams, [][]byte) (registry.FedCall, error) {
		var k *ecdh.PrivateKey
		var scalar []byte
		return func(parts [][]byte) ([]byte, error) {
			a, _, err := registry.FedArgs("scalarmult", parts)
			if err != nil {
				return nil, err
			}
			if k == nil || !bytes.Equal(scalar, a[registry.ArgScalar]) {
				if k, err = curve.NewPrivateKey(a[registry.ArgScalar]); err != nil {
					return nil, fmt.Errorf("x25519 scalar: %w", err)
				}
				scalar = bytes.Clone(a[registry.ArgScalar])
			}
			p, err := curve.NewPublicKey(a[registry.ArgPoint])
			if err != nil {
				return nil, fmt.Errorf("x25519 point: %w", err)
			}
			ss, err := k.ECDH(p)
			if err != nil {
				return nil, fmt.Errorf("x25519: %w", err)
			}
			return registry.FedOutput(registry.Args{registry.ArgOut: ss}), nil
		}, nil
	},
	// Fixed vs random scalars against one point: the secret is the scalar.
	CT: func(rand io.Reader, m int) (func(class, j int) error, error) {
		var keys [2][]*ecdh.PrivateKey
		fixed, err := curve.GenerateKey(rand)
		if err != nil {
			return nil, err
		}
		peer, err := curve.GenerateKey(rand)
		if err != nil {
			return nil, err
		}
		for j := 0; j < m; j++ {
			f, err := curve.NewPrivateKey(fixed.Bytes())
			if err != nil {
				return nil, err
			}
			k, err := curve.GenerateKey(rand)
			if err != nil {
				return nil, err
			}
			keys[0], keys[1] = append(keys[0], f), append(keys[1], k)
		}
		pub := peer.PublicKey()
		return func(c, j int) error { _, err := keys[c][j].ECDH(pub); return err }, nil
	},
}
