//go:build !cgo

package main

import (
	"testing"
)

// TestNoCgoInstances: in a build without cgo every libsecp256k1 instance is
// marked not built, saying why, with no implementation attached, and the
// Go ones are all there.
func TestNoCgoInstances(t *testing.T) {
	checkLibsecpUnbuilt(t, "cgo")
}
