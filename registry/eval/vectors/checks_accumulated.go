package vectors

import (
	"bytes"
	"crypto/sha3"
	"encoding/hex"
	"fmt"
	"strings"

	"crucible.dev/registry"
)

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

func (x *replay) checkAccumulatedMLDSA(n int) (Result, error) {
	var res Result
	instance, r := x.t.Name, x.r
	want, ok := accumulatedMLDSA[n][strings.ToUpper(instance)]
	if !ok {
		return res, fmt.Errorf("%w: no accumulated answer for %s over %d iterations", ErrNoVectors, instance, n)
	}
	if !x.feature(featEmptyMessage) {
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
		sig, err := x.mldsaSign(nil, registry.Args{registry.ArgSK: sk, registry.ArgMsg: msg})
		if err != nil {
			res.Fail("accumulated iteration %d: sign: %v", i, err)
			return res, nil
		}
		o.Write(sig)
		valid, err := x.mldsaVerify(registry.Args{registry.ArgPK: pk, registry.ArgMsg: msg, registry.ArgSig: sig})
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
		return res, fmt.Errorf("%w: no accumulated digest for %s over %d iterations", ErrNoVectors, inst, n)
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
