package amoeba

import (
	"bytes"
	"testing"
)

// Packing is MSB-first with zero padding at the low end of the last byte.
func TestPackLayout(t *testing.T) {
	out := make([]byte, 3)
	packCompressed(out, []int16{1, 2}, 12)
	if want := []byte{0x00, 0x10, 0x02}; !bytes.Equal(out, want) {
		t.Errorf("12-bit pack of 1, 2 = %X, want %X", out, want)
	}
	// Compress_10 of 0 and q-1 (which rounds to 2^10 and wraps to 0).
	out = make([]byte, 3)
	packCompressed(out, []int16{1729, q - 1}, 10)
	if want := []byte{0x80, 0x00, 0x00}; !bytes.Equal(out, want) {
		t.Errorf("10-bit pack of 1729, q-1 = %X, want %X", out, want)
	}
}

func TestPackRoundTrip(t *testing.T) {
	for _, d := range []int{5, 6, 7, 10, 11, 12} {
		f := randomPoly(eccN, uint64(d))
		buf := make([]byte, (len(f)*d+7)/8)
		packCompressed(buf, f, d)
		g := make([]int16, len(f))
		unpackDecompressed(g, buf, d)
		// The rounding error of Compress/Decompress is at most q/2^(d+1).
		bound := int32(q>>(d+1)) + 1
		for i := range f {
			diff := (int32(g[i]) - int32(f[i]) + q + q/2) % q
			diff -= q / 2
			if diff > bound || diff < -bound {
				t.Fatalf("d=%d: %d → %d, off by %d", d, f[i], g[i], diff)
			}
		}
	}
}
