package amoeba

import "testing"

// spread moves bit b of x to the low bit of byte b, for every byte: the
// arithmetic that replaced the 256-entry table gives the table's values.
func TestSpread(t *testing.T) {
	for x := range 256 {
		var want uint64
		for b := range 8 {
			want |= uint64(x>>b&1) << (8 * b)
		}
		if got := spread(byte(x)); got != want {
			t.Errorf("spread(%#02x) = %#016x, want %#016x", x, got, want)
		}
	}
}
