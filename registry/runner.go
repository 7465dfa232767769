package registry

import (
	"bytes"
	"crypto/rand"
	"fmt"
	"io"
)

// Runner performs single operations of one instance on explicit inputs and
// explicit randomness. The host's runner crosses the plugin boundary; Local
// runs in-process, so the same checks serve a plugin's own tests.
type Runner interface {
	// Run performs op once. rand is the exact randomness the operation may
	// read (nil for none: deterministic signing, decapsulation).
	Run(op string, rand []byte, in Args) (Args, error)
}

// Local returns a Runner that calls the instance in this process.
func Local(in *Instance) Runner { return localRunner{in} }

type localRunner struct{ in *Instance }

func (l localRunner) Run(name string, rand []byte, args Args) (Args, error) {
	op, ok := FindOp(l.in, name)
	if !ok {
		return nil, fmt.Errorf("%s: no operation %q", l.in.ID(), name)
	}
	return op.Run(RandReader(rand), args)
}

// FreshRand returns n bytes from crypto/rand: the explicit randomness of a
// Run that nobody needs to reproduce.
func FreshRand(n int) []byte {
	b := make([]byte, n)
	rand.Read(b)
	return b
}

// RandReader returns a reader over exactly the bytes of rand, or nil when
// rand is nil, so an operation that reads more than it was given fails
// rather than silently drawing from elsewhere.
func RandReader(rand []byte) io.Reader {
	if rand == nil {
		return nil
	}
	return &exactReader{r: bytes.NewReader(rand)}
}

type exactReader struct {
	r         *bytes.Reader
	exhausted bool // a read asked for more than was left
}

func (e *exactReader) Read(p []byte) (int, error) {
	if e.r.Len() < len(p) {
		e.exhausted = true
		return 0, fmt.Errorf("%w: %d bytes wanted, %d left", ErrRandExhausted, len(p), e.r.Len())
	}
	return e.r.Read(p)
}

// exhausted reports whether r is a RandReader that ran out.
func exhausted(r io.Reader) bool {
	e, ok := r.(*exactReader)
	return ok && e.exhausted
}
