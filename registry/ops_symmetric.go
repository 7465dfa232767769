package registry

import (
	"encoding/binary"
	"fmt"
	"io"
)

// symmetric operations share one shape: a fixed input of the benchmark's
// message length, and a body that processes it.

func hashOps(h Hash) []Op {
	return []Op{{Name: OpHash,
		Run: func(_ io.Reader, in Args) (Args, error) {
			a, err := need(OpHash, in, ArgMsg)
			if err != nil {
				return nil, err
			}
			return Args{ArgOut: h.Sum(nil, a[0])}, nil
		},
		Prepare: func(_ io.Reader, p BenchParams) (func() error, error) {
			msg := msgOf(p, benchMsg)
			dst := make([]byte, 0, h.Size())
			return func() error { h.Sum(dst, msg); return nil }, nil
		},
		Fed: hashStream(h), Stream: true}}
}

func xofOps(x XOF) []Op {
	return []Op{{Name: OpXOF,
		Run: func(_ io.Reader, in Args) (Args, error) {
			a, err := need(OpXOF, in, ArgMsg)
			if err != nil {
				return nil, err
			}
			n, err := in.Int(ArgLength, 32)
			if err != nil {
				return nil, err
			}
			out := make([]byte, n)
			x.XOF(out, a[0])
			return Args{ArgOut: out}, nil
		},
		Prepare: func(_ io.Reader, p BenchParams) (func() error, error) {
			msg := msgOf(p, benchMsg)
			out := make([]byte, max(p.OutLen, 1))
			if p.OutLen == 0 {
				out = make([]byte, 32)
			}
			return func() error { x.XOF(out, msg); return nil }, nil
		},
		Fed: xofStream(x), Stream: true}}
}

func macOps(m MAC) []Op {
	return []Op{{Name: OpMAC,
		Run: func(_ io.Reader, in Args) (Args, error) {
			a, err := need(OpMAC, in, ArgKey, ArgMsg)
			if err != nil {
				return nil, err
			}
			h, err := m.New(a[0])
			if err != nil {
				return nil, err
			}
			h.Write(a[1])
			return Args{ArgOut: h.Sum(nil)}, nil
		},
		Prepare: func(_ io.Reader, p BenchParams) (func() error, error) {
			h, err := m.New(make([]byte, m.KeySize()))
			if err != nil {
				return nil, err
			}
			msg := msgOf(p, benchMsg)
			dst := make([]byte, 0, h.Size())
			return func() error { h.Reset(); h.Write(msg); h.Sum(dst); return nil }, nil
		},
		Fed: macStream(m), Stream: true}}
}

func kdfOps(k KDF) []Op {
	return []Op{{Name: OpKDF,
		Run: func(_ io.Reader, in Args) (Args, error) {
			a, err := need(OpKDF, in, ArgKey)
			if err != nil {
				return nil, err
			}
			n, err := in.Int(ArgLength, 32)
			if err != nil {
				return nil, err
			}
			out, err := k.Derive(a[0], in[ArgSalt], in[ArgInfo], n)
			return Args{ArgOut: out}, err
		},
		Prepare: func(_ io.Reader, p BenchParams) (func() error, error) {
			secret := msgOf(p, 32)
			n := p.OutLen
			if n == 0 {
				n = 32
			}
			return func() error { _, err := k.Derive(secret, nil, nil, n); return err }, nil
		},
		Fed: kdfStream(k), Stream: true}}
}

func aeadOps(a AEAD) []Op {
	open := func(in Args) (Args, error) {
		v, err := need(OpOpen, in, ArgKey, ArgNonce, ArgCT)
		if err != nil {
			return nil, err
		}
		c, err := a.New(v[0])
		if err != nil {
			return nil, err
		}
		if len(v[1]) != c.NonceSize() {
			return nil, fmt.Errorf("open: nonce is %d bytes, want %d", len(v[1]), c.NonceSize())
		}
		pt, err := c.Open(nil, v[1], v[2], in[ArgAD])
		if err != nil {
			return Args{ArgValid: []byte("0")}, nil
		}
		return Args{ArgValid: []byte("1"), ArgOut: pt}, nil
	}
	prep := func(p BenchParams) (c interface {
		Seal(dst, nonce, plaintext, additionalData []byte) []byte
		Open(dst, nonce, ciphertext, additionalData []byte) ([]byte, error)
	}, nonce, msg, ct []byte, err error) {
		aead, err := a.New(make([]byte, a.KeySize()))
		if err != nil {
			return nil, nil, nil, nil, err
		}
		nonce = make([]byte, aead.NonceSize())
		msg = msgOf(p, benchMsg)
		ct = aead.Seal(nil, nonce, msg, nil)
		return aead, nonce, msg, ct, nil
	}
	return []Op{
		{Name: OpSeal,
			Run: func(_ io.Reader, in Args) (Args, error) {
				v, err := need(OpSeal, in, ArgKey, ArgNonce, ArgMsg)
				if err != nil {
					return nil, err
				}
				c, err := a.New(v[0])
				if err != nil {
					return nil, err
				}
				if len(v[1]) != c.NonceSize() {
					return nil, fmt.Errorf("seal: nonce is %d bytes, want %d", len(v[1]), c.NonceSize())
				}
				return Args{ArgCT: c.Seal(nil, v[1], v[2], in[ArgAD])}, nil
			},
			Prepare: func(_ io.Reader, p BenchParams) (func() error, error) {
				c, nonce, msg, ct, err := prep(p)
				if err != nil {
					return nil, err
				}
				dst := make([]byte, 0, len(ct))
				return func() error { c.Seal(dst, nonce, msg, nil); return nil }, nil
			},
			Fed: sealStream(a), Stream: true},
		{Name: OpOpen, Secret: true,
			Run: func(_ io.Reader, in Args) (Args, error) { return open(in) },
			Prepare: func(_ io.Reader, p BenchParams) (func() error, error) {
				c, nonce, msg, ct, err := prep(p)
				if err != nil {
					return nil, err
				}
				dst := make([]byte, 0, len(msg))
				return func() error { _, err := c.Open(dst, nonce, ct, nil); return err }, nil
			},
			Fed: openFed(a)},
	}
}

func drbgOps(d DRBG) []Op {
	return []Op{{Name: OpGenerate,
		Run: func(_ io.Reader, in Args) (Args, error) {
			a, err := need(OpGenerate, in, ArgKey)
			if err != nil {
				return nil, err
			}
			n, err := in.Int(ArgLength, 32)
			if err != nil {
				return nil, err
			}
			count, err := in.Int(ArgCount, 0)
			if err != nil {
				return nil, err
			}
			g, err := d.New(a[0], in[ArgNonce], in[ArgInfo])
			if err != nil {
				return nil, err
			}
			out := make([]byte, n)
			if count == 0 {
				if _, err := io.ReadFull(g, out); err != nil {
					return nil, err
				}
				return Args{ArgOut: out}, nil
			}
			// The calls of a streamed fed loop, which the host checks.
			folds := make([]byte, 0, StreamFoldSize*count)
			for range count {
				if _, err := io.ReadFull(g, out); err != nil {
					return nil, err
				}
				folds = binary.LittleEndian.AppendUint64(folds, Fold(out))
			}
			return Args{ArgFolds: folds}, nil
		},
		Prepare: func(r io.Reader, p BenchParams) (func() error, error) {
			seed := make([]byte, d.SeedSize())
			if _, err := io.ReadFull(r, seed); err != nil {
				return nil, fmt.Errorf("seed: %w", err)
			}
			g, err := d.New(seed, nil, nil)
			if err != nil {
				return nil, err
			}
			out := make([]byte, outLen(p))
			return func() error { _, err := g.Read(out); return err }, nil
		},
		Fed: generateStream(d), Stream: true}}
}
