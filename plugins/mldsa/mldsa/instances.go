package mldsa

import (
	"io"
	"runtime/debug"
	"strings"

	"golang.org/x/sys/cpu"

	"crucible.dev/registry"
	"crucible.dev/registry/kat"
)

// implementation describes one adapted library: how to build its backend
// for a parameter set, and the facts a report shows about it.
type implementation struct {
	name    string
	module  string // the Go module, whose version the build records
	newFunc func(*Params) *backend
	notes   map[string]string
	profile []string // where its SHAKE time is spent
}

var implementations = []implementation{
	{
		name: "filippo", module: "filippo.io/mldsa", newFunc: newFilippo,
		notes: map[string]string{
			"secret-key form": "the 32-byte seed ξ (FIPS 204, Algorithm 1); the library neither exports nor parses the skEncode form",
			"hedged signing":  "rnd drawn by the library from crypto/rand; the reader is ignored, so hedged known answers (nist-rsp, ACVP hedged sigGen) are unsupported",
			"unsupported":     "hedged signing with a given rnd; skEncode secret keys (ACVP sigGen, Wycheproof sign_noseed); verification on an external μ",
			"dispatch":        "polynomial arithmetic in generic Go; Keccak from crypto/sha3 (assembly on amd64)",
			"sign timing":     "includes deriving the key from the seed (ExpandA, ExpandS, NTTs), since the seed is the only key form it takes",
		},
		profile: []string{"crypto/internal/fips140/sha3.", "crypto/sha3."},
	},
	{
		name: "circl", module: "github.com/cloudflare/circl", newFunc: newCIRCL,
		notes: map[string]string{
			"secret-key form": "FIPS 204 skEncode (Algorithm 24); sign also derives the key from a 32-byte seed",
			"hedged signing":  "rnd drawn by the library from crypto/rand (SignTo randomized); the reader is ignored, so hedged known answers (nist-rsp, ACVP hedged sigGen) are unsupported",
			"unsupported":     "hedged signing with a given rnd; the internal interface on an external μ (sign and verify)",
			"known deviation": "skEncode keys are unpacked without checking that the coefficients of s1 and s2 lie in [-η, η], the range skEncode (FIPS 204, Algorithm 24) produces, so it signs with the out-of-range keys that Wycheproof's sign_noseed requires refused (InvalidPrivateKey): those cases fail",
			"dispatch":        "AVX2 NTT and polynomial arithmetic when cpu.X86.HasAVX2" + avx2() + "; Keccak in circl's generic Go, four-way (simd/keccakf1600, AVX2) in ExpandA",
			"sign timing":     "includes unpacking the skEncode key and expanding A",
		},
		profile: []string{"github.com/cloudflare/circl/internal/sha3.", "github.com/cloudflare/circl/simd/keccakf1600."},
	},
	{
		name: "gmsm", module: "github.com/emmansun/gmsm", newFunc: newGMSM,
		notes: map[string]string{
			"secret-key form": "FIPS 204 skEncode (Algorithm 24); sign also derives the key from a 32-byte seed",
			"hedged signing":  "rnd is the 32 bytes read from the given reader",
			"unsupported":     "the empty message (the library refuses it, FIPS 204 allows it; Go's accumulated test signs only empty messages); the internal interface on an external μ (sign and verify)",
			"dispatch":        "AVX2 NTT, field arithmetic, decompose/hint and encoders when cpu.X86.HasAVX2" + avx2() + "; Keccak from crypto/sha3 (assembly on amd64)",
			"sign timing":     "includes unpacking the skEncode key and expanding A",
		},
		profile: []string{"crypto/internal/fips140/sha3.", "crypto/sha3."},
	},
}

// avx2 says what golang.org/x/sys/cpu finds on this machine.
func avx2() string {
	if cpu.X86.HasAVX2 {
		return " (present here)"
	}
	return " (absent here: generic code)"
}

// moduleVersion returns the version of mod this binary was built with.
func moduleVersion(mod string) string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == mod {
				if d.Replace != nil {
					return d.Replace.Path + " " + d.Replace.Version
				}
				return d.Version
			}
		}
	}
	return "(version not in build info)"
}

// Instances returns every parameter set of every implementation.
func Instances() []*registry.Instance {
	var out []*registry.Instance
	for _, p := range ParameterSets {
		for _, im := range implementations {
			out = append(out, instance(p, im))
		}
	}
	return out
}

func instance(p *Params, im implementation) *registry.Instance {
	s := signer{p: p, b: im.newFunc(p)}
	extra := extraOps(s)
	notes := map[string]string{"implementation": im.module + " " + moduleVersion(im.module)}
	for k, v := range im.notes {
		notes[k] = v
	}
	var names []string
	for _, op := range extra {
		names = append(names, op.Name)
	}
	notes["extra operations"] = strings.Join(names, ", ")
	in := &registry.Instance{
		Name:      p.Name,
		Impl:      im.name,
		Kind:      registry.KindSig,
		Signature: s,
		Sizes: registry.Sizes{
			PublicKey: s.b.pkSize,
			SecretKey: s.b.skSize,
			Signature: s.b.sigSize,
		},
		Extra:   extra,
		Notes:   notes,
		Profile: im.profile,
	}
	// liboqs' kats.json digests cover hedged signing with rnd drawn from
	// the record's DRBG after keygen, and the skEncode key in the file.
	if s.b.features.ExplicitRnd && s.b.skSize == p.SecretKeySize {
		in.KATs = append(in.KATs, registry.KATGenerator{
			Source: "nist-rsp", Format: kat.FormatRSP, Records: 100,
			Generate: func(w io.Writer, n int) error {
				return kat.WriteRSPSign(w, s, n, kat.RSPSignOptions{Hedged: true})
			},
		})
	} else {
		notes["nist-rsp"] = "not generated: liboqs' digests cover hedged signing with rnd from the KAT DRBG and skEncode keys, and this library cannot take a given rnd"
	}
	return in
}
