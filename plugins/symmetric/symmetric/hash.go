package symmetric

import (
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"hash"
	"sync"

	"crucible.dev/registry"
	"crucible.dev/registry/iccs"
	"github.com/emmansun/gmsm/sm3"
	"golang.org/x/crypto/blake2b"
)

// hashFunc is a fixed-length hash given by a one-shot function.
type hashFunc struct {
	size int
	sum  func(dst, msg []byte) []byte
}

func (h hashFunc) Size() int                  { return h.size }
func (h hashFunc) Sum(dst, msg []byte) []byte { return h.sum(dst, msg) }

// pooledHash is a fixed-length hash from a library that offers only a
// hash.Hash: states are reused so a call allocates nothing. The pool holds
// *hashState, not the hash.Hash itself: taking an interface out of an any
// is an assertion through the runtime's cache, whose cost changes from
// process to process with its seed, and an instruction count must not.
type pooledHash struct {
	size int
	pool *sync.Pool
}

type hashState struct{ h hash.Hash }

func newPooledHash(size int, newHash func() hash.Hash) pooledHash {
	return pooledHash{size, &sync.Pool{New: func() any { return &hashState{newHash()} }}}
}

func (h pooledHash) Size() int { return h.size }

func (h pooledHash) Sum(dst, msg []byte) []byte {
	s := h.pool.Get().(*hashState)
	s.h.Reset()
	s.h.Write(msg)
	dst = s.h.Sum(dst)
	h.pool.Put(s)
	return dst
}

// Hashes are the fixed-length hashes.
var Hashes = []Primitive[registry.Hash]{
	{"SHA-256", "SHA-2", "go-std", "crypto/sha256", hashFunc{sha256.Size, func(d, m []byte) []byte { s := sha256.Sum256(m); return append(d, s[:]...) }}, []string{"crypto/sha256.", "crypto/internal/fips140/sha256."}},
	{"SHA-512", "SHA-2", "go-std", "crypto/sha512", hashFunc{sha512.Size, func(d, m []byte) []byte { s := sha512.Sum512(m); return append(d, s[:]...) }}, []string{"crypto/sha512.", "crypto/internal/fips140/sha512."}},
	{"SHA3-256", "SHA-3", "go-std", "crypto/sha3", hashFunc{32, func(d, m []byte) []byte { s := sha3.Sum256(m); return append(d, s[:]...) }}, []string{"crypto/sha3.", "crypto/internal/fips140/sha3."}},
	{"SHA3-512", "SHA-3", "go-std", "crypto/sha3", hashFunc{64, func(d, m []byte) []byte { s := sha3.Sum512(m); return append(d, s[:]...) }}, []string{"crypto/sha3.", "crypto/internal/fips140/sha3."}},
	{"SM3", "SM3", "gmsm", "github.com/emmansun/gmsm v0.44.0 sm3", newPooledHash(sm3.Size, sm3.New), []string{"github.com/emmansun/gmsm/internal/sm3."}},
	{"BLAKE2b-256", "BLAKE2", "x-crypto", "golang.org/x/crypto v0.57.0 blake2b", hashFunc{blake2b.Size256, func(d, m []byte) []byte { s := blake2b.Sum256(m); return append(d, s[:]...) }}, []string{"golang.org/x/crypto/blake2b."}},
	{"ICCS-sm3hash", "ICCS", "crucible", "crucible.dev/registry/iccs", hashFunc{32, func(d, m []byte) []byte { s := iccs.SM3(m); return append(d, s[:]...) }}, ICCSProfile},
	{"ICCS-pseudohash512", "ICCS", "crucible", "crucible.dev/registry/iccs", hashFunc{64, func(d, m []byte) []byte { s := iccs.PseudoHash512(m); return append(d, s[:]...) }}, ICCSProfile},
	{"ICCS-pseudohash768", "ICCS", "crucible", "crucible.dev/registry/iccs", hashFunc{96, func(d, m []byte) []byte { s := iccs.PseudoHash768(m); return append(d, s[:]...) }}, ICCSProfile},
	{"ICCS-pseudohash1024", "ICCS", "crucible", "crucible.dev/registry/iccs", hashFunc{128, func(d, m []byte) []byte { s := iccs.PseudoHash1024(m); return append(d, s[:]...) }}, ICCSProfile},
}

// ICCSProfile attributes CPU samples to the ICCS helpers.
var ICCSProfile = []string{"crucible.dev/registry/iccs."}
