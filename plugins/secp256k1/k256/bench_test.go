package k256

import (
	"crypto/sha256"
	"testing"
)

// The building blocks' costs, to see where an operation's time goes:
//
//	go test -run '^$' -bench . ./k256/
func BenchmarkField(b *testing.B) {
	x := fieldElement{0x1234567890abcdef, 0xfedcba0987654321, 0x0f1e2d3c4b5a6978, 0x7fffffffffffffff}
	y := x
	b.Run("mul", func(b *testing.B) {
		for b.Loop() {
			feMul(&x, &x, &y)
		}
	})
	b.Run("sqr", func(b *testing.B) {
		for b.Loop() {
			feSqr(&x, &x)
		}
	})
	b.Run("invert", func(b *testing.B) {
		for b.Loop() {
			feInvert(&x, &x)
		}
	})
	b.Run("invert-var", func(b *testing.B) {
		for b.Loop() {
			feInvertVar(&x, &x)
		}
	})
	s := scalar(y)
	s[3] >>= 1
	b.Run("scalar-invert", func(b *testing.B) {
		for b.Loop() {
			scInvert(&s, &s)
		}
	})
	b.Run("scalar-invert-var", func(b *testing.B) {
		for b.Loop() {
			scInvertVar(&s, &s)
		}
	})
}

func BenchmarkScalarMult(b *testing.B) {
	k := sha256.Sum256([]byte("k"))
	var s, u scalar
	s.setBytes(&k)
	u = s
	u[0] ^= 0x5555
	var p point
	baseMul(&p, &s)
	a, _ := p.toAffine()
	b.Run("base", func(b *testing.B) {
		for b.Loop() {
			baseMul(&p, &s)
		}
	})
	b.Run("variable", func(b *testing.B) {
		for b.Loop() {
			scalarMul(&p, &s, &a)
		}
	})
	b.Run("double-var", func(b *testing.B) {
		for b.Loop() {
			j := doubleMulVar(&s, &u, &a)
			_ = j
		}
	})
}

func BenchmarkOps(b *testing.B) {
	sk := sha256.Sum256([]byte("bench key"))
	hash := sha256.Sum256([]byte("bench message"))
	var pk [33]byte
	var xpk, aux, ss [32]byte
	var sig, ssig [64]byte
	if PublicKey(&pk, &sk) != nil || XOnlyPublicKey(&xpk, &sk) != nil ||
		SignECDSA(&sig, &sk, &hash, nil) != nil || SignSchnorr(&ssig, &sk, hash[:], &aux) != nil {
		b.Fatal("setup failed")
	}
	for _, c := range []struct {
		name string
		f    func() error
	}{
		{"PublicKey", func() error { return PublicKey(&pk, &sk) }},
		{"SignECDSA", func() error { return SignECDSA(&sig, &sk, &hash, nil) }},
		{"VerifyECDSA", func() error { return VerifyECDSA(pk[:], &hash, &sig, false) }},
		{"SignSchnorr", func() error { return SignSchnorr(&ssig, &sk, hash[:], &aux) }},
		{"VerifySchnorr", func() error { return VerifySchnorr(&xpk, hash[:], &ssig) }},
		{"ECDH", func() error { return ECDH(&ss, &sk, pk[:], false) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if err := c.f(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
