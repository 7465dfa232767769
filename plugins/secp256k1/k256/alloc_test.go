package k256

import (
	"crypto/sha256"
	"testing"
)

// TestNoAllocations checks that the operations allocate nothing once the
// precomputed tables exist (messages up to taggedStack - 128 bytes for
// BIP-340).
func TestNoAllocations(t *testing.T) {
	sk := sha256.Sum256([]byte("alloc key"))
	hash := sha256.Sum256([]byte("alloc message"))
	msg := make([]byte, 64)
	var pk [33]byte
	var xpk, aux, ss [32]byte
	var sig, ssig [64]byte
	if PublicKey(&pk, &sk) != nil || XOnlyPublicKey(&xpk, &sk) != nil ||
		SignECDSA(&sig, &sk, &hash, nil) != nil || SignSchnorr(&ssig, &sk, msg, &aux) != nil {
		t.Fatal("setup failed")
	}
	for _, c := range []struct {
		name string
		f    func() error
	}{
		{"PublicKey", func() error { return PublicKey(&pk, &sk) }},
		{"XOnlyPublicKey", func() error { return XOnlyPublicKey(&xpk, &sk) }},
		{"SignECDSA", func() error { return SignECDSA(&sig, &sk, &hash, aux[:]) }},
		{"VerifyECDSA", func() error { return VerifyECDSA(pk[:], &hash, &sig, true) }},
		{"SignSchnorr", func() error { return SignSchnorr(&ssig, &sk, msg, &aux) }},
		{"VerifySchnorr", func() error { return VerifySchnorr(&xpk, msg, &ssig) }},
		{"ECDH", func() error { return ECDH(&ss, &sk, pk[:], false) }},
	} {
		var err error
		n := testing.AllocsPerRun(20, func() { err = c.f() })
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		if n != 0 {
			t.Errorf("%s: %.1f allocations per call, want 0", c.name, n)
		}
	}
}
