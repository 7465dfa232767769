package symmetric

import (
	"crypto/sha3"
	"sync"

	"crucible.dev/registry/iccs"
)

// shake is SHAKE128 or SHAKE256 (FIPS 202 §6.2) with pooled states.
type shake struct{ pool *sync.Pool }

func newShake(newState func() *sha3.SHAKE) shake {
	return shake{&sync.Pool{New: func() any { return newState() }}}
}

func (s shake) XOF(out, msg []byte) {
	x := s.pool.Get().(*sha3.SHAKE)
	x.Reset()
	x.Write(msg)
	x.Read(out)
	s.pool.Put(x)
}

// pseudoXOF is the ICCS pseudoXOF.
type pseudoXOF struct{}

func (pseudoXOF) XOF(out, msg []byte) { iccs.PseudoXOF(out, msg) }

var xofs = []struct {
	name, family, impl, lib string
	xof                     interface{ XOF(out, msg []byte) }
	profile                 []string
}{
	{"SHAKE128", "SHA-3", "go-std", "crypto/sha3", newShake(sha3.NewSHAKE128), []string{"crypto/sha3.", "crypto/internal/fips140/sha3."}},
	{"SHAKE256", "SHA-3", "go-std", "crypto/sha3", newShake(sha3.NewSHAKE256), []string{"crypto/sha3.", "crypto/internal/fips140/sha3."}},
	{"ICCS-pseudoXOF", "ICCS", "crucible", "crucible.dev/registry/iccs", pseudoXOF{}, iccsProfile},
}
