package registry

import (
	"crypto/cipher"
	"hash"
	"io"
)

// Hash is a fixed-length hash function.
type Hash interface {
	// Size is the digest length in bytes.
	Size() int
	// Sum appends the digest of msg to dst.
	Sum(dst, msg []byte) []byte
}

// XOF is an extendable-output function.
type XOF interface {
	// XOF fills out with the output of the function on msg.
	XOF(out, msg []byte)
}

// MAC is a keyed message authentication code.
type MAC interface {
	// KeySize is the key length used for KATs and benchmarks.
	KeySize() int
	// New returns the MAC keyed with key; its Sum appends the tag.
	New(key []byte) (hash.Hash, error)
}

// KDF is a key-derivation function (extract-then-expand).
type KDF interface {
	Derive(secret, salt, info []byte, length int) ([]byte, error)
}

// AEAD is authenticated encryption with associated data.
type AEAD interface {
	KeySize() int
	New(key []byte) (cipher.AEAD, error)
}

// DRBG is a deterministic random bit generator.
type DRBG interface {
	// SeedSize is the entropy input length used for KATs and benchmarks.
	SeedSize() int
	// New instantiates the generator from entropy input, nonce and
	// personalization string; reads generate output.
	New(entropy, nonce, personalization []byte) (io.Reader, error)
}
