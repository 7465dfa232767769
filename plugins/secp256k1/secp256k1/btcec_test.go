package secp256k1

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"testing"
)

// TestBtcecAnyLength checks this plugin's BIP-340 steps for messages btcec
// does not take against btcec's schnorr package on the messages it does
// take: 32 bytes.
func TestBtcecAnyLength(t *testing.T) {
	var b btcecSchnorr
	for i := 0; i < 16; i++ {
		label := fmt.Sprintf("any length %d", i)
		// A SHA-256 output is below the group order but with probability
		// about 2^-128, so it is a valid secret key.
		h := sha256.Sum256([]byte(label + " sk"))
		sk := h[:]
		pk, _ := b.PublicKey(sk)
		msg := sha256.Sum256([]byte(label))
		aux := sha256.Sum256([]byte(label + " aux"))
		want, err := b.Sign(sk, msg[:], aux[:])
		if err != nil {
			t.Fatal(err)
		}
		got, err := signAnyLength(sk, msg[:], aux[:])
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("signAnyLength %x (%v), schnorr.Sign %x", got, err, want)
		}
		if err := verifyAnyLength(pk, msg[:], want); err != nil {
			t.Errorf("verifyAnyLength rejects schnorr.Sign's signature: %v", err)
		}
		want[5] ^= 0x10
		if verifyAnyLength(pk, msg[:], want) == nil || b.Verify(pk, msg[:], want) == nil {
			t.Errorf("an altered signature verifies")
		}
	}
}
