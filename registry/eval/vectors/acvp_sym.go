package vectors

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"

	"crucible.dev/registry"
)

// The ACVP symmetric algorithms map onto the standard operations by their
// algorithm name: SHA2-* and SHA3-* onto hash, SHAKE-* onto xof, HMAC-*
// onto mac, ACVP-AES-GCM onto seal and open, KDA in mode HKDF onto kdf.

// The Monte Carlo tests iterate 100 × 1000 calls; the default run checks
// the first mctShort of the 100 recorded results, the long run (option
// mct=full) all of them and nothing else.
const (
	mctShort = 10
	mctFull  = 100
)

// acvpSymmetric returns the replay of one case of a symmetric algorithm's
// set, or nil when the engine has none for the algorithm.
func (x *replay) acvpSymmetric(set ACVPVectorSet) func(g ACVPGroup, c ACVPCase, id string) error {
	rounds := mctShort
	if x.opt("mct", "short") == "full" {
		rounds = mctFull
	}
	alg := set.Algorithm
	var aft func(g ACVPGroup, c ACVPCase, id string) error
	switch {
	case strings.HasPrefix(alg, "SHAKE-"), strings.HasPrefix(alg, "SHA2-"), strings.HasPrefix(alg, "SHA3-"):
		return x.acvpHash(alg, rounds)
	case strings.HasPrefix(alg, "HMAC-"):
		aft = func(g ACVPGroup, c ACVPCase, id string) error { return acvpMAC(&x.res, x.r, g, c, id) }
	case alg == "ACVP-AES-GCM":
		aft = func(g ACVPGroup, c ACVPCase, id string) error { return acvpGCM(&x.res, x.r, x.t.Sizes, g, c, id) }
	case alg == "KDA" && set.Mode == "HKDF":
		aft = func(g ACVPGroup, c ACVPCase, id string) error {
			return acvpKDA(&x.res, x.r, x.opt("hmacAlg", "SHA2-256"), g, c, id)
		}
	case alg == "KDA":
		return func(ACVPGroup, ACVPCase, string) error { return nil } // another KDA mode
	default:
		return nil
	}
	if rounds == mctFull {
		return func(ACVPGroup, ACVPCase, string) error { return nil } // the long source replays only Monte Carlo tests
	}
	return aft
}

// acvpHash replays a hash's or an XOF's case: its Monte Carlo test to
// rounds results, or (unless every result is asked for) its functional test.
func (x *replay) acvpHash(alg string, rounds int) func(g ACVPGroup, c ACVPCase, id string) error {
	kind := registry.KindHash
	if strings.HasPrefix(alg, "SHAKE-") {
		kind = registry.KindXOF
	}
	return func(g ACVPGroup, c ACVPCase, id string) error {
		tt, _ := g.Fields.String("testType")
		switch {
		case tt == "MCT" && kind == registry.KindHash:
			return acvpHashMCT(&x.res, x.r, alg, c, rounds, id)
		case tt == "MCT":
			return acvpShakeMCT(&x.res, x.r, g, c, rounds, id)
		case rounds == mctFull:
			return nil // the long source replays only the Monte Carlo tests
		}
		return acvpHashAFT(&x.res, x.r, kind, c, id)
	}
}

// acvpHashAFT is one algorithm functional test (and, for SHAKE, one
// variable-output test): the digest of msg. Bit-oriented messages do not
// apply to a byte-oriented interface.
func acvpHashAFT(res *Result, r registry.Runner, kind registry.Kind, c ACVPCase, id string) error {
	msg, err := c.Prompt.Bytes("msg")
	if err != nil {
		return err
	}
	bits, err := c.Prompt.Int("len")
	if err != nil {
		return err
	}
	if bits != 8*len(msg) {
		return nil
	}
	want, err := c.Expected.Bytes("md")
	if err != nil {
		return err
	}
	var got []byte
	if kind == registry.KindXOF {
		outBits, err := c.Prompt.Int("outLen")
		if err != nil {
			return err
		}
		if outBits%8 != 0 {
			return nil
		}
		got, err = runOut(r, "xof", xofArgs(msg, outBits/8))
		if err != nil {
			return err
		}
	} else if got, err = runOut(r, "hash", registry.Args{registry.ArgMsg: msg}); err != nil {
		return err
	}
	res.Check(bytes.Equal(got, want), "%s: md %x, want %x", id, got, want)
	return nil
}

// acvpHashMCT is the Monte Carlo test of SHAVS §6.4 (SHA-2: each digest
// over the previous three) or of the SHA-3 validation system §6.2.3 (SHA-3:
// each digest over the previous one), 1000 digests per recorded result.
func acvpHashMCT(res *Result, r registry.Runner, file string, c ACVPCase, rounds int, id string) error {
	seed, err := c.Prompt.Bytes("msg")
	if err != nil {
		return err
	}
	var results []struct {
		MD Hex `json:"md"`
	}
	if err := c.Expected.Decode("resultsArray", &results); err != nil {
		return err
	}
	h := func(m []byte) ([]byte, error) { return runOut(r, "hash", registry.Args{registry.ArgMsg: m}) }
	sha3 := strings.HasPrefix(file, "SHA3")
	for j := 0; j < rounds && j < len(results); j++ {
		if sha3 {
			for range 1000 {
				if seed, err = h(seed); err != nil {
					return err
				}
			}
		} else {
			md := [3][]byte{seed, seed, seed}
			for range 1000 {
				next, err := h(bytes.Join(md[:], nil))
				if err != nil {
					return err
				}
				md = [3][]byte{md[1], md[2], next}
			}
			seed = md[2]
		}
		res.Check(bytes.Equal(seed, results[j].MD), "%s: result %d md %x, want %x", id, j, seed, results[j].MD)
		if !bytes.Equal(seed, results[j].MD) {
			return nil // every later result depends on this one
		}
	}
	return nil
}

// acvpShakeMCT is the SHAKE Monte Carlo test (SHA-3 validation system
// §6.3.3): each input is the first 16 bytes of the previous output, and
// each output length is derived from the previous output's last 16 bits.
func acvpShakeMCT(res *Result, r registry.Runner, g ACVPGroup, c ACVPCase, rounds int, id string) error {
	msg, err := c.Prompt.Bytes("msg")
	if err != nil {
		return err
	}
	minBits, err := g.Fields.Int("minOutLen")
	if err != nil {
		return err
	}
	maxBits, err := g.Fields.Int("maxOutLen")
	if err != nil {
		return err
	}
	var results []struct {
		MD     Hex `json:"md"`
		OutLen int `json:"outLen"`
	}
	if err := c.Expected.Decode("resultsArray", &results); err != nil {
		return err
	}
	minLen, maxLen := minBits/8, maxBits/8
	span := maxLen - minLen + 1
	outLen := maxLen
	out := msg
	for j := 0; j < rounds && j < len(results); j++ {
		for range 1000 {
			var in [16]byte
			copy(in[:], out)
			if out, err = runOut(r, "xof", xofArgs(in[:], outLen)); err != nil {
				return err
			}
			last := int(binary.BigEndian.Uint16(out[len(out)-2:]))
			outLen = minLen + last%span
		}
		ok := bytes.Equal(out, results[j].MD) && 8*len(out) == results[j].OutLen
		res.Check(ok, "%s: result %d md %x (%d bits), want %x (%d bits)", id, j, out, 8*len(out), results[j].MD, results[j].OutLen)
		if !ok {
			return nil
		}
	}
	return nil
}

// acvpMAC is one HMAC test: the tag, truncated to macLen as the group says.
func acvpMAC(res *Result, r registry.Runner, g ACVPGroup, c ACVPCase, id string) error {
	key, err := c.Prompt.Bytes("key")
	if err != nil {
		return err
	}
	msg, err := c.Prompt.Bytes("msg")
	if err != nil {
		return err
	}
	want, err := c.Expected.Bytes("mac")
	if err != nil {
		return err
	}
	got, err := runOut(r, "mac", registry.Args{registry.ArgKey: key, registry.ArgMsg: msg})
	if err != nil {
		return err
	}
	res.Check(len(got) >= len(want) && bytes.Equal(got[:len(want)], want), "%s: mac %x, want %x", id, got, want)
	return nil
}

// acvpGCM is one AES-GCM test of the target's key and IV lengths. A GCM tag
// of t bits is the first t bits of the full tag (SP 800-38D §7.1), so
// encryption is checked at any tag length; decryption only with full tags,
// which is all the instance accepts.
func acvpGCM(res *Result, r registry.Runner, s registry.Sizes, g ACVPGroup, c ACVPCase, id string) error {
	keyLen, _ := g.Fields.Int("keyLen")
	ivLen, _ := g.Fields.Int("ivLen")
	tagLen, _ := g.Fields.Int("tagLen")
	dir, _ := g.Fields.String("direction")
	if keyLen != 8*s.Key || ivLen != 8*s.Nonce {
		return nil
	}
	f := func(name string) []byte {
		if b, err := c.Prompt.Bytes(name); err == nil {
			return b
		}
		b, _ := c.Expected.Bytes(name)
		return b
	}
	key, iv, aad := f("key"), f("iv"), f("aad")
	switch dir {
	case "encrypt":
		out, err := r.Run("seal", nil, registry.Args{registry.ArgKey: key, registry.ArgNonce: iv, registry.ArgMsg: f("pt"), registry.ArgAD: aad})
		if err != nil {
			return err
		}
		want := append(f("ct"), f("tag")...)
		got := out[registry.ArgCT]
		res.Check(len(got) == len(want)+16-tagLen/8 && bytes.Equal(got[:len(want)], want), "%s: ct‖tag %x, want %x", id, got, want)
	case "decrypt":
		if tagLen != 128 {
			return nil
		}
		out, err := r.Run("open", nil, registry.Args{registry.ArgKey: key, registry.ArgNonce: iv, registry.ArgCT: append(f("ct"), f("tag")...), registry.ArgAD: aad})
		if err != nil {
			return err
		}
		valid := string(out[registry.ArgValid]) == "1"
		if passed, err := c.Expected.Bool("testPassed"); err == nil && !passed {
			res.Check(!valid, "%s: a forged ciphertext was accepted", id)
			return nil
		}
		res.Check(valid && bytes.Equal(out[registry.ArgOut], f("pt")), "%s: open valid=%v pt %x, want %x", id, valid, out[registry.ArgOut], f("pt"))
	}
	return nil
}

// acvpKDA is one HKDF test of SP 800-56C Rev. 2 §5: the fixed info is
// uPartyInfo ‖ vPartyInfo, each partyId ‖ ephemeralData; VAL cases give a
// derived key to accept or reject.
func acvpKDA(res *Result, r registry.Runner, hash string, g ACVPGroup, c ACVPCase, id string) error {
	var conf struct {
		HmacAlg          string `json:"hmacAlg"`
		FixedInfoPattern string `json:"fixedInfoPattern"`
		Encoding         string `json:"fixedInfoEncoding"`
	}
	if err := g.Fields.Decode("kdfConfiguration", &conf); err != nil {
		return err
	}
	if conf.HmacAlg != hash {
		return nil
	}
	if conf.FixedInfoPattern != "uPartyInfo||vPartyInfo" || conf.Encoding != "concatenation" {
		return fmt.Errorf("fixed info %q in %q encoding not implemented", conf.FixedInfoPattern, conf.Encoding)
	}
	var p struct {
		Salt Hex `json:"salt"`
		Z    Hex `json:"z"`
		L    int `json:"l"`
	}
	if err := c.Prompt.Decode("kdfParameter", &p); err != nil {
		return err
	}
	var info []byte
	for _, party := range []string{"fixedInfoPartyU", "fixedInfoPartyV"} {
		var pi struct {
			PartyID       Hex `json:"partyId"`
			EphemeralData Hex `json:"ephemeralData"`
		}
		if err := c.Prompt.Decode(party, &pi); err != nil {
			return err
		}
		info = append(append(info, pi.PartyID...), pi.EphemeralData...)
	}
	args := registry.Args{registry.ArgKey: p.Z, registry.ArgSalt: p.Salt, registry.ArgInfo: info}
	args.SetInt(registry.ArgLength, p.L/8)
	got, err := runOut(r, "kdf", args)
	if err != nil {
		return err
	}
	if c.Prompt.Has("dkm") { // VAL
		dkm, err := c.Prompt.Bytes("dkm")
		if err != nil {
			return err
		}
		passed, err := c.Expected.Bool("testPassed")
		if err != nil {
			return err
		}
		res.Check(bytes.Equal(got, dkm) == passed, "%s: derived key %s the offered one, expected testPassed=%v", id, map[bool]string{true: "matches", false: "differs from"}[bytes.Equal(got, dkm)], passed)
		return nil
	}
	want, err := c.Expected.Bytes("dkm")
	if err != nil {
		return err
	}
	res.Check(bytes.Equal(got, want), "%s: dkm %x, want %x", id, got, want)
	return nil
}
