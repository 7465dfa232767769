package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"golang.org/x/sys/cpu"

	"crucible.dev/plugins/mlkem/mlkem"
	"crucible.dev/registry"
	"crucible.dev/registry/kat"
)

// OpSKFromSeed is the extra operation that turns a 64-byte seed d‖z (in
// ArgSK) into the implementation's own decapsulation-key form (out ArgSK,
// with the matching ArgPK). Interop uses it to hand a key generated in the
// seed form to an implementation that keeps keys expanded; the reverse is
// not possible (the expanded form does not contain d).
const OpSKFromSeed = "sk_from_seed"

// rspRecords is the length of a full NIST .rsp file: 100 records.
const rspRecords = 100

// instances is every implementation of every parameter set, in
// parameter-set order: what the plugin serves.
func instances() []*registry.Instance {
	var out []*registry.Instance
	for _, name := range []string{"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"} {
		for _, k := range mlkem.Sets() {
			if k.Name() == name {
				out = append(out, instance(k))
			}
		}
	}
	return out
}

// instance describes k as a registry instance.
func instance(k *mlkem.KEM) *registry.Instance {
	in := &registry.Instance{
		Name: k.Name(),
		Impl: k.Impl(),
		Kind: registry.KindKEM,
		KEM:  k,
		Sizes: registry.Sizes{
			PublicKey: k.PublicKeySize(), SecretKey: k.SecretKeySize(), Ciphertext: k.CiphertextSize(), SharedSecret: mlkem.SharedKeySize,
		},
		Extra:   []registry.Op{skFromSeedOp(k)},
		Notes:   notes(k),
		Profile: profiles[k.Impl()],
	}
	if !k.SeedForm() {
		in.KATs = []registry.KATGenerator{{
			Source:  "nist-rsp",
			Format:  kat.FormatRSP,
			Records: rspRecords,
			Generate: func(w io.Writer, n int, seed []byte) error {
				return kat.WriteRSPKEM(w, k, n, seed)
			},
		}}
	}
	return in
}

// skFromSeedOp is the sk_from_seed operation of k.
func skFromSeedOp(k *mlkem.KEM) registry.Op {
	return registry.Op{
		Name:   OpSKFromSeed,
		Doc:    "sk (the 64-byte seed d‖z of FIPS 203) in; sk in this implementation's own decapsulation-key form and pk out",
		Secret: true,
		Run: func(_ io.Reader, in registry.Args) (registry.Args, error) {
			seed, ok := in[registry.ArgSK]
			if !ok {
				return nil, &registry.MissingArgError{Op: OpSKFromSeed, Arg: registry.ArgSK}
			}
			pk, sk, err := k.FromSeed(seed)
			return registry.Args{registry.ArgPK: pk, registry.ArgSK: sk}, err
		},
		Prepare: func(_ io.Reader, _ registry.BenchParams) (func() error, error) {
			seed := make([]byte, mlkem.SeedSize)
			return func() error { _, _, err := k.FromSeed(seed); return err }, nil
		},
		Input: func(_, rand io.Reader, _ registry.BenchParams) (registry.Args, error) {
			seed := make([]byte, mlkem.SeedSize)
			if _, err := io.ReadFull(rand, seed); err != nil {
				return nil, err
			}
			return registry.Args{registry.ArgSK: seed}, nil
		},
	}
}

// libraries names each implementation's module, for its version.
var libraries = map[string]string{
	"go-std": "crypto/mlkem",
	"circl":  "github.com/cloudflare/circl",
	"gmsm":   "github.com/emmansun/gmsm",
}

// profiles are the Keccak code of each implementation, whose share of the
// time the hash-share profile reports.
var profiles = map[string][]string{
	"go-std": {"crypto/internal/fips140/sha3.", "crypto/sha3."},
	"circl":  {"github.com/cloudflare/circl/internal/sha3.", "github.com/cloudflare/circl/simd/keccakf1600."},
	"gmsm":   {"crypto/internal/fips140/sha3.", "crypto/sha3."},
}

// notes are what a report shows about k.
func notes(k *mlkem.KEM) map[string]string {
	n := map[string]string{
		"implementation": libraries[k.Impl()] + " " + moduleVersion(libraries[k.Impl()]),
		"dispatch":       dispatch(k.Impl()),
		"randomness":     "keygen reads d‖z in one 64-byte call, encaps reads m in one 32-byte call (as the NIST KAT generator)",
	}
	if k.SeedForm() {
		n["secret-key form"] = fmt.Sprintf("%d-byte seed d‖z (FIPS 203 §7.1 keygen seed); decapsulation re-derives the key from it", k.SecretKeySize())
		n["nist-rsp"] = "not generated: crypto/mlkem cannot encode the expanded decapsulation key the .rsp files record"
		n["encaps path"] = "crypto/rand.Reader: crypto/mlkem Encapsulate (its own m); any other reader: mlkemtest derandomised Encapsulate, which parses ek twice"
	} else {
		n["secret-key form"] = fmt.Sprintf("%d-byte expanded dk = dk_PKE‖ek‖H(ek)‖z (FIPS 203 §7.1)", k.SecretKeySize())
	}
	return n
}

// moduleVersion reports the version of the module at path this binary was
// built with, or the Go version for the standard library.
func moduleVersion(path string) string {
	if path == "crypto/mlkem" {
		return runtime.Version()
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == path {
				if d.Replace != nil {
					return d.Version + " => " + d.Replace.Path + " " + d.Replace.Version
				}
				return d.Version
			}
		}
	}
	return "(version not in build info)"
}

// dispatch names the code path the implementation takes on this CPU,
// following the same feature test the library makes.
func dispatch(impl string) string {
	switch {
	case impl == "go-std":
		return "generic Go (crypto/internal/fips140/mlkem has no assembly)"
	case runtime.GOARCH == "amd64" && cpu.X86.HasAVX2:
		return "AVX2"
	case runtime.GOARCH == "arm64" && impl == "gmsm":
		return "NEON"
	}
	return "generic Go"
}
