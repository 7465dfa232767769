//go:build arm64

package main

import (
	"strings"
	"testing"
)

// TestDispatchARM64 checks, in the arm64 test run, that every instance's
// dispatch note names the code path that runs there: generic Go, but for gmsm's NEON field arithmetic (field_arm64.s).
func TestDispatchARM64(t *testing.T) {
	for _, in := range instances() {
		d := in.Notes["dispatch"]
		want := "generic Go"
		if in.Impl == "gmsm" {
			want = "NEON"
		}
		if !strings.HasPrefix(d, want) {
			t.Errorf("%s/%s: dispatch note %q on arm64, want %s", in.Name, in.Impl, d, want)
		}
	}
}
