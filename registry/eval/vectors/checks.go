package vectors

import (
	"bytes"
	"encoding/hex"
	"fmt"

	"crucible.dev/registry"
)

// checks are the replays that need code of their own: iterated and
// accumulated tests, and check values a specification prints. The catalog
// names them (format "check"); each reads the roles and options it needs.
var checks = map[string]func(x *replay) error{
	"rfc7748": func(x *replay) error {
		op, err := x.role("dh")
		if err != nil {
			return fmt.Errorf("rfc7748: %w", err)
		}
		n := 1000
		if x.opt("iterations", "1000") == "1000000" {
			n = 1000000
		}
		x.res, err = checkRFC7748(x.r, op, n)
		return err
	},
	"nist-pqc-rng": func(x *replay) error {
		op, err := x.role("generate_seq")
		if err != nil {
			return fmt.Errorf("nist-pqc-rng: %w", err)
		}
		x.res, err = checkPQCRNG(x.t.Name, x.r, op)
		return err
	},
	"iccs-spec": func(x *replay) error {
		op, err := x.role("generate_seq")
		if err != nil && x.t.Name == "ICCS-DRNG" {
			return fmt.Errorf("iccs-spec: %w", err)
		}
		x.res, err = checkICCSSpec(x.t.Name, x.r, op)
		return err
	},
	"accumulated-mlkem": func(x *replay) (err error) {
		x.res, err = checkMLKEMAccumulated(x.t.Name, x.r, x.accumulated())
		return err
	},
	"accumulated-mldsa": func(x *replay) (err error) {
		x.res, err = x.checkAccumulatedMLDSA(x.accumulated())
		return err
	},
	"rfc6979-secp256k1": func(x *replay) error {
		op, err := x.role("verify_low_s")
		if err != nil {
			return fmt.Errorf("rfc6979: %w", err)
		}
		x.res, err = checkSecpRFC6979(x.r, op, x.opt("encoding", "der") == "der")
		return err
	},
}

// accumulated is the iteration count of an accumulated check.
func (x *replay) accumulated() int {
	if x.opt("accumulated", "100") == "10000" {
		return 10000
	}
	return 100
}

func unhex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

// runOut runs op and returns its "out".
func runOut(r registry.Runner, op string, in registry.Args) ([]byte, error) {
	out, err := r.Run(op, nil, in)
	if err != nil {
		return nil, err
	}
	return out[registry.ArgOut], nil
}

// xofArgs are the arguments of an XOF call of n bytes.
func xofArgs(msg []byte, n int) registry.Args {
	a := registry.Args{registry.ArgMsg: msg}
	a.SetInt(registry.ArgLength, n)
	return a
}

// scalarMult runs the dh role op: X25519(k, u) of RFC 7748 §5.
func scalarMult(r registry.Runner, op string, k, u []byte) ([]byte, error) {
	return runOut(r, op, registry.Args{registry.ArgScalar: k, registry.ArgPoint: u})
}

// checkRFC7748 checks the two function vectors and the Diffie-Hellman example
// of RFC 7748 §5.2 and §6.1, and the iterated test up to iterations.
func checkRFC7748(r registry.Runner, op string, iterations int) (Result, error) {
	var res Result
	for i, v := range []struct{ k, u, out string }{
		{"a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
			"e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
			"c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"},
		{"4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
			"e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
			"95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957"},
		// §6.1: Alice's and Bob's public keys, and their shared secret both ways.
		{"77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
			"0900000000000000000000000000000000000000000000000000000000000000",
			"8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"},
		{"5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb",
			"0900000000000000000000000000000000000000000000000000000000000000",
			"de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f"},
		{"77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
			"de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f",
			"4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"},
		{"5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb",
			"8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a",
			"4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"},
	} {
		got, err := scalarMult(r, op, unhex(v.k), unhex(v.u))
		if err != nil {
			res.Fail("vector %d: %v", i+1, err)
			continue
		}
		res.Check(bytes.Equal(got, unhex(v.out)), "vector %d, field out: got %x, want %s", i+1, got, v.out)
	}
	// §5.2 iterated test: k = u = 9; each round u, k = k, X25519(k, u).
	checkpoints := map[int]string{
		1:       "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079",
		1000:    "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51",
		1000000: "7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424",
	}
	k := unhex("0900000000000000000000000000000000000000000000000000000000000000")
	u := bytes.Clone(k)
	for i := 1; i <= iterations; i++ {
		out, err := scalarMult(r, op, k, u)
		if err != nil {
			res.Fail("iteration %d: %v", i, err)
			return res, nil
		}
		u, k = k, out
		if want, ok := checkpoints[i]; ok {
			res.Check(bytes.Equal(k, unhex(want)), "iterated test after %d iterations, field k: got %x, want %s", i, k, want)
		}
	}
	return res, nil
}

// checkPQCRNG replays the NIST PQC KAT generator's first three per-record
// seeds, the head of every .rsp file: entropy 00..2F, no personalization,
// 48-byte calls on one instantiation.
func checkPQCRNG(inst string, r registry.Runner, seqOp string) (Result, error) {
	var res Result
	entropy := make([]byte, 48)
	for i := range entropy {
		entropy[i] = byte(i)
	}
	want := "061550234D158C5EC95595FE04EF7A25767F2E24CC2BC479D09D86DC9ABCFDE7056A8C266F9EF97ED08541DBD2E1FFA1" +
		"D81C4D8D734FCBFBEADE3D3F8A039FAA2A2C9957E835AD55B22E75BF57BB556AC81ADDE6AEEB4A5A875C3BFCADFA958F" +
		"64335BF29E5DE62842C941766BA129B0643B5E7121CA26CFC190EC7DC3543830557FDD5C03CF123A456D48EFEA43C868"
	got, err := runOut(r, seqOp, registry.Args{registry.ArgKey: entropy, "lengths": []byte("48,48,48")})
	if err != nil {
		return res, fmt.Errorf("nist-pqc-rng %s: %w", inst, err)
	}
	for i := 0; i < 3; i++ {
		w := unhex(want[96*i : 96*i+96])
		res.Check(len(got) == 144 && bytes.Equal(got[48*i:48*i+48], w), "nist-pqc-rng seed %d = %x, want %x", i, got[min(48*i, len(got)):min(48*i+48, len(got))], w)
	}
	first, err := runOut(r, "generate", registry.Args{registry.ArgKey: entropy, registry.ArgLength: []byte("48")})
	if err != nil {
		return res, fmt.Errorf("nist-pqc-rng %s: %w", inst, err)
	}
	res.Check(bytes.Equal(first, unhex(want[:96])), "nist-pqc-rng generate(48) = %x", first)
	return res, nil
}
