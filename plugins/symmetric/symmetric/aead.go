package symmetric

import (
	"crypto/aes"
	"crypto/cipher"
	"errors"
	"fmt"

	"crucible.dev/registry"
	"github.com/emmansun/gmsm/sm4"
	"golang.org/x/crypto/chacha20poly1305"
)

// aeadOf builds an AEAD from a key; the nonce is always the standard 12
// bytes and the tag 16 bytes.
type aeadOf struct {
	name    string
	keySize int
	newAEAD func(key []byte) (cipher.AEAD, error)
}

func (a aeadOf) KeySize() int { return a.keySize }

func (a aeadOf) New(key []byte) (cipher.AEAD, error) {
	if len(key) != a.keySize {
		return nil, fmt.Errorf("%s: key is %d bytes, want %d", a.name, len(key), a.keySize)
	}
	c, err := a.newAEAD(key)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", a.name, err)
	}
	return checkedAEAD{c}, nil
}

// checkedAEAD turns the panic of a library opening with a nonce of the
// wrong length into an error: robustness checks and test vectors send such
// inputs, and they must be rejected, not crash the plugin. (The registry's
// seal operation checks the nonce length before calling Seal.)
type checkedAEAD struct{ cipher.AEAD }

var errNonce = errors.New("nonce of the wrong length")

func (c checkedAEAD) Open(dst, nonce, ciphertext, ad []byte) ([]byte, error) {
	if len(nonce) != c.NonceSize() {
		return nil, fmt.Errorf("aead open: %w: %d bytes, want %d", errNonce, len(nonce), c.NonceSize())
	}
	return c.AEAD.Open(dst, nonce, ciphertext, ad)
}

// gcmAble is the method of gmsm's SM4 block that returns its own
// assembly GCM; crypto/cipher.NewGCM would take the generic fallback.
type gcmAble interface {
	NewGCM(nonceSize, tagSize int) (cipher.AEAD, error)
}

func newAESGCM(key []byte) (cipher.AEAD, error) {
	b, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(b)
}

func newSM4GCM(key []byte) (cipher.AEAD, error) {
	b, err := sm4.NewCipher(key)
	if err != nil {
		return nil, err
	}
	if g, ok := b.(gcmAble); ok {
		return g.NewGCM(12, 16)
	}
	return cipher.NewGCM(b)
}

// sm4GCMPath names the GCM code the SM4 block provides here.
func sm4GCMPath() string {
	b, err := sm4.NewCipher(make([]byte, 16))
	if err != nil {
		return "unavailable: " + err.Error()
	}
	if _, ok := b.(gcmAble); ok {
		return "gmsm SM4 with its own GCM (assembly)"
	}
	return "gmsm SM4 block in crypto/cipher's generic GCM"
}

// AEADs are the authenticated ciphers.
var AEADs = []Primitive[registry.AEAD]{
	{"AES-256-GCM", "AES-GCM", "go-std", "crypto/aes, crypto/cipher", aeadOf{"AES-256-GCM", 32, newAESGCM}, []string{"crypto/internal/fips140/aes.", "crypto/internal/fips140/aes/gcm."}},
	{"ChaCha20-Poly1305", "ChaCha20-Poly1305", "x-crypto", "golang.org/x/crypto v0.57.0 chacha20poly1305", aeadOf{"ChaCha20-Poly1305", chacha20poly1305.KeySize, chacha20poly1305.New}, []string{"golang.org/x/crypto/chacha20", "golang.org/x/crypto/internal/poly1305."}},
	{"SM4-GCM", "SM4-GCM", "gmsm", "github.com/emmansun/gmsm v0.44.0 sm4", aeadOf{"SM4-GCM", 16, newSM4GCM}, []string{"github.com/emmansun/gmsm/internal/sm4."}},
}
