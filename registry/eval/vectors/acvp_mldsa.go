package vectors

import (
	"bytes"

	"crucible.dev/registry"
)

// ACVP's ML-DSA vector sets (FIPS 204) map onto the signature kind's
// operations and the roles for the internal interface on μ:
//
//   - keyGen: ξ → pk (and sk where the implementation returns skEncode);
//   - sigGen, external interface, pure: sign with the context, deterministic
//     (no randomness) or hedged (rnd given as the randomness);
//   - sigGen, internal interface on an external μ: the sign_mu role, likewise;
//   - sigVer, external interface, pure: verify; internal on μ: verify_mu.
//
// Every sigGen case gives its secret key in the skEncode form. Cases the
// implementation declares it cannot express (hedged signing with a given
// rnd, skEncode keys, μ) are skipped; pre-hash (HashML-DSA) and the
// internal interface on a plain message are outside the contract and
// skipped too. Anything else that disagrees is a failure.
func (x *replay) acvpMLDSA(set ACVPVectorSet) func(g ACVPGroup, c ACVPCase, id string) error {
	return func(g ACVPGroup, c ACVPCase, id string) error {
		switch set.Mode {
		case "keyGen":
			return x.mldsaACVPKeyGen(c, id)
		case "sigGen":
			return x.mldsaACVPSigGen(g, c, id)
		case "sigVer":
			return x.mldsaACVPSigVer(g, c, id)
		}
		x.cov.skip("mode " + set.Mode)
		return nil
	}
}

// mldsaACVPKeyGen checks one keyGen case; the error is for a malformed vector.
func (x *replay) mldsaACVPKeyGen(c ACVPCase, where string) error {
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
	out, err := x.run("keygen", seed, nil)
	if err != nil {
		x.res.Fail("%s: keygen: %v", where, err)
		return nil
	}
	pk, sk := out[registry.ArgPK], out[registry.ArgSK]
	switch {
	case !bytes.Equal(pk, wantPK):
		x.res.Fail("%s, field pk: got %x, want %x", where, clip(pk), clip(wantPK))
	case len(sk) == len(seed):
		// The seed form: the key is ξ itself.
		x.res.Check(bytes.Equal(sk, seed), "%s, field sk: seed-form key %x is not the seed %x", where, sk, seed)
	default:
		x.res.Check(bytes.Equal(sk, wantSK), "%s, field sk: got %x, want %x", where, clip(sk), clip(wantSK))
	}
	return nil
}

// mldsaACVPSigGen checks one sigGen case.
func (x *replay) mldsaACVPSigGen(g ACVPGroup, c ACVPCase, where string) error {
	det, err := g.Fields.Bool("deterministic")
	if err != nil {
		return err
	}
	args, ok, err := x.mldsaACVPMessage(g, c)
	if err != nil || !ok {
		return err
	}
	if args[registry.ArgSK], err = c.Prompt.Bytes("sk"); err != nil {
		return err
	}
	var rnd []byte
	if !det {
		if !x.feature(featExplicitRnd) {
			x.cov.skip("hedged signing with a given rnd")
			return nil
		}
		if rnd, err = c.Prompt.Bytes("rnd"); err != nil {
			return err
		}
	}
	if !x.feature(featExpandedKey) {
		x.cov.skip("an skEncode secret key")
		return nil
	}
	want, err := c.Expected.Bytes("signature")
	if err != nil {
		return err
	}
	sig, err := x.mldsaSign(rnd, args)
	if err != nil {
		x.res.Fail("%s: sign: %v", where, err)
		return nil
	}
	x.res.Check(bytes.Equal(sig, want), "%s, field signature: got %x, want %x", where, clip(sig), clip(want))
	return nil
}

// mldsaACVPSigVer checks one sigVer case.
func (x *replay) mldsaACVPSigVer(g ACVPGroup, c ACVPCase, where string) error {
	args, ok, err := x.mldsaACVPMessage(g, c)
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
	valid, err := x.mldsaVerify(args)
	if err != nil {
		x.res.Fail("%s: verify: %v", where, err)
		return nil
	}
	x.res.Check(valid == want, "%s, field testPassed: got %v, want %v", where, valid, want)
	return nil
}

// mldsaACVPMessage returns what a sigGen or sigVer case signs: the message and
// context of the external interface, or μ of the internal one. ok is false
// when the case was skipped.
func (x *replay) mldsaACVPMessage(g ACVPGroup, c ACVPCase) (args registry.Args, ok bool, err error) {
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
		need := featSignMu
		if c.Prompt.Has("pk") {
			need = featVerifyMu
		}
		if !x.feature(need) {
			x.cov.skip("the internal interface on μ (" + need + ")")
			return nil, false, nil
		}
		args[argMu], err = c.Prompt.Bytes("mu")
		return args, err == nil, err
	case iface == "internal":
		x.cov.skip("the internal interface on a message")
		return nil, false, nil
	}
	if ph, _ := g.Fields.String("preHash"); ph != "pure" {
		x.cov.skip("pre-hash signing (HashML-DSA)")
		return nil, false, nil
	}
	if args[registry.ArgMsg], err = c.Prompt.Bytes("message"); err != nil {
		return nil, false, err
	}
	if args[registry.ArgCtx], err = c.Prompt.Bytes("context"); err != nil {
		return nil, false, err
	}
	if len(args[registry.ArgMsg]) == 0 && !x.feature(featEmptyMessage) {
		x.cov.skip("an empty message")
		return nil, false, nil
	}
	return args, true, nil
}
