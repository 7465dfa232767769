package registry

import (
	"errors"
	"io"
)

// ErrInvalidSignature is returned by Verify for a signature that does not
// verify, as opposed to an input that cannot be parsed.
var ErrInvalidSignature = errors.New("invalid signature")

// Signature is a signature scheme (keygen, sign, verify).
//
// Sign with a nil rand is the scheme's deterministic variant (RFC 6979
// nonces, ML-DSA deterministic signing); with a reader it is the hedged or
// randomised variant. ctx is the context string of schemes that have one
// (ML-DSA); schemes without one reject a non-empty ctx.
type Signature interface {
	GenerateKey(rand io.Reader) (pk, sk []byte, err error)
	Sign(rand io.Reader, sk, msg, ctx []byte) (sig []byte, err error)
	// Verify returns nil for a valid signature and an error otherwise
	// (ErrInvalidSignature, or a parse error for a malformed key).
	Verify(pk, msg, sig, ctx []byte) error
}
