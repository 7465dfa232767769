//go:build !cgo

package main

import (
	"strings"
	"testing"

	"crucible.dev/plugins/secp256k1/secp256k1"
)

// TestNoCgoInstances: in a build without cgo every libsecp256k1 instance is
// marked not built, saying why, with no implementation attached, and the
// Go ones are all there.
func TestNoCgoInstances(t *testing.T) {
	n := 0
	for _, in := range instances() {
		switch {
		case in.Impl != secp256k1.ImplLibsecp && in.Unavailable != "":
			t.Errorf("%s: %s", in.ID(), in.Unavailable)
		case in.Impl == secp256k1.ImplLibsecp:
			n++
			if !strings.Contains(in.Unavailable, "cgo") || in.Signature != nil || in.KEX != nil {
				t.Errorf("%s: built without cgo, or not saying so: %q", in.ID(), in.Unavailable)
			}
		}
	}
	if n != 5 {
		t.Errorf("%d libsecp256k1 instances, want 5", n)
	}
}
