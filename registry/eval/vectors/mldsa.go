package vectors

import (
	"bytes"
	"crypto/sha3"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"crucible.dev/registry"
)

// ML-DSA (FIPS 204) vectors replay through the signature kind's keygen, sign
// and verify, and through the operations below, which an ML-DSA instance
// adds to its Extra ones.
const (
	// OpMLDSAFeatures reports, as "1" or "0" per feature name below, what
	// the implementation's API can express, so that a case it cannot run
	// is told apart from a case it gets wrong. An instance without it is
	// assumed to support everything.
	OpMLDSAFeatures = "features"
	// OpMLDSASignMu is ML-DSA.Sign_internal (FIPS 204, Algorithm 7) on an
	// external μ (ArgMu); randomness as for sign (nil: deterministic).
	OpMLDSASignMu = "sign_mu"
	// OpMLDSAVerifyMu is ML-DSA.Verify_internal (Algorithm 8) on an
	// external μ; its output is ArgValid as for verify.
	OpMLDSAVerifyMu = "verify_mu"
	// ArgMu is the 64-byte message representative μ.
	ArgMu = "mu"
)

// The features OpMLDSAFeatures reports.
const (
	MLDSAExplicitRnd  = "explicit_rnd"  // hedged sign takes its 32-byte rnd from the given randomness
	MLDSASeedKey      = "sk_seed"       // sign accepts the 32-byte seed ξ as secret key (for interop across key forms)
	MLDSAExpandedKey  = "sk_expanded"   // sign accepts the skEncode form (Algorithm 24)
	MLDSAEmptyMessage = "empty_message" // the empty message can be signed and verified
	MLDSASignMu       = OpMLDSASignMu   // OpMLDSASignMu is available
	MLDSAVerifyMu     = OpMLDSAVerifyMu // OpMLDSAVerifyMu is available
)

var mldsaSets = []string{"ML-DSA-44", "ML-DSA-65", "ML-DSA-87"}

func init() {
	Register(Source{Name: "acvp", Applies: is(mldsaSets...), Check: checkACVPMLDSA})
	Register(Source{Name: "wycheproof", Applies: is(mldsaSets...), Check: checkWycheproofMLDSA})
	Register(Source{Name: "accumulated", Applies: is(mldsaSets...), Check: func(name string, r registry.Runner) (Result, error) {
		return checkAccumulatedMLDSA(name, r, 100)
	}})
	Register(Source{Name: "accumulated-10k", Applies: is(mldsaSets...), Long: true, Check: func(name string, r registry.Runner) (Result, error) {
		return checkAccumulatedMLDSA(name, r, 10000)
	}})
}

// mldsaFeatures is what an instance's OpMLDSAFeatures reported.
type mldsaFeatures map[string]bool

// mldsaFeaturesOf asks r for its features; without the operation every feature
// is assumed, so a missing capability shows as failures, not as silence.
func mldsaFeaturesOf(r registry.Runner) mldsaFeatures {
	f := mldsaFeatures{}
	out, err := r.Run(OpMLDSAFeatures, nil, nil)
	for _, name := range []string{MLDSAExplicitRnd, MLDSASeedKey, MLDSAExpandedKey, MLDSAEmptyMessage, MLDSASignMu, MLDSAVerifyMu} {
		f[name] = err != nil || string(out[name]) == "1"
	}
	return f
}

// mldsaCoverage tallies the cases skipped because the implementation cannot
// express them, by reason, for the error of a check that ran none.
type mldsaCoverage map[string]int

func (c mldsaCoverage) skip(reason string) { c[reason]++ }

// unsupported returns the error of a check that passed nothing because
// every case was skipped, or nil.
func (c mldsaCoverage) unsupported(res Result, what string) error {
	if res.Passed+res.Failed > 0 || len(c) == 0 {
		return nil
	}
	var rs []string
	for r, n := range c {
		rs = append(rs, fmt.Sprintf("%d cases need %s", n, r))
	}
	sort.Strings(rs) // the same reason text on every run
	return fmt.Errorf("%s: %w: %s", what, ErrUnsupported, strings.Join(rs, "; "))
}

// mldsaSign runs sign (or sign_mu when mu is set) and returns the signature
// or the operation's error.
func mldsaSign(r registry.Runner, rnd []byte, args registry.Args) ([]byte, error) {
	op := "sign"
	if _, ok := args[ArgMu]; ok {
		op = OpMLDSASignMu
	}
	out, err := r.Run(op, rnd, args)
	if err != nil {
		return nil, err
	}
	return out[registry.ArgSig], nil
}

// mldsaVerify runs verify (or verify_mu) and reports whether it accepted.
func mldsaVerify(r registry.Runner, args registry.Args) (bool, error) {
	op := "verify"
	if _, ok := args[ArgMu]; ok {
		op = OpMLDSAVerifyMu
	}
	out, err := r.Run(op, nil, args)
	if err != nil {
		return false, err
	}
	return string(out[registry.ArgValid]) == "1", nil
}

// checkACVPMLDSA replays the ML-DSA vector sets of the pinned ACVP module:
//
//   - keyGen: ξ → pk (and sk where the implementation returns skEncode);
//   - sigGen, external interface, pure: sign with the context, deterministic
//     (no randomness) or hedged (rnd given as the randomness);
//   - sigGen, internal interface on an external μ: sign_mu, likewise;
//   - sigVer, external interface, pure: verify; internal on μ: verify_mu.
//
// Every sigGen case gives its secret key in the skEncode form. Cases the
// implementation declares it cannot express (hedged signing with a given
// rnd, skEncode keys, μ) are skipped; pre-hash (HashML-DSA) and the
// internal interface on a plain message are outside the contract and
// skipped too. Anything else that disagrees is a failure.
func checkACVPMLDSA(instance string, r registry.Runner) (Result, error) {
	var res Result
	sets, err := LoadACVP("ML-DSA")
	if err != nil {
		return res, err
	}
	feat := mldsaFeaturesOf(r)
	cov := mldsaCoverage{}
	for _, set := range sets {
		for _, g := range set.Groups {
			ps, err := g.Fields.String("parameterSet")
			if err != nil {
				return res, fmt.Errorf("acvp ML-DSA vector set %d group %d: %w", set.VsID, g.TgID, err)
			}
			if !strings.EqualFold(ps, instance) {
				continue
			}
			for _, c := range g.Tests {
				where := fmt.Sprintf("acvp %s vs %d tg %d tc %d", set.Mode, set.VsID, g.TgID, c.TcID)
				var err error
				switch set.Mode {
				case "keyGen":
					err = mldsaACVPKeyGen(r, c, where, &res)
				case "sigGen":
					err = mldsaACVPSigGen(r, feat, cov, g, c, where, &res)
				case "sigVer":
					err = mldsaACVPSigVer(r, feat, cov, g, c, where, &res)
				default:
					cov.skip("mode " + set.Mode)
				}
				if err != nil {
					return res, fmt.Errorf("%s: %w", where, err)
				}
			}
		}
	}
	if res.Passed+res.Failed == 0 && len(cov) == 0 {
		return res, fmt.Errorf("%w: acvp ML-DSA has no case for %s", ErrUnavailable, instance)
	}
	return res, cov.unsupported(res, "acvp "+instance)
}

// mldsaACVPKeyGen checks one keyGen case; the error is for a malformed vector.
func mldsaACVPKeyGen(r registry.Runner, c ACVPCase, where string, res *Result) error {
	seed, err := c.Prompt.Bytes("seed")
	if err != nil {
		return err
	}
	wantPK, err := c.Expected.Bytes("pk")
	if err != nil {
		return err
	}
	wantSK, err := c.Expected.Bytes("sk")
	if err != nil {
		return err
	}
	out, err := r.Run("keygen", seed, nil)
	if err != nil {
		res.Fail("%s: keygen: %v", where, err)
		return nil
	}
	pk, sk := out[registry.ArgPK], out[registry.ArgSK]
	switch {
	case !bytes.Equal(pk, wantPK):
		res.Fail("%s, field pk: got %x, want %x", where, mldsaClip(pk), mldsaClip(wantPK))
	case len(sk) == len(seed):
		// The seed form: the key is ξ itself.
		res.Check(bytes.Equal(sk, seed), "%s, field sk: seed-form key %x is not the seed %x", where, sk, seed)
	default:
		res.Check(bytes.Equal(sk, wantSK), "%s, field sk: got %x, want %x", where, mldsaClip(sk), mldsaClip(wantSK))
	}
	return nil
}

// mldsaACVPSigGen checks one sigGen case.
func mldsaACVPSigGen(r registry.Runner, feat mldsaFeatures, cov mldsaCoverage, g ACVPGroup, c ACVPCase, where string, res *Result) error {
	det, err := g.Fields.Bool("deterministic")
	if err != nil {
		return err
	}
	args, ok, err := mldsaACVPMessage(feat, cov, g, c)
	if err != nil || !ok {
		return err
	}
	if args[registry.ArgSK], err = c.Prompt.Bytes("sk"); err != nil {
		return err
	}
	var rnd []byte
	if !det {
		if !feat[MLDSAExplicitRnd] {
			cov.skip("hedged signing with a given rnd")
			return nil
		}
		if rnd, err = c.Prompt.Bytes("rnd"); err != nil {
			return err
		}
	}
	if !feat[MLDSAExpandedKey] {
		cov.skip("an skEncode secret key")
		return nil
	}
	want, err := c.Expected.Bytes("signature")
	if err != nil {
		return err
	}
	sig, err := mldsaSign(r, rnd, args)
	if err != nil {
		res.Fail("%s: sign: %v", where, err)
		return nil
	}
	res.Check(bytes.Equal(sig, want), "%s, field signature: got %x, want %x", where, mldsaClip(sig), mldsaClip(want))
	return nil
}

// mldsaACVPSigVer checks one sigVer case.
func mldsaACVPSigVer(r registry.Runner, feat mldsaFeatures, cov mldsaCoverage, g ACVPGroup, c ACVPCase, where string, res *Result) error {
	args, ok, err := mldsaACVPMessage(feat, cov, g, c)
	if err != nil || !ok {
		return err
	}
	if args[registry.ArgPK], err = c.Prompt.Bytes("pk"); err != nil {
		return err
	}
	if args[registry.ArgSig], err = c.Prompt.Bytes("signature"); err != nil {
		return err
	}
	want, err := c.Expected.Bool("testPassed")
	if err != nil {
		return err
	}
	valid, err := mldsaVerify(r, args)
	if err != nil {
		res.Fail("%s: verify: %v", where, err)
		return nil
	}
	res.Check(valid == want, "%s, field testPassed: got %v, want %v", where, valid, want)
	return nil
}

// mldsaACVPMessage returns what a sigGen or sigVer case signs: the message and
// context of the external interface, or μ of the internal one. ok is false
// when the case was skipped.
func mldsaACVPMessage(feat mldsaFeatures, cov mldsaCoverage, g ACVPGroup, c ACVPCase) (args registry.Args, ok bool, err error) {
	iface, err := g.Fields.String("signatureInterface")
	if err != nil {
		return nil, false, err
	}
	externalMu := false
	if g.Fields.Has("externalMu") {
		if externalMu, err = g.Fields.Bool("externalMu"); err != nil {
			return nil, false, err
		}
	}
	args = registry.Args{}
	switch {
	case iface == "internal" && externalMu:
		need := MLDSASignMu
		if c.Prompt.Has("pk") {
			need = MLDSAVerifyMu
		}
		if !feat[need] {
			cov.skip("the internal interface on μ (" + need + ")")
			return nil, false, nil
		}
		args[ArgMu], err = c.Prompt.Bytes("mu")
		return args, err == nil, err
	case iface == "internal":
		cov.skip("the internal interface on a message")
		return nil, false, nil
	}
	if ph, _ := g.Fields.String("preHash"); ph != "pure" {
		cov.skip("pre-hash signing (HashML-DSA)")
		return nil, false, nil
	}
	if args[registry.ArgMsg], err = c.Prompt.Bytes("message"); err != nil {
		return nil, false, err
	}
	if args[registry.ArgCtx], err = c.Prompt.Bytes("context"); err != nil {
		return nil, false, err
	}
	if len(args[registry.ArgMsg]) == 0 && !feat[MLDSAEmptyMessage] {
		cov.skip("an empty message")
		return nil, false, nil
	}
	return args, true, nil
}

// mldsaClip shortens a byte string for a failure message.
func mldsaClip(b []byte) []byte {
	if len(b) > 32 {
		return b[:32]
	}
	return b
}

// The Wycheproof ML-DSA files: sign_seed (keys given as ξ), sign_noseed
// (keys in the skEncode form) and verify, each with its invalid cases
// (over-long contexts, out-of-range or wrong-length keys, malformed
// signatures and hints). Signing there is deterministic.
type wycheproofMLDSAGroup struct {
	PrivateSeed Hex                   `json:"privateSeed"`
	PrivateKey  Hex                   `json:"privateKey"`
	PublicKey   Hex                   `json:"publicKey"`
	Tests       []wycheproofMLDSACase `json:"tests"`
}

type wycheproofMLDSACase struct {
	WycheproofCase
	Msg Hex `json:"msg"`
	Ctx Hex `json:"ctx"`
	Sig Hex `json:"sig"`
}

func checkWycheproofMLDSA(instance string, r registry.Runner) (Result, error) {
	var res Result
	level := strings.TrimPrefix(strings.ToUpper(instance), "ML-DSA-")
	feat := mldsaFeaturesOf(r)
	cov := mldsaCoverage{}
	for _, kind := range []string{"sign_seed", "sign_noseed", "verify"} {
		name := "mldsa_" + level + "_" + kind + "_test.json"
		f, err := LoadWycheproof(name)
		if err != nil {
			return res, err
		}
		for gi, raw := range f.TestGroups {
			var g wycheproofMLDSAGroup
			if err := json.Unmarshal(raw, &g); err != nil {
				return res, fmt.Errorf("wycheproof %s group %d: %w", name, gi, err)
			}
			for _, c := range g.Tests {
				where := fmt.Sprintf("wycheproof %s tc %d (%s)", name, c.TcID, c.Comment)
				if len(c.Msg) == 0 && !feat[MLDSAEmptyMessage] {
					cov.skip("an empty message")
					continue
				}
				switch kind {
				case "sign_seed":
					mldsaWycheproofSignSeed(r, g, c, where, &res)
				case "sign_noseed":
					if !feat[MLDSAExpandedKey] {
						cov.skip("an skEncode secret key")
						continue
					}
					mldsaWycheproofSign(r, g.PrivateKey, c, where, &res)
				case "verify":
					mldsaWycheproofVerify(r, g.PublicKey, c, where, &res)
				}
			}
		}
	}
	return res, cov.unsupported(res, "wycheproof "+instance)
}

// mldsaWycheproofSignSeed derives the key pair from ξ with keygen, then signs;
// a valid signature must also verify under the derived public key. A seed
// of the wrong length is handed to sign as the key, which must refuse it.
func mldsaWycheproofSignSeed(r registry.Runner, g wycheproofMLDSAGroup, c wycheproofMLDSACase, where string, res *Result) {
	if len(g.PrivateSeed) != 32 {
		mldsaWycheproofSign(r, g.PrivateSeed, c, where, res)
		return
	}
	out, err := r.Run("keygen", g.PrivateSeed, nil)
	if err != nil {
		res.Fail("%s: keygen: %v", where, err)
		return
	}
	sig, ok := mldsaWycheproofSign(r, out[registry.ArgSK], c, where, res)
	if !ok || c.Result != "valid" {
		return
	}
	valid, err := mldsaVerify(r, registry.Args{registry.ArgPK: out[registry.ArgPK], registry.ArgMsg: c.Msg, registry.ArgCtx: c.Ctx, registry.ArgSig: sig})
	res.Check(err == nil && valid, "%s: the signature does not verify under the derived key (%v)", where, err)
}

// mldsaWycheproofSign signs deterministically and checks the outcome: the
// expected signature for a valid case, a refusal for an invalid one.
func mldsaWycheproofSign(r registry.Runner, sk []byte, c wycheproofMLDSACase, where string, res *Result) ([]byte, bool) {
	sig, err := mldsaSign(r, nil, registry.Args{registry.ArgSK: sk, registry.ArgMsg: c.Msg, registry.ArgCtx: c.Ctx})
	switch {
	case c.Result == "valid" && err != nil:
		res.Fail("%s: sign: %v", where, err)
	case c.Result == "valid":
		res.Check(bytes.Equal(sig, c.Sig), "%s, field sig: got %x, want %x", where, mldsaClip(sig), mldsaClip(c.Sig))
		return sig, bytes.Equal(sig, c.Sig)
	default:
		res.Check(err != nil, "%s (%s, flags %v): signing succeeded, want a refusal", where, c.Result, c.Flags)
	}
	return nil, false
}

func mldsaWycheproofVerify(r registry.Runner, pk []byte, c wycheproofMLDSACase, where string, res *Result) {
	valid, err := mldsaVerify(r, registry.Args{registry.ArgPK: pk, registry.ArgMsg: c.Msg, registry.ArgCtx: c.Ctx, registry.ArgSig: c.Sig})
	if err != nil {
		res.Fail("%s: verify: %v", where, err)
		return
	}
	want := c.Result == "valid"
	res.Check(valid == want, "%s (flags %v): verify says %v, want %v", where, c.Flags, valid, want)
}

// The accumulated test of Go's crypto/internal/fips140test
// (TestMLDSAAccumulated): SHAKE-128 of the empty string yields one ξ per
// iteration; the public key and the deterministic signature of the empty
// message with the empty context are absorbed into a second SHAKE-128,
// whose first 32 bytes after the last iteration are the known answer. Every
// signature must also verify: each iteration that does counts as a pass,
// and the final hash as one more.
var accumulatedMLDSA = map[int]map[string]string{
	100: {
		"ML-DSA-44": "d51148e1f9f4fa1a723a6cf42e25f2a99eb5c1b378b3d2dbbd561b1203beeae4",
		"ML-DSA-65": "8358a1843220194417cadbc2651295cd8fc65125b5a5c1a239a16dc8b57ca199",
		"ML-DSA-87": "8c3ad714777622b8f21ce31bb35f71394f23bc0fcf3c78ace5d608990f3b061b",
	},
	10000: {
		"ML-DSA-44": "e7fd21f6a59bcba60d65adc44404bb29a7c00e5d8d3ec06a732c00a306a7d143",
		"ML-DSA-65": "5ff5e196f0b830c3b10a9eb5358e7c98a3a20136cb677f3ae3b90175c3ace329",
		"ML-DSA-87": "80a8cf39317f7d0be0e24972c51ac152bd2a3e09bc0c32ce29dd82c4e7385e60",
	},
}

func checkAccumulatedMLDSA(instance string, r registry.Runner, n int) (Result, error) {
	var res Result
	want, ok := accumulatedMLDSA[n][strings.ToUpper(instance)]
	if !ok {
		return res, fmt.Errorf("%w: no accumulated answer for %s over %d iterations", ErrUnavailable, instance, n)
	}
	if !mldsaFeaturesOf(r)[MLDSAEmptyMessage] {
		return res, fmt.Errorf("accumulated %s: %w: every iteration signs the empty message", instance, ErrUnsupported)
	}
	s, o := sha3.NewSHAKE128(), sha3.NewSHAKE128()
	xi := make([]byte, 32)
	msg := []byte{}
	for i := 0; i < n; i++ {
		s.Read(xi)
		out, err := r.Run("keygen", xi, nil)
		if err != nil {
			res.Fail("accumulated iteration %d: keygen: %v", i, err)
			return res, nil
		}
		pk, sk := out[registry.ArgPK], out[registry.ArgSK]
		o.Write(pk)
		sig, err := mldsaSign(r, nil, registry.Args{registry.ArgSK: sk, registry.ArgMsg: msg})
		if err != nil {
			res.Fail("accumulated iteration %d: sign: %v", i, err)
			return res, nil
		}
		o.Write(sig)
		valid, err := mldsaVerify(r, registry.Args{registry.ArgPK: pk, registry.ArgMsg: msg, registry.ArgSig: sig})
		if err != nil || !valid {
			res.Fail("accumulated iteration %d: the signature does not verify (%v)", i, err)
			return res, nil
		}
		res.Passed++ // this iteration's signature verifies
	}
	got := make([]byte, 32)
	o.Read(got)
	res.Check(hex.EncodeToString(got) == want, "accumulated %d iterations: got %x, want %s", n, got, want)
	return res, nil
}
