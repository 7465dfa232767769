package main

import (
	"bytes"
	"crypto/rand"
	"errors"
	"testing"

	"crucible.dev/plugins/mldsa/mldsa"
	"crucible.dev/registry"
	"crucible.dev/registry/eval/catalog"
)

// byName groups the instances by parameter set.
func byName(t *testing.T) map[string][]*registry.Instance {
	t.Helper()
	m := map[string][]*registry.Instance{}
	for _, in := range instances() {
		m[in.Name] = append(m[in.Name], in)
	}
	if len(m) != len(mldsa.ParameterSets) {
		t.Fatalf("%d parameter sets served, want %d", len(m), len(mldsa.ParameterSets))
	}
	return m
}

// TestSizes checks the declared sizes against the catalog and against what
// the implementations return.
func TestSizes(t *testing.T) {
	for _, in := range instances() {
		e, ok := catalog.Lookup(in.Name)
		if !ok {
			t.Fatalf("%s: not in the catalog", in.ID())
		}
		if in.Sizes.PublicKey != e.Sizes.PublicKey || in.Sizes.Signature != e.Sizes.Signature {
			t.Errorf("%s: declares pk %d sig %d, catalog %d %d", in.ID(), in.Sizes.PublicKey, in.Sizes.Signature, e.Sizes.PublicKey, e.Sizes.Signature)
		}
		if in.Sizes.SecretKey != e.Sizes.SecretKey && in.Sizes.SecretKey != e.SeedSize {
			t.Errorf("%s: declares sk %d, catalog %d or seed %d", in.ID(), in.Sizes.SecretKey, e.Sizes.SecretKey, e.SeedSize)
		}
		pk, sk, err := in.Signature.GenerateKey(rand.Reader)
		if err != nil {
			t.Fatalf("%s: %v", in.ID(), err)
		}
		sig, err := in.Signature.Sign(nil, sk, []byte("message"), nil)
		if err != nil {
			t.Fatalf("%s: %v", in.ID(), err)
		}
		if len(pk) != in.Sizes.PublicKey || len(sk) != in.Sizes.SecretKey || len(sig) != in.Sizes.Signature {
			t.Errorf("%s: returns pk %d sk %d sig %d, declares %+v", in.ID(), len(pk), len(sk), len(sig), in.Sizes)
		}
		if in.Notes["secret-key form"] == "" || in.Notes["implementation"] == "" {
			t.Errorf("%s: notes lack the key form or library: %v", in.ID(), in.Notes)
		}
	}
}

// TestInterop derives keys from one ξ in every implementation, checks the
// public keys agree, that deterministic signatures are identical, and that
// every implementation verifies every other's deterministic and hedged
// signatures, the secret key handed over in the form the signer takes.
func TestInterop(t *testing.T) {
	xi := make([]byte, mldsa.SeedSize)
	rand.Read(xi)
	msg, ctx := []byte("interoperable message"), []byte("ctx")
	for name, ins := range byName(t) {
		var pk0, det0 []byte
		for _, a := range ins {
			pk, sk, err := a.Signature.GenerateKey(bytes.NewReader(xi))
			if err != nil {
				t.Fatalf("%s: keygen: %v", a.ID(), err)
			}
			if pk0 == nil {
				pk0 = pk
			} else if !bytes.Equal(pk, pk0) {
				t.Errorf("%s: public key from ξ differs from %s's", a.ID(), ins[0].ID())
			}
			if len(sk) == mldsa.SeedSize && !bytes.Equal(sk, xi) {
				t.Errorf("%s: seed-form key is not ξ", a.ID())
			}
			det, err := a.Signature.Sign(nil, sk, msg, ctx)
			if err != nil {
				t.Fatalf("%s: sign: %v", a.ID(), err)
			}
			if det0 == nil {
				det0 = det
			} else if !bytes.Equal(det, det0) {
				t.Errorf("%s: deterministic signature differs from %s's", a.ID(), ins[0].ID())
			}
			hedged, err := a.Signature.Sign(rand.Reader, sk, msg, ctx)
			if err != nil {
				t.Fatalf("%s: hedged sign: %v", a.ID(), err)
			}
			if bytes.Equal(hedged, det) {
				t.Errorf("%s: hedged signature equals the deterministic one", a.ID())
			}
			for _, b := range ins {
				for _, sig := range [][]byte{det, hedged} {
					if err := b.Signature.Verify(pk, msg, sig, ctx); err != nil {
						t.Errorf("%s does not verify %s's signature: %v", b.ID(), a.ID(), err)
					}
				}
				if err := b.Signature.Verify(pk, msg, det, []byte("other")); !errors.Is(err, registry.ErrInvalidSignature) {
					t.Errorf("%s accepts %s's signature under another context: %v", b.ID(), a.ID(), err)
				}
				// Every implementation signs with the seed.
				sig, err := b.Signature.Sign(nil, xi, msg, ctx)
				if err != nil || !bytes.Equal(sig, det0) {
					t.Errorf("%s signing with the seed: %v", b.ID(), err)
				}
			}
		}
		t.Logf("%s: %d implementations agree", name, len(ins))
	}
}

// TestExplicitRnd checks that an implementation declaring explicit rnd
// signs the same bytes for the same rnd and other bytes for another.
func TestExplicitRnd(t *testing.T) {
	for _, in := range instances() {
		out, err := registry.Local(in).Run(mldsa.OpFeatures, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if string(out[mldsa.FeatureExplicitRnd]) != "1" {
			if len(in.KATs) != 0 {
				t.Errorf("%s: lists a hedged KAT without explicit rnd", in.ID())
			}
			continue
		}
		_, sk, err := in.Signature.GenerateKey(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		rnd1, rnd2 := bytes.Repeat([]byte{1}, mldsa.RndSize), bytes.Repeat([]byte{2}, mldsa.RndSize)
		a, _ := in.Signature.Sign(bytes.NewReader(rnd1), sk, []byte("m"), nil)
		b, _ := in.Signature.Sign(bytes.NewReader(rnd1), sk, []byte("m"), nil)
		c, _ := in.Signature.Sign(bytes.NewReader(rnd2), sk, []byte("m"), nil)
		if a == nil || !bytes.Equal(a, b) || bytes.Equal(a, c) {
			t.Errorf("%s: signatures do not follow rnd", in.ID())
		}
	}
}
