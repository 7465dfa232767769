package amoeba

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"testing"
)

func sumInt16(v []int16) string {
	b := make([]byte, 2*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint16(b[2*i:], uint16(x))
	}
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// The generated tables must equal zetas.c: the checksums are those of its
// tables (SOURCE.md).
func TestZetaTables(t *testing.T) {
	for _, c := range []struct {
		name string
		v    []int16
		want string
	}{
		{"FZ", forwardZetas[:], "74f00f2775f766606cad94246fae032dd34b6325fcb157e69c73c31698b61355"},
		{"IZ", inverseZetas[:], "04b2997e53e9709d87fd727d37052dbeb880615ed08324d2182a183574a008bf"},
		{"YN", nttOfY[:], "e2143902f5a67aacf7433e0f747820d8a2e3e5b7e274c0c297ba0f5f2b889a4b"},
	} {
		if got := sumInt16(c.v); got != c.want {
			t.Errorf("%s: sha256 %s, want %s (starts %v)", c.name, got, c.want, c.v[:8])
		}
	}
}

// The transforms of f[t] = t must match the reference's (SOURCE.md).
func TestNTTSelfTest(t *testing.T) {
	var f, g [n]int16
	for i := range f {
		f[i], g[i] = int16(i), int16(i)
	}
	forwardNTT(&f)
	if got, want := sumInt16(f[:]), "63b763ca4c1908fa7de0a2a8b88d0a7b286de2b20330342659d5b00270ab38e4"; got != want {
		t.Errorf("forward: sha256 %s, want %s (starts %v)", got, want, f[:8])
	}
	inverseNTT(&g)
	if got, want := sumInt16(g[:]), "fe3b82d57ecabc4072a0ea8418b2292e4cbfac745259d05d133655fdb9af3e17"; got != want {
		t.Errorf("inverse: sha256 %s, want %s (starts %v)", got, want, g[:8])
	}
}

// randomPoly returns a deterministic pseudorandom polynomial with
// coefficients in [0, q).
func randomPoly(kn int, seed uint64) []int16 {
	f := make([]int16, kn)
	x := seed | 1
	for i := range f {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		f[i] = int16(x % q)
	}
	return f
}

// schoolbook multiplies in Z_q[X]/(X^KN − X^KN/2 + 1) the slow way.
func schoolbook(f, g []int16) []int16 {
	kn := len(f)
	c := make([]int64, 2*kn-1)
	for i, a := range f {
		for j, b := range g {
			c[i+j] += int64(a) * int64(b)
		}
	}
	// X^d = X^(d−KN)·(X^(KN/2) − 1) for d ≥ KN, highest degree first.
	for d := 2*kn - 2; d >= kn; d-- {
		c[d-kn/2] += c[d]
		c[d-kn] -= c[d]
	}
	r := make([]int16, kn)
	for i := range r {
		r[i] = int16(((c[i] % q) + q) % q)
	}
	return r
}

// Inv(Fwd(f) ∘ Fwd(g)) is the ring product f·g for every K, with no scale
// factor left over, and Inv(Fwd(f)) = f.
func TestNTTProductMatchesSchoolbook(t *testing.T) {
	for _, p := range All {
		kn := p.kn()
		f, g := randomPoly(kn, uint64(kn)), randomPoly(kn, uint64(kn)+99)
		F, G, H := make([]int16, kn), make([]int16, kn), make([]int16, kn)
		forwardNussbaumer(F, f, p.K)
		forwardNussbaumer(G, g, p.K)
		back := make([]int16, kn)
		inverseNussbaumer(back, F, p.K)
		for i := range f {
			if back[i] != f[i] {
				t.Fatalf("%s: Inv(Fwd(f)) differs at %d: got %d, want %d", p.Name, i, back[i], f[i])
			}
		}
		polyMul(H, F, G, p.K)
		got := make([]int16, kn)
		inverseNussbaumer(got, H, p.K)
		want := schoolbook(f, g)
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%s: product differs at %d: got %d, want %d", p.Name, i, got[i], want[i])
			}
		}
	}
}
