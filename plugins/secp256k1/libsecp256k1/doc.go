// Package libsecp256k1 calls Bitcoin Core's libsecp256k1, the C reference
// implementation of secp256k1, loaded at run time with dlopen so the plugin
// builds and runs whether or not the library is installed.
//
// Every operation is one cgo call into a small C shim (shim.c) that parses,
// computes and serialises in C, so a measurement pays the cgo transition
// (tens of nanoseconds) once per operation and allocates on the Go side only
// the output it returns. Key generation and signing make two: the library's
// verdict on the secret key comes back to Go, which declares it public
// (registry.Declassify, for the taint check) before it branches on it, and
// only then has the public result serialised.
package libsecp256k1

import (
	"errors"
	"os"
)

// ErrNotLoaded is wrapped by every call when the library could not be loaded.
var ErrNotLoaded = errors.New("libsecp256k1 not loaded")

// ErrInvalidSignature reports a signature that parses but does not verify.
var ErrInvalidSignature = errors.New("invalid signature")

// ErrNoCgo is wrapped by Load in a build without cgo.
var ErrNoCgo = errors.New("built without cgo (CGO_ENABLED=0)")

// EnvLibrary names the environment variable that, when set, is the one
// library file to load (a path or a soname), e.g. a release built from
// source to measure beside the distribution's.
const EnvLibrary = "CRUCIBLE_LIBSECP256K1"

// candidates are the files Load tries in order: $CRUCIBLE_LIBSECP256K1
// alone when set, otherwise the current ABI (0.3 and later), Debian
// bookworm's 0.2 ABI, then the development symlink.
func candidates() []string {
	if f := os.Getenv(EnvLibrary); f != "" {
		return []string{f}
	}
	return []string{"libsecp256k1.so.2", "libsecp256k1.so.1", "libsecp256k1.so"}
}
