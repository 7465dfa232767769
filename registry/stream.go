package registry

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
)

// A streamed fed loop serves the symmetric primitives, whose calls (tens
// of nanoseconds to microseconds) are too fast to take one input each
// across the wire: a 20 ms trial of SHA-256 on 64 bytes is a hundred
// thousand calls. The host seals one base input instead; call i works on
// the base with i written into it (StreamInput), so no input repeats and
// none is known before the timed call, and keeps 8 bytes of its output
// (Fold) in one output of 8 bytes a call, which the host checks.

// StreamFoldSize is what a streamed call keeps of its output.
const StreamFoldSize = 8

// streamStride is how far apart StreamInput writes the call's number: one
// hash block, so that a hash that works on blocks or chunks apart (a tree
// hash) finds every one of them changed.
const streamStride = 64

// StreamInput writes call i's number into every part of base, in place:
// at the start of each 64-byte block, as much of its 8 little-endian
// bytes as fit.
func StreamInput(base [][]byte, i uint64) {
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], i)
	for _, p := range base {
		for off := 0; off < len(p); off += streamStride {
			if len(p)-off >= 8 {
				// One store, where copy is a call: 16 of them a call
				// at 1 KiB cost SHA-256 a measurable share.
				binary.LittleEndian.PutUint64(p[off:], i)
			} else {
				copy(p[off:], n[:])
			}
		}
	}
}

// Fold is the XOR of out's 8-byte little-endian words, the last padded
// with zeros: each byte of the output counts, so no part of it can be
// skipped, at a cost of one XOR a word.
func Fold(out []byte) uint64 {
	var f uint64
	for len(out) >= 8 {
		f ^= binary.LittleEndian.Uint64(out)
		out = out[8:]
	}
	var last [8]byte
	copy(last[:], out)
	return f ^ binary.LittleEndian.Uint64(last[:])
}

// streamBody returns a loop body that performs call on the base with
// each call's number written into it, and the buffer it folds the
// outputs into.
func streamBody(call FedCall, base [][]byte, n int64) (func() error, []byte) {
	folds := make([]byte, StreamFoldSize*n)
	i := int64(0)
	return func() error {
		if i >= n {
			return fmt.Errorf("more calls than the %d planned: %w", n, errFedInput)
		}
		StreamInput(base, uint64(i))
		out, err := call(base)
		binary.LittleEndian.PutUint64(folds[StreamFoldSize*i:], Fold(out))
		i++
		return err
	}, folds
}

// The parts of a streamed operation's setup and base input, and what it
// folds (in the order StreamInput and Run take them):
//
//	hash:  no setup;  base msg;         folds the digest
//	xof:   no setup;  base msg;         folds the output (out_len)
//	mac:   setup key; base msg;         folds the tag
//	kdf:   no setup;  base secret;      folds the output (out_len)
//	seal:  setup key; base nonce, msg;  folds the tag (the last Overhead
//	       bytes, which depend on every byte of the ciphertext)
//	generate: no setup; base seed;      folds the output (out_len): the
//	       state is instantiated on the seed as call 0 finds it, and
//	       every call reads on from it

// hashStream is hashing the host's messages.
func hashStream(h Hash) func(io.Reader, BenchParams, [][]byte) (FedCall, error) {
	return func(io.Reader, BenchParams, [][]byte) (FedCall, error) {
		dst := make([]byte, 0, h.Size())
		return func(parts [][]byte) ([]byte, error) {
			if _, err := fedParts(OpHash, parts, 1); err != nil {
				return nil, err
			}
			return h.Sum(dst, parts[0]), nil
		}, nil
	}
}

// xofStream is the XOF on the host's messages, out_len bytes a call.
func xofStream(x XOF) func(io.Reader, BenchParams, [][]byte) (FedCall, error) {
	return func(_ io.Reader, p BenchParams, _ [][]byte) (FedCall, error) {
		out := make([]byte, outLen(p))
		return func(parts [][]byte) ([]byte, error) {
			if _, err := fedParts(OpXOF, parts, 1); err != nil {
				return nil, err
			}
			x.XOF(out, parts[0])
			return out, nil
		}, nil
	}
}

// macStream is the MAC of the host's messages under the host's key.
func macStream(m MAC) func(io.Reader, BenchParams, [][]byte) (FedCall, error) {
	return func(_ io.Reader, _ BenchParams, setup [][]byte) (FedCall, error) {
		if _, err := fedParts(OpMAC+" setup", setup, 1); err != nil {
			return nil, err
		}
		h, err := m.New(setup[0])
		if err != nil {
			return nil, err
		}
		dst := make([]byte, 0, h.Size())
		return func(parts [][]byte) ([]byte, error) {
			if _, err := fedParts(OpMAC, parts, 1); err != nil {
				return nil, err
			}
			h.Reset()
			h.Write(parts[0])
			return h.Sum(dst), nil
		}, nil
	}
}

// kdfStream is the KDF on the host's secrets, out_len bytes a call.
func kdfStream(k KDF) func(io.Reader, BenchParams, [][]byte) (FedCall, error) {
	return func(_ io.Reader, p BenchParams, _ [][]byte) (FedCall, error) {
		n := outLen(p)
		return func(parts [][]byte) ([]byte, error) {
			if _, err := fedParts(OpKDF, parts, 1); err != nil {
				return nil, err
			}
			return k.Derive(parts[0], nil, nil, n)
		}, nil
	}
}

// sealStream is sealing the host's messages under the host's key, each
// with its own nonce.
func sealStream(a AEAD) func(io.Reader, BenchParams, [][]byte) (FedCall, error) {
	return func(_ io.Reader, _ BenchParams, setup [][]byte) (FedCall, error) {
		if _, err := fedParts(OpSeal+" setup", setup, 1); err != nil {
			return nil, err
		}
		c, err := a.New(setup[0])
		if err != nil {
			return nil, err
		}
		var dst []byte // grown by the first call, then reused
		return func(parts [][]byte) ([]byte, error) {
			if _, err := fedParts(OpSeal, parts, 2); err != nil {
				return nil, err
			}
			if len(parts[0]) != c.NonceSize() {
				return nil, fmt.Errorf("%s: nonce is %d bytes, want %d: %w", OpSeal, len(parts[0]), c.NonceSize(), errFedInput)
			}
			dst = c.Seal(dst[:0], parts[0], parts[1], nil)
			return dst[len(dst)-c.Overhead():], nil
		}, nil
	}
}

// generateStream is a DRBG's generate calls on one state instantiated on
// the host's seed. The seed is sealed with the timed inputs, so that the
// state is instantiated on the host's clock: a seed known at preparation
// would let a plugin generate the whole loop's output ahead. Call 0 finds
// the seed with its number (0) written in, as StreamInput writes it, and
// instantiates the state; the later calls read on from it, whatever is
// written in the base. A base the call has not seen before (the warm-up's,
// then the timed loop's) starts a new state.
func generateStream(d DRBG) func(io.Reader, BenchParams, [][]byte) (FedCall, error) {
	return func(_ io.Reader, p BenchParams, _ [][]byte) (FedCall, error) {
		out := make([]byte, outLen(p))
		var g io.Reader
		var seed *byte
		return func(parts [][]byte) ([]byte, error) {
			if _, err := fedParts(OpGenerate, parts, 1); err != nil {
				return nil, err
			}
			if len(parts[0]) == 0 {
				return nil, fmt.Errorf("%s: an empty seed: %w", OpGenerate, errFedInput)
			}
			if g == nil || seed != &parts[0][0] {
				var err error
				// A copy: later calls write into the base, and a state
				// may keep what it was given.
				if g, err = d.New(bytes.Clone(parts[0]), nil, nil); err != nil {
					return nil, err
				}
				seed = &parts[0][0]
			}
			if _, err := io.ReadFull(g, out); err != nil {
				return nil, err
			}
			return out, nil
		}, nil
	}
}

// outLen is an XOF's, KDF's or DRBG's output length in a timed loop.
func outLen(p BenchParams) int {
	if p.OutLen == 0 {
		return 32
	}
	return p.OutLen
}
