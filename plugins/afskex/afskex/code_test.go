package afskex

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestBW32EncodeVectors checks the encoder against the reference's outputs
// listed in §4.4.2.
func TestBW32EncodeVectors(t *testing.T) {
	for _, c := range []struct {
		m  uint32
		mh uint64
	}{
		{0x00000001, 0x00000000000000aa},
		{0x00000002, 0x0000000000000a0a},
		{0x80000000, 0x8888888888888888},
		{0xdeadbeef, 0xd5288a5f5502aa7f},
		{0x01234567, 0x00a8df555755a02a},
	} {
		if got := encodeWordBW32(c.m); got != c.mh {
			t.Errorf("encode(%08x) = %016x, want %016x", c.m, got, c.mh)
		}
	}
}

func TestRMCodewords(t *testing.T) {
	want := [16]byte{0x00, 0x55, 0x0f, 0x5a, 0x3c, 0x69, 0x33, 0x66, 0xf0, 0xa5, 0xff, 0xaa, 0xcc, 0x99, 0xc3, 0x96}
	for n, w := range want {
		if got := rmCodeword(byte(n)); got != w {
			t.Errorf("codeword of %x = %02x, want %02x", n, got, w)
		}
	}
}

// TestCodeRoundTrip encodes random messages, adds noise of growing size
// (well inside the decoding radius), and decodes.
func TestCodeRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, p := range All {
		for _, noise := range []int{0, 100, 300} {
			for trial := 0; trial < 50; trial++ {
				m := make([]byte, p.s)
				for i := range m {
					m[i] = byte(r.Uint32())
				}
				f := make([]int16, p.n)
				p.encodeMessage(f, m)
				for i := range f {
					if noise > 0 {
						f[i] += int16(r.IntN(2*noise+1) - noise)
					}
					f[i] = barrettReduce(f[i])
				}
				got := make([]byte, p.s)
				p.decodeMessage(got, f)
				if !bytes.Equal(got, m) {
					t.Fatalf("%s noise %d: decoded %x, want %x", p.Name, noise, got, m)
				}
			}
		}
	}
}

// TestBW8Decoder checks the C128 decoder against exhaustive minimum-distance
// decoding on the torus Z_4096, ties going to the smallest nibble searched
// in the reference's order (coset 0 first).
func TestBW8Decoder(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for trial := 0; trial < 3000; trial++ {
		f := make([]int16, 8)
		for i := range f {
			f[i] = int16(r.IntN(q))
		}
		got := decodeRM8(f)
		dist := func(n byte) int {
			d := 0
			for j := 0; j < 8; j++ {
				x := int(lift(uint16(f[j])))
				c := 2048 * int(rmCodeword(n)>>j&1)
				e := min(mod4096(x-c), mod4096(c-x))
				d += e * e
			}
			return d
		}
		best := dist(got)
		for n := byte(0); n < 16; n++ {
			if dist(n) < best {
				t.Fatalf("%v: decoded %x at distance %d, %x is at %d", f, got, best, n, dist(n))
			}
		}
	}
}

func mod4096(x int) int { return ((x % 4096) + 4096) % 4096 }

// TestBDDUnrolled checks the unrolled decoder against the recursive
// definition on random and on wrapping inputs.
func TestBDDUnrolled(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for trial := 0; trial < 2000; trial++ {
		var in [32]int16
		for i := range in {
			if trial%2 == 0 {
				in[i] = int16(r.IntN(4096) << 2) // the decoder's real inputs
			} else {
				in[i] = int16(r.Uint32()) // anything, to exercise the int16 wraps
			}
		}
		var got, want [32]int16
		bdd32(&got, &in)
		bdd(want[:], in[:])
		if got != want {
			t.Fatalf("%v: unrolled %v, recursive %v", in, got, want)
		}
	}
}
