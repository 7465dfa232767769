package vectors

import (
	"bytes"
	"fmt"

	"crucible.dev/registry"
)

// The features an ML-DSA implementation's "features" role reports, "1" or
// "0" each: what its API can express, so that a case it cannot run is told
// apart from a case it gets wrong.
const (
	featExplicitRnd  = "explicit_rnd"  // hedged sign takes its 32-byte rnd from the given randomness
	featSeedKey      = "sk_seed"       // sign accepts the 32-byte seed ξ as secret key
	featExpandedKey  = "sk_expanded"   // sign accepts the skEncode form (FIPS 204, Algorithm 24)
	featEmptyMessage = "empty_message" // the empty message can be signed and verified
	featSignMu       = "sign_mu"       // the sign_mu role is available
	featVerifyMu     = "verify_mu"     // the verify_mu role is available
)

// argMu is the argument of the μ roles: the 64-byte message representative.
const argMu = "mu"

// feature reports whether the implementation can express name. Without a
// features role, or when it fails, every feature is assumed, so a missing
// capability shows as failures, not as silence; a feature that is a role
// also needs the catalog's binding.
func (x *replay) feature(name string) bool {
	if x.feat == nil {
		x.feat = map[string]bool{}
		var out registry.Args
		op, err := x.role("features")
		if err == nil {
			out, err = x.run(op, nil, nil)
		}
		for _, n := range []string{featExplicitRnd, featSeedKey, featExpandedKey, featEmptyMessage, featSignMu, featVerifyMu} {
			x.feat[n] = err != nil || string(out[n]) == "1"
		}
	}
	if name == featSignMu || name == featVerifyMu {
		if _, bound := x.ops[name]; !bound {
			return false
		}
	}
	return x.feat[name]
}

// mldsaSign runs sign (or the sign_mu role when mu is set) and returns the
// signature or the operation's error.
func (x *replay) mldsaSign(rnd []byte, args registry.Args) ([]byte, error) {
	op := "sign"
	if _, ok := args[argMu]; ok {
		op = x.ops[featSignMu]
	}
	out, err := x.run(op, rnd, args)
	if err != nil {
		return nil, err
	}
	return out[registry.ArgSig], nil
}

// mldsaVerify runs verify (or the verify_mu role) and reports whether it
// accepted.
func (x *replay) mldsaVerify(args registry.Args) (bool, error) {
	op := "verify"
	if _, ok := args[argMu]; ok {
		op = x.ops[featVerifyMu]
	}
	out, err := x.run(op, nil, args)
	if err != nil {
		return false, err
	}
	return string(out[registry.ArgValid]) == "1", nil
}

// clip shortens a byte string for a failure message.
func clip(b []byte) []byte {
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

// wycheproofMLDSA replays one ML-DSA file by its schema.
func wycheproofMLDSA(x *replay, file string, f *WycheproofFile) error {
	return groups(file, f, func(_ int, g *wycheproofMLDSAGroup) error {
		for _, c := range g.Tests {
			where := fmt.Sprintf("wycheproof %s tc %d (%s)", file, c.TcID, c.Comment)
			if len(c.Msg) == 0 && !x.feature(featEmptyMessage) {
				x.cov.skip("an empty message")
				continue
			}
			switch f.Schema {
			case "mldsa_sign_seed_schema.json":
				x.mldsaSignSeed(g, c, where)
			case "mldsa_sign_noseed_schema.json":
				if !x.feature(featExpandedKey) {
					x.cov.skip("an skEncode secret key")
					continue
				}
				x.mldsaWycheproofSign(g.PrivateKey, c, where)
			default:
				x.mldsaWycheproofVerify(g.PublicKey, c, where)
			}
		}
		return nil
	})
}

// mldsaSignSeed derives the key pair from ξ with keygen, then signs; a
// valid signature must also verify under the derived public key. A seed
// of the wrong length is handed to sign as the key, which must refuse it.
func (x *replay) mldsaSignSeed(g *wycheproofMLDSAGroup, c wycheproofMLDSACase, where string) {
	if len(g.PrivateSeed) != 32 {
		x.mldsaWycheproofSign(g.PrivateSeed, c, where)
		return
	}
	out, err := x.run("keygen", g.PrivateSeed, nil)
	if err != nil {
		x.res.Fail("%s: keygen: %v", where, err)
		return
	}
	sig, ok := x.mldsaWycheproofSign(out[registry.ArgSK], c, where)
	if !ok || c.Result != "valid" {
		return
	}
	valid, err := x.mldsaVerify(registry.Args{registry.ArgPK: out[registry.ArgPK], registry.ArgMsg: c.Msg, registry.ArgCtx: c.Ctx, registry.ArgSig: sig})
	x.res.Check(err == nil && valid, "%s: the signature does not verify under the derived key (%v)", where, err)
}

// mldsaWycheproofSign signs deterministically and checks the outcome: the
// expected signature for a valid case, a refusal for an invalid one.
func (x *replay) mldsaWycheproofSign(sk []byte, c wycheproofMLDSACase, where string) ([]byte, bool) {
	sig, err := x.mldsaSign(nil, registry.Args{registry.ArgSK: sk, registry.ArgMsg: c.Msg, registry.ArgCtx: c.Ctx})
	switch {
	case c.Result == "valid" && err != nil:
		x.res.Fail("%s: sign: %v", where, err)
	case c.Result == "valid":
		x.res.Check(bytes.Equal(sig, c.Sig), "%s, field sig: got %x, want %x", where, clip(sig), clip(c.Sig))
		return sig, bytes.Equal(sig, c.Sig)
	default:
		x.res.Check(err != nil, "%s (%s, flags %v): signing succeeded, want a refusal", where, c.Result, c.Flags)
	}
	return nil, false
}

func (x *replay) mldsaWycheproofVerify(pk []byte, c wycheproofMLDSACase, where string) {
	valid, err := x.mldsaVerify(registry.Args{registry.ArgPK: pk, registry.ArgMsg: c.Msg, registry.ArgCtx: c.Ctx, registry.ArgSig: c.Sig})
	if err != nil {
		x.res.Fail("%s: verify: %v", where, err)
		return
	}
	want := c.Result == "valid"
	x.res.Check(valid == want, "%s (flags %v): verify says %v, want %v", where, c.Flags, valid, want)
}
