package vectors

import (
	"bytes"
	"fmt"

	"crucible.dev/registry"
)

// mlkemWycheproofGroup is a group of an ML-KEM file (mlkem_test_schema).
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

// wycheproofMLKEM replays the groups of the target's parameter set with the
// KEM operations and explicit randomness: MLKEMTest cases derive the key
// from the seed d‖z, compare ek and decapsulate c (the CCTV "strcmp"
// ciphertexts probe implicit rejection); MLKEMEncapsTest cases encapsulate
// with m to ek, and the invalid ones (ek coefficients not reduced modulo q)
// must be refused.
func wycheproofMLKEM(x *replay, file string, f *WycheproofFile) error {
	return groups(file, f, func(_ int, g *mlkemWycheproofGroup) error {
		if x.t.Name != "" && g.ParameterSet != x.t.Name {
			return nil
		}
		for _, c := range g.Tests {
			id := fmt.Sprintf("wycheproof %s %s tc %d (%s)", file, g.Type, c.TcID, c.Result)
			var got registry.Args
			var err error
			switch g.Type {
			case "MLKEMTest":
				var kp registry.Args
				kp, err = x.run("keygen", c.Seed, nil)
				if err == nil {
					if !bytes.Equal(kp[registry.ArgPK], c.EK) {
						err = fmt.Errorf("ek derived from the seed differs")
					} else {
						got, err = x.run("decaps", nil, registry.Args{registry.ArgSK: kp[registry.ArgSK], registry.ArgCT: c.C})
					}
				}
			case "MLKEMEncapsTest":
				got, err = x.run("encaps", c.M, registry.Args{registry.ArgPK: c.EK})
			default:
				x.res.Fail("%s: unknown group type %q", id, g.Type)
				continue
			}
			switch c.Result {
			case "invalid":
				x.res.Check(err != nil, "%s: accepted (flags %v)", id, c.Flags)
			case "valid", "acceptable":
				if err != nil {
					if c.Result == "acceptable" {
						x.res.Passed++
					} else {
						x.res.Fail("%s: %v", id, err)
					}
					continue
				}
				ok := bytes.Equal(got[registry.ArgSS], c.K)
				if g.Type == "MLKEMEncapsTest" {
					ok = ok && bytes.Equal(got[registry.ArgCT], c.C)
				}
				x.res.Check(ok, "%s: K (or c) differs", id)
			default:
				x.res.Fail("%s: unknown expected result", id)
			}
		}
		return nil
	})
}
