package vectors

import (
	"bytes"
	"crypto/sha3"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"crucible.dev/registry"
)

// ML-KEM (FIPS 203) vectors, replayed through the standard KEM operations
// with explicit randomness: keygen reads the seed d‖z (64 bytes), encaps
// reads m (32 bytes), decaps reads nothing.
//
// Implementations keep the decapsulation key either as the 64-byte seed
// d‖z or expanded (FIPS 203 §7.1). A case that compares or supplies an
// expanded key is checked in the form the implementation returns: a seed
// is compared with d‖z; a vector that supplies only an expanded key cannot
// be given to a seed-form implementation and is not counted for it.

func init() {
	Register(Source{Name: "acvp", Applies: is("ML-KEM-768", "ML-KEM-1024"), Check: checkMLKEMACVP})
	Register(Source{Name: "wycheproof", Applies: is("ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"), Check: checkMLKEMWycheproof})
	Register(Source{Name: "accumulated", Applies: is("ML-KEM-768"),
		Check: func(inst string, r registry.Runner) (Result, error) { return checkMLKEMAccumulated(inst, r, 100) }})
	Register(Source{Name: "accumulated-10k", Applies: is("ML-KEM-768"), Long: true,
		Check: func(inst string, r registry.Runner) (Result, error) { return checkMLKEMAccumulated(inst, r, 10000) }})
}

const mlkemSeedSize = 64

// mlkemSKIsSeed reports whether the implementation behind r keeps its
// decapsulation keys in the 64-byte seed form, by generating one key.
func mlkemSKIsSeed(r registry.Runner) (bool, error) {
	out, err := r.Run("keygen", make([]byte, mlkemSeedSize), nil)
	if err != nil {
		return false, fmt.Errorf("keygen: %w", err)
	}
	return len(out[registry.ArgSK]) == mlkemSeedSize, nil
}

// checkMLKEMACVP replays the ACVP ML-KEM vector sets (FIPS203 revision):
// keyGen (d, z → ek, dk) and encapDecap (encapsulation: ek, m → c, k;
// decapsulation: dk, c → k, including implicitly rejected ciphertexts; the
// key-check functions when present). The pinned data covers ML-KEM-768
// and ML-KEM-1024 only.
func checkMLKEMACVP(inst string, r registry.Runner) (Result, error) {
	var res Result
	sets, err := LoadACVP("ML-KEM")
	if err != nil {
		return res, err
	}
	seedForm, err := mlkemSKIsSeed(r)
	if err != nil {
		return res, fmt.Errorf("acvp %s: %w", inst, err)
	}
	cases := 0
	for _, set := range sets {
		for _, g := range set.Groups {
			ps, err := g.Fields.String("parameterSet")
			if err != nil {
				return res, fmt.Errorf("acvp ML-KEM vs %d tg %d: %w", set.VsID, g.TgID, err)
			}
			if ps != inst {
				continue
			}
			fn, _ := g.Fields.String("function") // absent in keyGen
			for _, c := range g.Tests {
				id := fmt.Sprintf("acvp %s vs %d tg %d tc %d", set.Mode, set.VsID, g.TgID, c.TcID)
				n, err := mlkemACVPCase(&res, r, set.Mode, fn, c, seedForm, id)
				if err != nil {
					return res, fmt.Errorf("%s: %w", id, err)
				}
				cases += n
			}
		}
	}
	if cases == 0 {
		return res, fmt.Errorf("%w: no ACVP ML-KEM cases for %s in %s", ErrUnavailable, inst, ACVP)
	}
	return res, nil
}

// mlkemACVPCase checks one case and returns how many were run (0 for a
// case the implementation's key form cannot take). An error is malformed
// vector data, not a failed check.
func mlkemACVPCase(res *Result, r registry.Runner, mode, fn string, c ACVPCase, seedForm bool, id string) (int, error) {
	p, e := c.Prompt, c.Expected
	switch {
	case mode == "keyGen":
		d, err1 := p.Bytes("d")
		z, err2 := p.Bytes("z")
		ek, err3 := e.Bytes("ek")
		dk, err4 := e.Bytes("dk")
		if err := firstErr(err1, err2, err3, err4); err != nil {
			return 0, err
		}
		seed := append(bytes.Clone(d), z...)
		out, err := r.Run("keygen", seed, nil)
		if err != nil {
			res.Fail("%s: keygen: %v", id, err)
			return 1, nil
		}
		wantSK := dk
		if seedForm {
			wantSK = seed
		}
		res.Check(bytes.Equal(out[registry.ArgPK], ek), "%s: ek differs", id)
		res.Check(bytes.Equal(out[registry.ArgSK], wantSK), "%s: dk differs (%d bytes, want %d)", id, len(out[registry.ArgSK]), len(wantSK))
		return 1, nil

	case mode == "encapDecap" && fn == "encapsulation":
		ek, err1 := p.Bytes("ek")
		m, err2 := p.Bytes("m")
		ct, err3 := e.Bytes("c")
		k, err4 := e.Bytes("k")
		if err := firstErr(err1, err2, err3, err4); err != nil {
			return 0, err
		}
		out, err := r.Run("encaps", m, registry.Args{registry.ArgPK: ek})
		if err != nil {
			res.Fail("%s: encaps: %v", id, err)
			return 1, nil
		}
		res.Check(bytes.Equal(out[registry.ArgCT], ct), "%s: c differs", id)
		res.Check(bytes.Equal(out[registry.ArgSS], k), "%s: k differs", id)
		return 1, nil

	case mode == "encapDecap" && fn == "decapsulation":
		dk, err1 := p.Bytes("dk")
		ct, err2 := p.Bytes("c")
		k, err3 := e.Bytes("k")
		if err := firstErr(err1, err2, err3); err != nil {
			return 0, err
		}
		if seedForm {
			return 0, nil // only the expanded dk is given; it holds no d
		}
		out, err := r.Run("decaps", nil, registry.Args{registry.ArgSK: dk, registry.ArgCT: ct})
		if err != nil {
			res.Fail("%s: decaps: %v", id, err)
			return 1, nil
		}
		res.Check(bytes.Equal(out[registry.ArgSS], k), "%s: k differs", id)
		return 1, nil

	case mode == "encapDecap" && fn == "encapsulationKeyCheck":
		// FIPS 203 §7.2: the modulus check; encapsulation must refuse
		// a key that fails it.
		ek, err1 := p.Bytes("ek")
		ok, err2 := e.Bool("testPassed")
		if err := firstErr(err1, err2); err != nil {
			return 0, err
		}
		_, err := r.Run("encaps", make([]byte, 32), registry.Args{registry.ArgPK: ek})
		res.Check((err == nil) == ok, "%s: encapsulation key check: encaps error %v, want valid=%v", id, err, ok)
		return 1, nil

	case mode == "encapDecap" && fn == "decapsulationKeyCheck":
		// FIPS 203 §7.3: the length and hash checks on an expanded dk.
		dk, err1 := p.Bytes("dk")
		ok, err2 := e.Bool("testPassed")
		if err := firstErr(err1, err2); err != nil {
			return 0, err
		}
		if seedForm {
			return 0, nil
		}
		ctLen, err := mlkemCiphertextSize(r)
		if err != nil {
			return 0, err
		}
		_, err = r.Run("decaps", nil, registry.Args{registry.ArgSK: dk, registry.ArgCT: make([]byte, ctLen)})
		res.Check((err == nil) == ok, "%s: decapsulation key check: decaps error %v, want valid=%v", id, err, ok)
		return 1, nil
	}
	res.Fail("%s: unsupported ACVP ML-KEM mode %q function %q", id, mode, fn)
	return 1, nil
}

// mlkemCiphertextSize learns the ciphertext length by one encapsulation.
func mlkemCiphertextSize(r registry.Runner) (int, error) {
	kp, err := r.Run("keygen", make([]byte, mlkemSeedSize), nil)
	if err != nil {
		return 0, err
	}
	out, err := r.Run("encaps", make([]byte, 32), registry.Args{registry.ArgPK: kp[registry.ArgPK]})
	if err != nil {
		return 0, err
	}
	return len(out[registry.ArgCT]), nil
}

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// mlkemWycheproofGroup is a group of testvectors_v1/mlkem_test.json.
type mlkemWycheproofGroup struct {
	Type         string `json:"type"` // MLKEMTest (keygen from seed, decaps) or MLKEMEncapsTest
	ParameterSet string `json:"parameterSet"`
	Tests        []struct {
		WycheproofCase
		Seed Hex `json:"seed"`
		M    Hex `json:"m"`
		EK   Hex `json:"ek"`
		C    Hex `json:"c"`
		K    Hex `json:"K"`
	} `json:"tests"`
}

// checkMLKEMWycheproof replays Wycheproof's mlkem_test.json: MLKEMTest
// cases derive the key from the seed, compare ek and decapsulate c (the
// CCTV "strcmp" ciphertexts probe implicit rejection); MLKEMEncapsTest
// cases encapsulate with m to ek, and the invalid ones (ek coefficients
// not reduced modulo q) must be refused.
func checkMLKEMWycheproof(inst string, r registry.Runner) (Result, error) {
	var res Result
	f, err := LoadWycheproof("mlkem_test.json")
	if err != nil {
		return res, err
	}
	cases := 0
	for _, raw := range f.TestGroups {
		var g mlkemWycheproofGroup
		if err := json.Unmarshal(raw, &g); err != nil {
			return res, fmt.Errorf("wycheproof mlkem_test.json: %w", err)
		}
		if g.ParameterSet != inst {
			continue
		}
		for _, c := range g.Tests {
			cases++
			id := fmt.Sprintf("wycheproof mlkem_test.json %s tc %d (%s)", g.Type, c.TcID, c.Result)
			var got registry.Args
			var err error
			switch g.Type {
			case "MLKEMTest":
				var kp registry.Args
				kp, err = r.Run("keygen", c.Seed, nil)
				if err == nil {
					if !bytes.Equal(kp[registry.ArgPK], c.EK) {
						err = fmt.Errorf("ek derived from the seed differs")
					} else {
						got, err = r.Run("decaps", nil, registry.Args{registry.ArgSK: kp[registry.ArgSK], registry.ArgCT: c.C})
					}
				}
			case "MLKEMEncapsTest":
				got, err = r.Run("encaps", c.M, registry.Args{registry.ArgPK: c.EK})
			default:
				res.Fail("%s: unknown group type %q", id, g.Type)
				continue
			}
			switch c.Result {
			case "invalid":
				res.Check(err != nil, "%s: accepted (flags %v)", id, c.Flags)
			case "valid", "acceptable":
				if err != nil {
					if c.Result == "acceptable" {
						res.Passed++
					} else {
						res.Fail("%s: %v", id, err)
					}
					continue
				}
				ok := bytes.Equal(got[registry.ArgSS], c.K)
				if g.Type == "MLKEMEncapsTest" {
					ok = ok && bytes.Equal(got[registry.ArgCT], c.C)
				}
				res.Check(ok, "%s: K (or c) differs", id)
			default:
				res.Fail("%s: unknown expected result", id)
			}
		}
	}
	if cases == 0 {
		return res, fmt.Errorf("%w: no Wycheproof ML-KEM cases for %s", ErrUnavailable, inst)
	}
	return res, nil
}

// mlkemAccumulated are the final SHAKE-128 digests of Go's TestAccumulated
// (crypto/mlkem) for ML-KEM-768, by iteration count.
var mlkemAccumulated = map[int]string{
	100:   "1114b1b6699ed191734fa339376afa7e285c9e6acf6ff0177d346696ce564415",
	10000: "8a518cc63da366322a8e7a818c7a0d63483cb3528d34a4cf42f35d5ad73f22fc",
}

// checkMLKEMAccumulated runs the accumulated test of Go's crypto/mlkem: a
// SHAKE-128 stream (empty input) supplies each iteration's seed d‖z, m and
// a random ciphertext; ek, c, K and the implicit-rejection key of the
// random ciphertext are absorbed into a second SHAKE-128 whose first 32
// bytes must equal the known digest. Every iteration also checks that
// decapsulation recovers K.
func checkMLKEMAccumulated(inst string, r registry.Runner, n int) (Result, error) {
	var res Result
	want, ok := mlkemAccumulated[n]
	if !ok || inst != "ML-KEM-768" {
		return res, fmt.Errorf("%w: no accumulated digest for %s over %d iterations", ErrUnavailable, inst, n)
	}
	const ctSize = 1088 // FIPS 203 ML-KEM-768 ciphertext
	s, o := sha3.NewSHAKE128(), sha3.NewSHAKE128()
	seed, m, ct1 := make([]byte, mlkemSeedSize), make([]byte, 32), make([]byte, ctSize)
	for i := 0; i < n; i++ {
		s.Read(seed)
		kp, err := r.Run("keygen", seed, nil)
		if err != nil {
			res.Fail("accumulated iteration %d: keygen: %v", i, err)
			return res, nil
		}
		o.Write(kp[registry.ArgPK])
		s.Read(m)
		enc, err := r.Run("encaps", m, registry.Args{registry.ArgPK: kp[registry.ArgPK]})
		if err != nil {
			res.Fail("accumulated iteration %d: encaps: %v", i, err)
			return res, nil
		}
		o.Write(enc[registry.ArgCT])
		o.Write(enc[registry.ArgSS])
		dec, err := r.Run("decaps", nil, registry.Args{registry.ArgSK: kp[registry.ArgSK], registry.ArgCT: enc[registry.ArgCT]})
		if err != nil {
			res.Fail("accumulated iteration %d: decaps: %v", i, err)
			return res, nil
		}
		res.Check(bytes.Equal(dec[registry.ArgSS], enc[registry.ArgSS]), "accumulated iteration %d: decaps does not recover K", i)
		s.Read(ct1)
		rej, err := r.Run("decaps", nil, registry.Args{registry.ArgSK: kp[registry.ArgSK], registry.ArgCT: ct1})
		if err != nil {
			res.Fail("accumulated iteration %d: decaps of a random ciphertext: %v", i, err)
			return res, nil
		}
		o.Write(rej[registry.ArgSS])
	}
	sum := make([]byte, 32)
	o.Read(sum)
	got := hex.EncodeToString(sum)
	res.Check(got == want, "accumulated %d iterations: digest %s, want %s", n, got, want)
	return res, nil
}
