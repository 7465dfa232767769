package symmetric

import (
	"crypto/sha3"
	"encoding/binary"
	"hash"
	"sync"

	"crucible.dev/registry"
	"crucible.dev/registry/iccs"
	"github.com/emmansun/gmsm/sm3"
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

// pseudoXOFPerBlock is pseudoXOF as the reference auxfunc.c computes it,
// one SM3 over msg ‖ BE32(i) per 32-byte block: the baseline the
// multi-lane implementation is measured against.
type pseudoXOFPerBlock struct{}

// perBlockState is a pooled SM3 state with buffers that stay on the heap,
// so a call allocates nothing.
type perBlockState struct {
	h   hash.Hash
	ctr [4]byte
	sum [sm3.Size]byte
}

var perBlockPool = sync.Pool{New: func() any { return &perBlockState{h: sm3.New()} }}

func (pseudoXOFPerBlock) XOF(out, msg []byte) {
	s := perBlockPool.Get().(*perBlockState)
	for i := uint32(1); len(out) > 0; i++ {
		s.h.Reset()
		s.h.Write(msg)
		binary.BigEndian.PutUint32(s.ctr[:], i)
		s.h.Write(s.ctr[:])
		out = out[copy(out, s.h.Sum(s.sum[:0])):]
	}
	perBlockPool.Put(s)
}

// XOFs are the extendable-output functions.
var XOFs = []Primitive[registry.XOF]{
	{"SHAKE128", "SHA-3", "go-std", "crypto/sha3", newShake(sha3.NewSHAKE128), []string{"crypto/sha3.", "crypto/internal/fips140/sha3."}},
	{"SHAKE256", "SHA-3", "go-std", "crypto/sha3", newShake(sha3.NewSHAKE256), []string{"crypto/sha3.", "crypto/internal/fips140/sha3."}},
	{"ICCS-pseudoXOF", "ICCS", "crucible", "crucible.dev/registry/iccs", pseudoXOF{}, ICCSProfile},
	{"ICCS-pseudoXOF", "ICCS", "per-block", "github.com/emmansun/gmsm v0.44.0 sm3, one SM3 per 32-byte block as auxfunc.c (baseline)", pseudoXOFPerBlock{}, []string{"crucible.dev/plugins/symmetric/symmetric.pseudoXOFPerBlock", "github.com/emmansun/gmsm/internal/sm3."}},
}
