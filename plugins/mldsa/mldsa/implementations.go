package mldsa

import "golang.org/x/sys/cpu"

// Implementation describes one adapted library: how to build its backend
// for a parameter set, and the facts a report shows about it.
type Implementation struct {
	// Name is the implementation's name in instance IDs.
	Name string
	// Module is the Go module, whose version the build records.
	Module  string
	newFunc func(*Params) *backend
	// Notes are the facts about the adapter a report shows.
	Notes map[string]string
	// Profile lists where its SHAKE time is spent.
	Profile []string
}

// New returns the implementation's signer for the parameter set p.
func (im Implementation) New(p *Params) Signer { return Signer{p: p, b: im.newFunc(p)} }

// Implementations are the adapted libraries, in the order the plugin
// serves them.
var Implementations = []Implementation{
	{
		Name: "filippo", Module: "filippo.io/mldsa", newFunc: newFilippo,
		Notes: map[string]string{
			"secret-key form": "the 32-byte seed ξ (FIPS 204, Algorithm 1); the library neither exports nor parses the skEncode form",
			"hedged signing":  "rnd drawn by the library from crypto/rand; the reader is ignored, so hedged known answers (nist-rsp, ACVP hedged sigGen) are unsupported",
			"unsupported":     "hedged signing with a given rnd; skEncode secret keys (ACVP sigGen, Wycheproof sign_noseed); verification on an external μ",
			"dispatch":        "polynomial arithmetic in generic Go; Keccak from crypto/sha3 (assembly on amd64)",
			"sign timing":     "includes deriving the key from the seed (ExpandA, ExpandS, NTTs), since the seed is the only key form it takes",
		},
		Profile: []string{"crypto/internal/fips140/sha3.", "crypto/sha3."},
	},
	{
		Name: "circl", Module: "github.com/cloudflare/circl", newFunc: newCIRCL,
		Notes: map[string]string{
			"secret-key form": "FIPS 204 skEncode (Algorithm 24); sign also derives the key from a 32-byte seed",
			"hedged signing":  "rnd drawn by the library from crypto/rand (SignTo randomized); the reader is ignored, so hedged known answers (nist-rsp, ACVP hedged sigGen) are unsupported",
			"unsupported":     "hedged signing with a given rnd; the internal interface on an external μ (sign and verify)",
			"known deviation": "skEncode keys are unpacked without checking that the coefficients of s1 and s2 lie in [-η, η], the range skEncode (FIPS 204, Algorithm 24) produces, so it signs with the out-of-range keys that Wycheproof's sign_noseed requires refused (InvalidPrivateKey): those cases fail",
			"dispatch":        "AVX2 NTT and polynomial arithmetic when cpu.X86.HasAVX2" + avx2() + "; Keccak in circl's generic Go, four-way (simd/keccakf1600, AVX2) in ExpandA",
			"sign timing":     "includes unpacking the skEncode key and expanding A",
		},
		Profile: []string{"github.com/cloudflare/circl/internal/sha3.", "github.com/cloudflare/circl/simd/keccakf1600."},
	},
	{
		Name: "gmsm", Module: "github.com/emmansun/gmsm", newFunc: newGMSM,
		Notes: map[string]string{
			"secret-key form": "FIPS 204 skEncode (Algorithm 24); sign also derives the key from a 32-byte seed",
			"hedged signing":  "rnd is the 32 bytes read from the given reader",
			"unsupported":     "the empty message (the library refuses it, FIPS 204 allows it; Go's accumulated test signs only empty messages); the internal interface on an external μ (sign and verify)",
			"dispatch":        "AVX2 NTT, field arithmetic, decompose/hint and encoders when cpu.X86.HasAVX2" + avx2() + "; Keccak from crypto/sha3 (assembly on amd64)",
			"sign timing":     "includes unpacking the skEncode key and expanding A",
		},
		Profile: []string{"crypto/internal/fips140/sha3.", "crypto/sha3."},
	},
}

// avx2 says what golang.org/x/sys/cpu finds on this machine.
func avx2() string {
	if cpu.X86.HasAVX2 {
		return " (present here)"
	}
	return " (absent here: generic code)"
}
