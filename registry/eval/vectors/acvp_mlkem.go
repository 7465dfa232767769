package vectors

import (
	"bytes"
	"fmt"

	"crucible.dev/registry"
)

// ACVP's ML-KEM vector sets (FIPS 203) map onto the KEM operations with
// explicit randomness: keyGen (d, z → ek, dk) and encapDecap
// (encapsulation: ek, m → c, k; decapsulation: dk, c → k, including
// implicitly rejected ciphertexts; the key-check functions when present).
//
// Implementations keep the decapsulation key either as the 64-byte seed
// d‖z or expanded (FIPS 203 §7.1). A case that compares or supplies an
// expanded key is checked in the form the implementation returns: a seed
// is compared with d‖z; a vector that supplies only an expanded key cannot
// be given to a seed-form implementation and is not counted for it.
func (x *replay) acvpMLKEM(set ACVPVectorSet) (func(g ACVPGroup, c ACVPCase, id string) error, error) {
	seedForm, err := mlkemSKIsSeed(x.r)
	if err != nil {
		return nil, fmt.Errorf("acvp %s: %w", x.t.Name, err)
	}
	return func(g ACVPGroup, c ACVPCase, id string) error {
		fn, _ := g.Fields.String("function") // absent in keyGen
		_, err := mlkemACVPCase(&x.res, x.r, set.Mode, fn, c, seedForm, id)
		return err
	}, nil
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
