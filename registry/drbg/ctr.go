// Package drbg holds the deterministic random bit generators Crucible's KAT
// generators draw from: the AES-256-CTR DRBG of the NIST PQC known-answer
// files (rng.c of the NIST submission package, as liboqs and PQClean carry
// it).
package drbg

import (
	"crypto/aes"
	"crypto/cipher"
	"fmt"
	"io"
)

// SeedSize is the length of the CTR DRBG's entropy input and of its
// personalization string: an AES-256 key plus one block (SP 800-90A
// §10.2.1, seedlen = keylen + blocklen = 384 bits).
const SeedSize = 48

// CTR is the AES-256 CTR_DRBG without derivation function, as the NIST PQC
// KAT generator uses it: each Read is one call of randombytes, which
// generates the requested bytes and then updates the state (SP 800-90A
// §10.2.1.5.1, with no additional input). Because the update follows every
// call, reading 64 bytes at once differs from reading 32 bytes twice: a
// caller reproducing a KAT must read in the same pieces the reference does.
//
// The reseed counter of the reference is never consulted there and is not
// kept here.
type CTR struct {
	block cipher.Block
	key   [32]byte
	v     [aes.BlockSize]byte
}

// NewCTR instantiates the DRBG as randombytes_init(entropy, personalization,
// 256) does: entropy is 48 bytes; personalization is empty or 48 bytes and
// is XORed into the seed material (SP 800-90A §10.2.1.3.1).
func NewCTR(entropy, personalization []byte) (*CTR, error) {
	if len(entropy) != SeedSize {
		return nil, fmt.Errorf("drbg: CTR entropy input is %d bytes, want %d", len(entropy), SeedSize)
	}
	if len(personalization) != 0 && len(personalization) != SeedSize {
		return nil, fmt.Errorf("drbg: CTR personalization string is %d bytes, want 0 or %d", len(personalization), SeedSize)
	}
	var seed [SeedSize]byte
	copy(seed[:], entropy)
	for i, b := range personalization {
		seed[i] ^= b
	}
	d := &CTR{}
	// Key and V start at zero; the first update mixes the seed material in.
	d.setKey()
	d.update(&seed)
	return d, nil
}

// Read fills p with output and then updates the state: exactly one call of
// the reference's randombytes(p, len(p)). It never fails.
func (d *CTR) Read(p []byte) (int, error) {
	d.generate(p, nil)
	return len(p), nil
}

// Generate is CTR_DRBG_Generate without derivation function (SP 800-90A
// §10.2.1.5.1) with additional input, which is empty or 48 bytes; with an
// empty one it is Read. The PQC KAT generator never passes additional
// input; ACVP's ctrDRBG vectors do.
func (d *CTR) Generate(p, additional []byte) error {
	if len(additional) != 0 && len(additional) != SeedSize {
		return fmt.Errorf("drbg: CTR additional input is %d bytes, want 0 or %d", len(additional), SeedSize)
	}
	var add *[SeedSize]byte
	if len(additional) != 0 {
		add = (*[SeedSize]byte)(additional)
		d.update(add)
	}
	d.generate(p, add)
	return nil
}

// Reseed is CTR_DRBG_Reseed without derivation function (SP 800-90A
// §10.2.1.4.1): the new entropy input, XORed with the additional input
// (empty or 48 bytes), is mixed into the state.
func (d *CTR) Reseed(entropy, additional []byte) error {
	if len(entropy) != SeedSize {
		return fmt.Errorf("drbg: CTR reseed entropy input is %d bytes, want %d", len(entropy), SeedSize)
	}
	if len(additional) != 0 && len(additional) != SeedSize {
		return fmt.Errorf("drbg: CTR additional input is %d bytes, want 0 or %d", len(additional), SeedSize)
	}
	var seed [SeedSize]byte
	copy(seed[:], entropy)
	for i, b := range additional {
		seed[i] ^= b
	}
	d.update(&seed)
	return nil
}

// generate produces the counter-mode output and then updates the state
// with the additional input (none: all zero, which leaves the XOR out).
func (d *CTR) generate(p []byte, add *[SeedSize]byte) {
	var blk [aes.BlockSize]byte
	for len(p) > 0 {
		d.incV()
		d.block.Encrypt(blk[:], d.v[:])
		c := copy(p, blk[:])
		p = p[c:]
	}
	d.update(add)
}

// incV increments V as a 128-bit big-endian counter.
func (d *CTR) incV() {
	for j := len(d.v) - 1; j >= 0; j-- {
		d.v[j]++
		if d.v[j] != 0 {
			return
		}
	}
}

// update is CTR_DRBG_Update (SP 800-90A §10.2.1.2): three blocks of the
// counter stream, XORed with the provided data when there is some, become
// the new key and V.
func (d *CTR) update(provided *[SeedSize]byte) {
	var temp [SeedSize]byte
	for i := 0; i < 3; i++ {
		d.incV()
		d.block.Encrypt(temp[16*i:16*i+16], d.v[:])
	}
	if provided != nil {
		for i := range temp {
			temp[i] ^= provided[i]
		}
	}
	copy(d.key[:], temp[:32])
	copy(d.v[:], temp[32:])
	d.setKey()
}

func (d *CTR) setKey() {
	b, err := aes.NewCipher(d.key[:])
	if err != nil {
		panic("drbg: AES-256 key rejected: " + err.Error()) // a 32-byte key cannot be
	}
	d.block = b
}

// CTRDRBG serves the CTR DRBG as a registry.DRBG instance, so the symmetric
// plugin can benchmark and KAT-check the generator the PQC KATs rely on.
type CTRDRBG struct{}

// SeedSize is the entropy input length, 48 bytes.
func (CTRDRBG) SeedSize() int { return SeedSize }

// New instantiates the generator. The PQC generator takes no nonce, so a
// non-empty nonce is an error rather than silently ignored.
func (CTRDRBG) New(entropy, nonce, personalization []byte) (io.Reader, error) {
	if len(nonce) != 0 {
		return nil, fmt.Errorf("drbg: the NIST PQC CTR DRBG takes no nonce (got %d bytes)", len(nonce))
	}
	return NewCTR(entropy, personalization)
}
