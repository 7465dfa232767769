package symmetric

import (
	"crypto/hkdf"
	"crypto/sha256"
	"fmt"
)

// HKDFSHA256 is HKDF (RFC 5869) with SHA-256: extract with salt, expand
// with info.
type HKDFSHA256 struct{}

// Derive runs HKDF-Extract then HKDF-Expand (RFC 5869 §2.2, §2.3).
func (HKDFSHA256) Derive(secret, salt, info []byte, length int) ([]byte, error) {
	k, err := hkdf.Key(sha256.New, secret, salt, string(info), length)
	if err != nil {
		return nil, fmt.Errorf("hkdf-sha256 %d bytes: %w", length, err)
	}
	return k, nil
}
