package vectors

import (
	"bytes"
	"fmt"

	"crucible.dev/registry"
)

// wycheproofSigGroup is an EdDSA verification group: the public key in
// publicKey (testvectors_v1) or key (the first layout, which may carry the
// secret key too).
type wycheproofSigGroup struct {
	PublicKey struct {
		PK Hex `json:"pk"`
	} `json:"publicKey"`
	Key struct {
		PK Hex `json:"pk"`
		SK Hex `json:"sk"`
	} `json:"key"`
	Tests []struct {
		WycheproofCase
		Msg Hex `json:"msg"`
		Sig Hex `json:"sig"`
	} `json:"tests"`
}

// wycheproofSigVerify checks every case with verify: a valid signature
// must verify, an invalid one must not (an error is a refusal), and an
// acceptable one may do either. Where the group carries the secret key, a
// deterministic scheme's keygen from it must give the public key, and
// signing a valid case's message must give its signature.
func wycheproofSigVerify(x *replay, file string, f *WycheproofFile) error {
	return groups(file, f, func(gi int, g *wycheproofSigGroup) error {
		pk := g.PublicKey.PK
		if len(pk) == 0 {
			pk = g.Key.PK
		}
		if len(pk) == 0 {
			return fmt.Errorf("%s group %d: no public key", file, gi)
		}
		var sk []byte
		if len(g.Key.SK) > 0 {
			out, err := x.run("keygen", g.Key.SK, nil)
			x.res.Check(err == nil && bytes.Equal(out[registry.ArgPK], pk), "%s group %d: keygen from sk: pk %x, want %x (%v)", file, gi, out[registry.ArgPK], pk, err)
			sk = out[registry.ArgSK]
		}
		for _, c := range g.Tests {
			where := fmt.Sprintf("%s tcId %d (%s)", file, c.TcID, c.Comment)
			if sk != nil && c.Result == "valid" {
				out, err := x.run("sign", nil, registry.Args{registry.ArgSK: sk, registry.ArgMsg: c.Msg})
				x.res.Check(err == nil && bytes.Equal(out[registry.ArgSig], c.Sig), "%s: sign: got %x, want %x (%v)", where, out[registry.ArgSig], c.Sig, err)
			}
			out, err := x.run("verify", nil, registry.Args{registry.ArgPK: pk, registry.ArgMsg: c.Msg, registry.ArgSig: c.Sig})
			valid := err == nil && string(out[registry.ArgValid]) == "1"
			switch c.Result {
			case "valid":
				x.res.Check(valid, "%s: verify refused a valid signature (%v %s)", where, err, out["error"])
			case "invalid":
				x.res.Check(!valid, "%s (flags %v): verify accepted an invalid signature", where, c.Flags)
			}
			// An acceptable case conforms either way: it is run (a crash
			// still shows) but not counted.
		}
		return nil
	})
}

// wycheproofECDSA checks an ECDSA verification file (DER or P1363
// signatures) with verify; the bitcoin schema, which adds BIP-146's low-S
// rule, with the operation the catalog binds to verify_low_s.
func wycheproofECDSA(x *replay, file string, f *WycheproofFile) error {
	op := "verify"
	if f.Schema == "ecdsa_bitcoin_verify_schema.json" {
		var err error
		if op, err = x.role("verify_low_s"); err != nil {
			return fmt.Errorf("%s: %w", file, err)
		}
	}
	type group struct {
		PublicKey struct {
			Uncompressed Hex `json:"uncompressed"`
		} `json:"publicKey"`
		Tests []struct {
			WycheproofCase
			Msg Hex `json:"msg"`
			Sig Hex `json:"sig"`
		} `json:"tests"`
	}
	return groups(file, f, func(_ int, g *group) error {
		for _, tc := range g.Tests {
			out, err := x.run(op, nil, registry.Args{
				registry.ArgPK: g.PublicKey.Uncompressed, registry.ArgMsg: tc.Msg, registry.ArgSig: tc.Sig})
			if err != nil {
				x.res.Fail("%s tcId %d (%s): %s: %v", file, tc.TcID, tc.Comment, op, err)
				continue
			}
			accepted := string(out[registry.ArgValid]) == "1"
			x.res.Check(outcome(tc.Result, accepted),
				"%s tcId %d (%s): result %s, %s accepted=%v (%s)", file, tc.TcID, tc.Comment, tc.Result, op, accepted, out["error"])
		}
		return nil
	})
}
