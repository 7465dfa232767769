//go:build !cgo

package libsecp256k1

import (
	"errors"
	"testing"
)

// TestLoadWithoutCgo: a build without cgo says so, and every call fails.
func TestLoadWithoutCgo(t *testing.T) {
	if err := Load(); !errors.Is(err, ErrNoCgo) || !errors.Is(err, ErrNotLoaded) {
		t.Errorf("Load: %v, want ErrNoCgo and ErrNotLoaded", err)
	}
	if _, err := PublicKey(make([]byte, 32)); !errors.Is(err, ErrNoCgo) {
		t.Errorf("PublicKey: %v, want ErrNoCgo", err)
	}
}
