package vectors

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"crucible.dev/registry"
)

// X25519 vectors replay through the "scalarmult" operation, X25519(k, u) of
// RFC 7748 §5.
func init() {
	Register(Source{Name: "rfc7748", Applies: is("X25519"), Check: func(_ string, r registry.Runner) (Result, error) {
		return checkRFC7748(r, 1000)
	}})
	Register(Source{Name: "rfc7748-1M", Applies: is("X25519"), Long: true, Check: func(_ string, r registry.Runner) (Result, error) {
		return checkRFC7748(r, 1000000)
	}})
	Register(Source{Name: "wycheproof", Applies: is("X25519"), Check: checkWycheproofX25519})
}

func unhex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

func scalarMult(r registry.Runner, k, u []byte) ([]byte, error) {
	out, err := r.Run("scalarmult", nil, registry.Args{registry.ArgScalar: k, registry.ArgPoint: u})
	if err != nil {
		return nil, err
	}
	return out[registry.ArgOut], nil
}

// checkRFC7748 checks the two function vectors and the Diffie-Hellman example
// of RFC 7748 §5.2 and §6.1, and the iterated test up to iterations.
func checkRFC7748(r registry.Runner, iterations int) (Result, error) {
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
		got, err := scalarMult(r, unhex(v.k), unhex(v.u))
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
		out, err := scalarMult(r, k, u)
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

// checkWycheproofX25519 replays x25519_test.json. A result of "acceptable"
// (low-order points, non-canonical encodings) passes when the operation
// either returns the listed secret or refuses; an all-zero secret must be
// refused or equal, as RFC 7748 §6.1 lets a party abort on it.
func checkWycheproofX25519(_ string, r registry.Runner) (Result, error) {
	f, err := LoadWycheproof("x25519_test.json")
	if err != nil {
		return Result{}, err
	}
	var res Result
	for _, g := range f.TestGroups {
		var grp struct {
			Curve string `json:"curve"`
			Tests []struct {
				WycheproofCase
				Public  Hex `json:"public"`
				Private Hex `json:"private"`
				Shared  Hex `json:"shared"`
			} `json:"tests"`
		}
		if err := json.Unmarshal(g, &grp); err != nil {
			return res, fmt.Errorf("wycheproof x25519: %w", err)
		}
		for _, tc := range grp.Tests {
			got, err := scalarMult(r, tc.Private, tc.Public)
			switch tc.Result {
			case "valid":
				res.Check(err == nil && bytes.Equal(got, tc.Shared),
					"tcId %d (%s), field shared: got %x (error %v), want %x", tc.TcID, tc.Comment, got, err, tc.Shared)
			case "acceptable":
				res.Check(err != nil || bytes.Equal(got, tc.Shared),
					"tcId %d (%s), field shared: got %x, want %x or a refusal", tc.TcID, tc.Comment, got, tc.Shared)
			default: // invalid
				res.Check(err != nil || !bytes.Equal(got, tc.Shared),
					"tcId %d (%s): an invalid case was accepted", tc.TcID, tc.Comment)
			}
		}
	}
	return res, nil
}
