package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"testing"

	"crucible.dev/registry"
	"crucible.dev/registry/eval/vectors/vectorstest"
)

// Every vector file the plugin declares passes in-process, through the
// same engine the host uses across the process boundary.
func TestDeclaredVectors(t *testing.T) {
	for _, in := range instances() {
		for _, v := range in.Vectors {
			t.Run(in.ID()+"/"+v.Name, func(t *testing.T) {
				vectorstest.File(t, v, registry.Local(in))
			})
		}
	}
}

// The embedded RFC file is the one vectors/SOURCE.md pins.
func TestRFC8032FileDigest(t *testing.T) {
	sum := sha256.Sum256(rfc8032)
	if got := hex.EncodeToString(sum[:]); got != "ab490a27df1f172ff3a0220238e4e6cd7e4db6bedd8d7ab5810055823f6fbdbc" {
		t.Errorf("vectors/rfc8032.json: sha256 %s", got)
	}
}

// A signature made with a wrong key, a context string and malformed keys
// are refused.
func TestRefusals(t *testing.T) {
	s := scheme{}
	seed := make([]byte, 32)
	pk, sk, err := s.GenerateKey(zeros{})
	if err != nil || len(pk) != 32 || len(sk) != 32 {
		t.Fatalf("keygen: %x %x %v", pk, sk, err)
	}
	seed[0] = 1
	sig, err := s.Sign(nil, seed, []byte("m"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Verify(pk, []byte("m"), sig, nil); !errors.Is(err, registry.ErrInvalidSignature) {
		t.Errorf("a signature under another key: %v", err)
	}
	if _, err := s.Sign(nil, sk, []byte("m"), []byte("ctx")); err == nil {
		t.Error("signing with a context string succeeded")
	}
	if _, err := s.Sign(nil, sk[:31], []byte("m"), nil); err == nil {
		t.Error("signing with a 31-byte key succeeded")
	}
	if err := s.Verify(pk[:31], []byte("m"), sig, nil); err == nil {
		t.Error("verifying under a 31-byte key succeeded")
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }
