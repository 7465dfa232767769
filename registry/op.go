package registry

import (
	"fmt"
	"io"
	"strconv"
)

// Args are the named byte-string inputs or outputs of one operation.
// Integer parameters (lengths) are decimal ASCII; see Int and SetInt.
type Args map[string][]byte

// The argument names the standard operations use.
const (
	ArgPK     = "pk"      // own public key
	ArgSK     = "sk"      // own secret key
	ArgPeerPK = "peer_pk" // the peer's public key (KEX)
	ArgCT     = "ct"      // ciphertext
	ArgSS     = "ss"      // shared secret
	ArgMsg    = "msg"     // message
	ArgSig    = "sig"     // signature
	ArgCtx    = "ctx"     // signature context string
	ArgSt     = "st"      // KEX party state
	ArgIn     = "in"      // KEX message received
	ArgOut    = "out"     // output: KEX message sent, digest, tag, KDF or DRBG output
	ArgKey    = "key"     // symmetric key, KDF secret, DRBG entropy
	ArgNonce  = "nonce"   // AEAD or DRBG nonce
	ArgAD     = "ad"      // AEAD associated data
	ArgSalt   = "salt"    // KDF salt
	ArgInfo   = "info"    // KDF info, DRBG personalization string
	ArgLength = "length"  // requested output length (decimal)
	ArgValid  = "valid"   // verify, open: "1" or "0"
	ArgPoint  = "point"   // scalar multiplication input point
	ArgScalar = "scalar"  // scalar multiplication scalar
	ArgCount  = "count"   // generate: how many calls of length bytes on one state (decimal)
	ArgFolds  = "folds"   // generate with count: each call's Fold, 8 bytes a call
)

// Int returns the integer argument name, or def when it is absent.
func (a Args) Int(name string, def int) (int, error) {
	v, ok := a[name]
	if !ok {
		return def, nil
	}
	n, err := strconv.Atoi(string(v))
	if err != nil || n < 0 {
		return 0, fmt.Errorf("argument %s: %q is not a length", name, v)
	}
	return n, nil
}

// SetInt stores an integer argument.
func (a Args) SetInt(name string, n int) { a[name] = []byte(strconv.Itoa(n)) }

// BenchParams size the inputs of a benchmarked operation.
type BenchParams struct {
	MsgLen int // message length for signatures and symmetric primitives
	OutLen int // output length for XOFs, KDFs and DRBGs
	// Pool is how many distinct inputs a timed loop cycles through; 0
	// means BenchPool. Only a measurement of the pool's own effect sets it:
	// the wire does not carry it.
	Pool int
}

// Op is one named operation of an instance.
type Op struct {
	Name string
	// Doc says in one line what an operation beyond the kind's standard
	// set computes, with its arguments and results: the plugin declares
	// the meaning of its own operations, the core does not define them.
	Doc string
	// Run performs the operation once on explicit inputs and explicit
	// randomness: KAT replay, interop and robustness go through it.
	Run func(rand io.Reader, in Args) (Args, error)
	// Prepare makes valid inputs outside the timed region and returns the
	// loop body that performs the operation once on them. Nil for an
	// operation that is not benchmarked (a query of the implementation).
	Prepare func(rand io.Reader, p BenchParams) (func() error, error)
	// Fed, when set, prepares the operation on inputs the host supplies
	// (see fed.go): setup is the loop's key, made by another process, and
	// the call returned performs the operation once on one input and
	// returns the output the host checks. The host times trials through
	// it; Prepare's own inputs serve calibration and counting.
	Fed func(rand io.Reader, p BenchParams, setup [][]byte) (FedCall, error)
	// Input makes one input of a benchmarked operation beyond the
	// kind's own: what stays the same in every call of a timed loop (a
	// key, as an application holds one) from key, which is the same
	// stream for every input of the loop, and the rest from rand. The
	// host's producer calls it (OpFedInput) on randomness the host draws,
	// one input per timed call, and the timed loop runs Fed on each, by
	// default Run (extra.go). A benchmarked operation beyond the kind's
	// own needs one: the host times none on inputs the timed process
	// made.
	Input func(key, rand io.Reader, p BenchParams) (Args, error)
	// Stream marks a Fed operation whose timed loop runs on one base
	// input with each call's number written into it (stream.go), and
	// returns one output of StreamFoldSize bytes a call.
	Stream bool
	// Secret marks an operation that handles secret data, for the
	// constant-time check.
	Secret bool
	// CT prepares a fixed-vs-random timing test: m inputs of each class
	// (class 0: m copies of one input, class 1: m different inputs, so both
	// classes touch the same amount of memory) and the body that runs
	// input j of class c. Nil when the operation has none.
	CT func(rand io.Reader, m int) (run func(class, j int) error, err error)
}

// MissingArgError reports a required argument that was not supplied.
type MissingArgError struct{ Op, Arg string }

func (e *MissingArgError) Error() string {
	return fmt.Sprintf("%s: missing argument %q", e.Op, e.Arg)
}

// need returns the named arguments of op, or a MissingArgError.
func need(op string, in Args, names ...string) ([][]byte, error) {
	out := make([][]byte, len(names))
	for i, n := range names {
		v, ok := in[n]
		if !ok {
			return nil, &MissingArgError{op, n}
		}
		out[i] = v
	}
	return out, nil
}
