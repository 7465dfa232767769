package symmetric

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/sha3"
	"hash"

	"crucible.dev/registry"
	"github.com/emmansun/gmsm/sm3"
)

// hmacOf is HMAC (RFC 2104) over a hash; KATs and benchmarks key it with
// one hash output's worth of key, as NIST SP 800-107 recommends.
type hmacOf struct {
	newHash func() hash.Hash
	keySize int
}

func (m hmacOf) KeySize() int { return m.keySize }

func (m hmacOf) New(key []byte) (hash.Hash, error) { return hmac.New(m.newHash, key), nil }

// MACs are the message authentication codes.
var MACs = []Primitive[registry.MAC]{
	{"HMAC-SHA256", "HMAC", "go-std", "crypto/hmac, crypto/sha256", hmacOf{sha256.New, 32}, []string{"crypto/hmac.", "crypto/internal/fips140/hmac.", "crypto/internal/fips140/sha256."}},
	{"HMAC-SHA3-256", "HMAC", "go-std", "crypto/hmac, crypto/sha3", hmacOf{func() hash.Hash { return sha3.New256() }, 32}, []string{"crypto/hmac.", "crypto/internal/fips140/hmac.", "crypto/internal/fips140/sha3."}},
	{"HMAC-SM3", "HMAC", "gmsm", "crypto/hmac, github.com/emmansun/gmsm v0.44.0 sm3", hmacOf{sm3.New, 32}, []string{"crypto/hmac.", "crypto/internal/fips140/hmac.", "github.com/emmansun/gmsm/internal/sm3."}},
}
