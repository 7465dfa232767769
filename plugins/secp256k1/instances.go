package main

import (
	"errors"
	"maps"
	"path/filepath"
	"runtime/debug"

	"crucible.dev/plugins/secp256k1/libsecp256k1"
	"crucible.dev/plugins/secp256k1/secp256k1"
	"crucible.dev/registry"
)

// Module paths of the Go implementations, for their versions in Notes.
const (
	modDecred = "github.com/decred/dcrd/dcrec/secp256k1/v4"
	modBtcec  = "github.com/btcsuite/btcd/btcec/v2"
)

// sizes are the declared lengths, from package secp256k1's constants.
var (
	ecdsaDERSizes     = registry.Sizes{PublicKey: secp256k1.PublicKeySize, SecretKey: secp256k1.ScalarSize, Signature: secp256k1.MaxDERSignatureSize}
	ecdsaCompactSizes = registry.Sizes{PublicKey: secp256k1.PublicKeySize, SecretKey: secp256k1.ScalarSize, Signature: secp256k1.CompactSignatureSize}
	bip340Sizes       = registry.Sizes{PublicKey: secp256k1.XOnlyPublicKeySize, SecretKey: secp256k1.ScalarSize, Signature: secp256k1.SchnorrSignatureSize}
	ecdhSizes         = registry.Sizes{PublicKey: secp256k1.PublicKeySize, SecretKey: secp256k1.ScalarSize, SharedSecret: secp256k1.SharedSecretSize,
		Messages: []int{secp256k1.PublicKeySize, secp256k1.PublicKeySize}}
)

// profile groups the hashing inside signing for the hash-share profile.
var profile = []string{"crypto/sha256", "crypto/internal/fips140/sha256", "github.com/btcsuite/btcd/chainhash"}

// instances is every instance of every implementation: what the plugin
// serves. The
// libsecp256k1 ones are present even when the library cannot be loaded,
// marked Unavailable so the host reports them as not built.
func instances() []*registry.Instance {
	var out []*registry.Instance
	out = append(out, ecdsaInstances(secp256k1.ImplDecred, decredNotes())...)
	out = append(out, ecdhInstances(secp256k1.ImplDecred, decredNotes())...)
	out = append(out, bip340Instance(secp256k1.ImplBtcec, btcecNotes()))
	out = append(out, ecdsaInstances(secp256k1.ImplCrucible, crucibleNotes())...)
	out = append(out, ecdhInstances(secp256k1.ImplCrucible, crucibleNotes())...)
	out = append(out, bip340Instance(secp256k1.ImplCrucible, crucibleNotes()))

	// Load before building the notes, which name the file loaded.
	loadErr := libsecp256k1.Load()
	lib := libsecpInstances()
	if err := loadErr; err != nil {
		for _, in := range lib {
			in.Signature, in.KEX, in.Extra = nil, nil, nil
			in.Unavailable = "libsecp256k1 not found; install it (Debian/Ubuntu: apt-get install libsecp256k1-dev, which bash tools/setup.sh does)"
			if errors.Is(err, libsecp256k1.ErrNoCgo) {
				in.Unavailable = "cgo disabled; build the plugin with CGO_ENABLED=1 and a C compiler"
			}
			in.Notes = map[string]string{"reason": err.Error(),
				"install": "Debian/Ubuntu: apt-get install libsecp256k1-1 (runtime) or libsecp256k1-dev"}
		}
	}
	return append(out, lib...)
}

// libsecpInstances are libsecp256k1's instances.
func libsecpInstances() []*registry.Instance {
	notes := func() map[string]string {
		return map[string]string{
			"implementation": "libsecp256k1 (C) " + libraryFile(),
			"binding":        "dlopen at run time; one cgo call per operation into shim.c, output buffers allocated in Go",
			"context":        "one context, randomised at load (secp256k1_context_randomize)",
		}
	}
	var out []*registry.Instance
	out = append(out, ecdsaInstances(secp256k1.ImplLibsecp, notes())...)
	out = append(out, ecdhInstances(secp256k1.ImplLibsecp, notes())...)
	return append(out, bip340Instance(secp256k1.ImplLibsecp, notes()))
}

// libraryFile names the loaded library file and, when it is a symbolic
// link, the file it resolves to (whose suffix is the ABI version).
func libraryFile() string {
	p := libsecp256k1.Path()
	if real, err := filepath.EvalSymlinks(p); err == nil && real != p {
		return p + " -> " + real
	}
	return p
}

// decredNotes are the facts about decred a report shows.
func decredNotes() map[string]string {
	return map[string]string{
		"implementation": modDecred + " " + moduleVersion(modDecred),
		"constant time":  "ScalarBaseMultNonConst/ScalarMultNonConst: variable-time in the secret scalar",
	}
}

// crucibleNotes are the facts about package k256 a report shows.
func crucibleNotes() map[string]string {
	return map[string]string{
		"implementation": "crucible.dev/plugins/secp256k1/k256 (Go, this repository)",
		"arithmetic":     "4×64-bit limbs; field and Montgomery scalar products in MULX/ADCX/ADOX assembly where the CPU has BMI2 and ADX, portable Go otherwise (or with CRUCIBLE_K256_PORTABLE=1, or the purego build tag)",
		"multiplication": "keygen and signing: a table of 65 signed 4-bit windows of G, complete projective formulas, masked scans; ECDH: GLV split, signed 4-bit windows, constant time; verification: GLV split, wNAF (width 12 for G, 5 for the key), Strauss–Shamir in Jacobian coordinates",
		"inversion":      "safegcd divsteps: ten batches of 59 in constant time for secrets, batches that stop early (variable time) in verification",
		"constant time":  "key generation, signing and ECDH in time independent of the secret key and nonce; verification variable-time on public inputs",
		"der":            "verification parses strict DER only (X.690 §10: shortest lengths, minimal non-negative INTEGERs)",
	}
}

// btcecNotes are the facts about btcec a report shows.
func btcecNotes() map[string]string {
	return map[string]string{
		"implementation": modBtcec + " " + moduleVersion(modBtcec) + " (schnorr)",
		"messages":       "32-byte messages: schnorr.Sign (CustomNonce, FastSign) and Signature.Verify; other lengths: this plugin's BIP-340 steps on btcec's scalar/point/tagged-hash functions, since btcec's schnorr accepts 32-byte messages only",
		"constant time":  "ScalarBaseMultNonConst: variable-time in the secret scalar",
	}
}

// ecdsaInstances are impl's two ECDSA encodings.
func ecdsaInstances(impl string, notes map[string]string) []*registry.Instance {
	var out []*registry.Instance
	for _, v := range []struct {
		name  string
		der   bool
		sizes registry.Sizes
		sig   string
	}{
		{secp256k1.NameECDSA, true, ecdsaDERSizes, "DER (X.690 SEQUENCE of INTEGER r, s), variable length, at most 72 bytes"},
		{secp256k1.NameECDSACompact, false, ecdsaCompactSizes, "64 bytes r ‖ s (IEEE P1363)"},
	} {
		s := secp256k1.NewECDSA(impl, v.der)
		n := maps.Clone(notes)
		n["signature"] = v.sig + "; s normalised to at most n/2 (BIP-62 low S)"
		n["public key"] = "33-byte SEC 1 compressed point (verify also takes 65-byte uncompressed)"
		n["secret key"] = "32-byte big-endian scalar in [1, n-1]; keygen rejection-samples 32-byte strings"
		n["nonce"] = "RFC 6979 HMAC-SHA256 with a nil reader; with a reader, 32 bytes read are RFC 6979 §3.6 additional data"
		n["verify"] = "SEC 1: high S accepted; Extra op " + secp256k1.OpVerifyLowS + " rejects s > n/2 (BIP-146)"
		out = append(out, &registry.Instance{
			Name: v.name, Impl: impl, Kind: registry.KindSig, Signature: s,
			Sizes: v.sizes, Extra: []registry.Op{s.VerifyLowSOp()}, Notes: n, Profile: profile,
		})
	}
	return out
}

// ecdhInstances are impl's two ECDH secrets.
func ecdhInstances(impl string, notes map[string]string) []*registry.Instance {
	var out []*registry.Instance
	for _, v := range []struct {
		name string
		raw  bool
		ss   string
	}{
		{secp256k1.NameECDH, false, "SHA-256(0x02|0x03 ‖ x) of the shared point (libsecp256k1's default)"},
		{secp256k1.NameECDHX, true, "x coordinate of the shared point (SEC 1 §3.3.1, RFC 5903 §9)"},
	} {
		x := secp256k1.NewECDH(impl, v.raw)
		n := maps.Clone(notes)
		n["shared secret"] = v.ss
		n["messages"] = "pass 1: A's 33-byte compressed public key; pass 2: B's"
		out = append(out, &registry.Instance{
			Name: v.name, Impl: impl, Kind: registry.KindKEX, KEX: x,
			Sizes: ecdhSizes, Extra: []registry.Op{x.SPKIOp()}, Notes: n, Profile: profile,
		})
	}
	return out
}

// bip340Instance is impl's BIP-340 Schnorr signature.
func bip340Instance(impl string, notes map[string]string) *registry.Instance {
	n := maps.Clone(notes)
	n["aux_rand"] = "32 bytes read from the reader; 32 zero bytes with a nil reader"
	n["public key"] = "32-byte x-only (BIP-340)"
	return &registry.Instance{
		Name: secp256k1.NameBIP340, Impl: impl, Kind: registry.KindSig, Signature: secp256k1.NewSchnorr(impl),
		Sizes: bip340Sizes, Notes: n, Profile: profile,
	}
}

// moduleVersion is the version of module path linked into this binary.
func moduleVersion(path string) string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == path {
				if d.Replace != nil {
					return d.Replace.Version
				}
				return d.Version
			}
		}
	}
	return "(version not recorded in this binary)"
}
