//go:build arm64

package main

import (
	"strings"
	"testing"
)

// TestDispatchARM64 checks, in the arm64 test run, that every instance's
// dispatch note names the code path that runs there: portable Go for the NTT, the AVX2 kernels being amd64 only.
func TestDispatchARM64(t *testing.T) {
	for _, in := range instances() {
		d := in.Notes["dispatch"]
		if !strings.HasPrefix(d, "NTT: portable Go;") || strings.Contains(d, "AVX") {
			t.Errorf("%s: dispatch note %q on arm64, want the portable NTT", in.Name, d)
		}
	}
}
