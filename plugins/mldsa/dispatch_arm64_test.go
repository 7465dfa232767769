//go:build arm64

package main

import (
	"strings"
	"testing"
)

// TestDispatchARM64 checks, in the arm64 test run, that every instance's
// dispatch note names the code path that runs there: generic code: the AVX2 kernels of circl and gmsm are absent.
func TestDispatchARM64(t *testing.T) {
	for _, in := range instances() {
		d := in.Notes["dispatch"]
		if strings.Contains(d, "AVX2") && !strings.Contains(d, "(absent here: generic code)") {
			t.Errorf("%s/%s: dispatch note %q on arm64 claims AVX2", in.Name, in.Impl, d)
		}
		if d == "" {
			t.Errorf("%s/%s: no dispatch note", in.Name, in.Impl)
		}
	}
}
