//go:build !valgrind

package registry

import "testing"

var declassifySink byte

// TestDeclassifyFree checks that outside a valgrind build a Declassify
// call, and the slice a plugin makes for it, cost no allocation: plugins
// declassify in hot paths that the benchmarks time.
func TestDeclassifyFree(t *testing.T) {
	n := testing.AllocsPerRun(100, func() {
		ok := []byte{declassifySink + 1}
		Declassify(ok)
		declassifySink = ok[0]
	})
	if n != 0 {
		t.Errorf("Declassify allocates %v times a call", n)
	}
}
