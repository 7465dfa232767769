//go:build arm64

package main

import (
	"strings"
	"testing"
)

// TestDispatchARM64 checks, in the arm64 test run, that every instance's
// dispatch note names the code path that runs there: the portable Go one, sntrup having no arm64 assembly.
func TestDispatchARM64(t *testing.T) {
	for _, in := range instances() {
		d := in.Notes["dispatch"]
		if !strings.HasPrefix(d, "portable (arm64)") || strings.Contains(d, "AVX") {
			t.Errorf("%s: dispatch note %q on arm64, want the portable path", in.Name, d)
		}
	}
}
