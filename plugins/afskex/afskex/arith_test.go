package afskex

import (
	"math/rand/v2"
	"slices"
	"testing"

	"crucible.dev/registry/iccs"
)

func TestZetas(t *testing.T) {
	// The first entries of the reference's (Kyber's) table.
	want := []int16{-1044, -758, -359, -1517, 1493}
	for i, w := range want {
		if zetas[i] != w {
			t.Errorf("zetas[%d] = %d, want %d", i, zetas[i], w)
		}
	}
}

func mod(x int) int { return ((x % q) + q) % q }

// TestNTTMultiply checks the NTT, basemul and inverse NTT of both ring
// degrees against schoolbook multiplication in Z_q[X]/(X^N+1).
func TestNTTMultiply(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{256, 512} {
		for trial := 0; trial < 20; trial++ {
			a, b := make([]int16, n), make([]int16, n)
			for i := range a {
				a[i] = int16(r.IntN(q))
				b[i] = int16(r.IntN(2*6+1) - 6) // noise-sized, like ŝ's source
			}
			want := make([]int, n)
			for i := range a {
				for j := range b {
					v := int(a[i]) * int(b[j])
					if i+j < n {
						want[i+j] += v
					} else {
						want[i+j-n] -= v
					}
				}
			}
			fa, fb, c := append([]int16(nil), a...), append([]int16(nil), b...), make([]int16, n)
			ntt(fa)
			ntt(fb)
			if n == 512 {
				basemul512(c, fa, fb)
			} else {
				basemul256(c, fa, fb)
			}
			polyReduce(c) // basemulAcc's output, which invNTT expects, is reduced
			invNTT(c)
			for i := range c {
				if mod(int(c[i])) != mod(want[i]) {
					t.Fatalf("N=%d trial %d: coefficient %d = %d, want %d", n, trial, i, mod(int(c[i])), mod(want[i]))
				}
			}
		}
	}
}

func TestReductions(t *testing.T) {
	for a := -32768; a <= 32767; a++ {
		b := barrettReduce(int16(a))
		if mod(int(b)) != mod(a) || b < -(q-1)/2 || b > (q-1)/2 {
			t.Fatalf("barrettReduce(%d) = %d", a, b)
		}
		if c := canonical(b); int(c) != mod(a) {
			t.Fatalf("canonical(%d) = %d", b, c)
		}
	}
	const rInv = 169 // 2^-16 mod q
	for a := int32(-q * 32768); a < q*32768; a += 9973 {
		m := montgomeryReduce(a)
		if mod(int(m)) != mod(int(a)*rInv) || m <= -q || m >= q {
			t.Fatalf("montgomeryReduce(%d) = %d", a, m)
		}
	}
}

// TestCompress checks compression against round(2^d·x/q) mod 2^d computed
// in exact rationals, and that decompression inverts it to within q/2^(d+1).
func TestCompress(t *testing.T) {
	for _, d := range []int{4, 5, 6, 10} {
		for x := 0; x < q; x++ {
			// round(2^d·x/q) with halves up: floor((2^(d+1)·x + q) / 2q).
			want := ((x<<(d+1) + q) / (2 * q)) % (1 << d)
			c := compress(uint16(x), d)
			if int(c) != want {
				t.Fatalf("compress_%d(%d) = %d, want %d", d, x, c, want)
			}
			y := int(decompress(c, d))
			dist := min(mod(y-x), mod(x-y))
			if dist > (q>>(d+1))+1 {
				t.Fatalf("d=%d: decompress(compress(%d)) = %d", d, x, y)
			}
		}
	}
}

func TestPack(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	f := make([]int16, 512)
	for i := range f {
		f[i] = int16(r.IntN(q))
	}
	b := make([]byte, 768)
	encode12(b, f)
	g := make([]int16, 512)
	decode12(g, b)
	for i := range f {
		if f[i] != g[i] {
			t.Fatalf("decode12(encode12) differs at %d", i)
		}
	}
}

// TestBasemulAcc checks every instance's accumulation against the
// reference's literal int16 one, on random operands and on operands at the
// extremes of their ranges (12-bit values against NTT outputs).
func TestBasemulAcc(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for _, p := range All {
		for trial := 0; trial < 200; trial++ {
			var a, b polyVec
			for j := 0; j < p.k; j++ {
				for i := 0; i < p.n; i++ {
					switch trial % 3 {
					case 0:
						a[j][i], b[j][i] = int16(r.IntN(4096)), int16(r.IntN(q)-(q-1)/2)
					case 1:
						a[j][i], b[j][i] = 4095, -(q-1)/2
					default:
						a[j][i], b[j][i] = int16(4095*r.IntN(2)), int16((q-1)/2*(1-2*r.IntN(2)))
					}
				}
			}
			got, want := make([]int16, p.n), make([]int16, p.n)
			p.basemulAcc(got, &a, &b)
			p.basemulAccLiteral(want, &a, &b)
			if !slices.Equal(got, want) {
				t.Fatalf("%s trial %d: accumulation differs from the reference's", p.Name, trial)
			}
		}
	}
}

// TestMontgomeryBound checks the bound basemulAcc's comment relies on:
// Montgomery reduction of products up to 8190·3328 in magnitude stays
// within ±2080, and of products up to 4095·1664 within ±1768.
func TestMontgomeryBound(t *testing.T) {
	for _, c := range []struct{ max, bound int32 }{{8190 * 3328, 2080}, {4095 * 1664, 1768}} {
		for x := -c.max; x <= c.max; x += 7 {
			if m := int32(montgomeryReduce(x)); m > c.bound || m < -c.bound {
				t.Fatalf("montgomeryReduce(%d) = %d, outside ±%d", x, m, c.bound)
			}
		}
	}
}

// TestCBD checks every η's sampler against §4.3's bitwise definition.
func TestCBD(t *testing.T) {
	for _, eta := range []int{2, 3, 5, 6} {
		for _, n := range []int{256, 512} {
			if eta*n/4 > 384 {
				continue
			}
			sigma := []byte{byte(eta), byte(n >> 8)}
			var f poly
			C128.sampleNoise(f[:n], sigma, 7, eta)
			buf := make([]byte, eta*n/4)
			iccs.PseudoXOF(buf, append(sigma, 7))
			bit := func(i int) int { return int(buf[i/8] >> (i % 8) & 1) }
			for i := 0; i < n; i++ {
				want := 0
				for j := 0; j < eta; j++ {
					want += bit(2*eta*i+j) - bit(2*eta*i+eta+j)
				}
				if int(f[i]) != want {
					t.Fatalf("η=%d N=%d: coefficient %d = %d, want %d", eta, n, i, f[i], want)
				}
			}
		}
	}
}

// TestPackRoundTrip checks the specialised 10-bit packing against the
// generic bit packer.
func TestPackRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	f := make([]int16, 512)
	for i := range f {
		f[i] = int16(r.IntN(q) - (q-1)/2)
	}
	for _, d := range []int{4, 5, 6, 10} {
		b := make([]byte, len(f)*d/8)
		packCompressed(b, f, d)
		var acc uint64
		bits, o := 0, 0
		for i, c := range f {
			for bits < d {
				acc |= uint64(b[o]) << bits
				o++
				bits += 8
			}
			if got, want := uint32(acc&(1<<d-1)), compress(canonical(c), d); got != want {
				t.Fatalf("d=%d: value %d packed as %d, want %d", d, i, got, want)
			}
			acc >>= d
			bits -= d
		}
		g := make([]int16, len(f))
		unpackDecompressed(g, b, d)
		for i := range f {
			if g[i] != decompress(compress(canonical(f[i]), d), d) {
				t.Fatalf("d=%d: value %d unpacked as %d", d, i, g[i])
			}
		}
	}
}
