//go:build arm64

package main

import (
	"strings"
	"testing"
)

// TestDispatchARM64 checks, in the arm64 test run, that every instance's
// dispatch note names the code path that runs there: portable Go arithmetic and the ICCS helpers' gmsm SM3 (no AVX-512 lanes).
func TestDispatchARM64(t *testing.T) {
	for _, in := range instances() {
		d := in.Notes["dispatch"]
		if !strings.HasPrefix(d, "portable Go arithmetic") || !strings.HasSuffix(d, "gmsm v0.44.0 sm3") {
			t.Errorf("%s: dispatch note %q on arm64, want portable arithmetic and plain gmsm SM3", in.Name, d)
		}
	}
}
