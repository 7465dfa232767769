package main

import (
	"bytes"
	"crypto/rand"
	"crypto/sha3"
	"testing"

	"crucible.dev/plugins/mldsa/mldsa"
	"crucible.dev/registry"
)

// mu computes the message representative of pure ML-DSA: μ = H(tr ‖ M', 64)
// with tr = H(pk, 64) (FIPS 204, Algorithm 7 line 6) and
// M' = 0 ‖ |ctx| ‖ ctx ‖ M, the message Algorithm 2 formats.
func mu(pk, msg, ctx []byte) []byte {
	tr := make([]byte, 64)
	h := sha3.NewSHAKE256()
	h.Write(pk)
	h.Read(tr)
	h = sha3.NewSHAKE256()
	h.Write(tr)
	h.Write([]byte{0, byte(len(ctx))})
	h.Write(ctx)
	h.Write(msg)
	out := make([]byte, mldsa.MuSize)
	h.Read(out)
	return out
}

// TestSignMu checks the internal interface where an implementation has it:
// deterministic signing on μ computed here gives the signature of the
// message itself. ACVP's internal-interface cases give skEncode keys, which
// the one library with sign_mu (filippo) cannot take, so this is its check.
func TestSignMu(t *testing.T) {
	msg, ctx := []byte("external mu"), []byte("context")
	tested := 0
	for _, in := range instances() {
		r := registry.Local(in)
		if _, ok := registry.FindOp(in, mldsa.OpSignMu); !ok {
			continue
		}
		pk, sk, err := in.Signature.GenerateKey(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		want, err := in.Signature.Sign(nil, sk, msg, ctx)
		if err != nil {
			t.Fatal(err)
		}
		out, err := r.Run(mldsa.OpSignMu, nil, registry.Args{registry.ArgSK: sk, mldsa.ArgMu: mu(pk, msg, ctx)})
		if err != nil {
			t.Fatalf("%s: %v", in.ID(), err)
		}
		if !bytes.Equal(out[registry.ArgSig], want) {
			t.Errorf("%s: sign_mu differs from sign", in.ID())
		}
		// Hedged on μ must still verify as a signature of the message.
		out, err = r.Run(mldsa.OpSignMu, make([]byte, mldsa.RndSize), registry.Args{registry.ArgSK: sk, mldsa.ArgMu: mu(pk, msg, ctx)})
		if err != nil {
			t.Fatalf("%s: hedged: %v", in.ID(), err)
		}
		if err := in.Signature.Verify(pk, msg, out[registry.ArgSig], ctx); err != nil {
			t.Errorf("%s: hedged sign_mu does not verify: %v", in.ID(), err)
		}
		tested++
	}
	if tested == 0 {
		t.Fatal("no implementation has sign_mu")
	}
}
