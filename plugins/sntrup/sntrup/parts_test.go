package sntrup

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkParts times the building blocks of sntrup761 on the dispatch
// path in use.
func BenchmarkParts(b *testing.B) {
	ps := SNTRUP761
	r := rand.New(rand.NewPCG(1, 1))
	a := randomFq(r, ps)
	s := randomSmall(r, ps.P)
	c := make([]int32, 2*ps.P)
	out := make([]int16, ps.P)
	b.Run("polyMul", func(b *testing.B) {
		benchOp(b, func() { polyMul(c, a, s) })
	})
	b.Run("r3Mul", func(b *testing.B) {
		s2 := randomSmall(r, ps.P)
		o8 := make([]int8, ps.P)
		benchOp(b, func() { ps.r3Mul(o8, s, s2) })
	})
	b.Run("rqRecip3", func(b *testing.B) {
		benchOp(b, func() { rqRecip3(ps, out, s) })
	})
	b.Run("r3Recip", func(b *testing.B) {
		s8 := make([]int8, ps.P)
		benchOp(b, func() { r3Recip(ps, s8, s) })
	})
	L := make([]uint32, ps.P)
	for i := range L {
		L[i] = r.Uint32()
	}
	// The sorting network's time does not depend on the data.
	b.Run("sort", func(b *testing.B) {
		benchOp(b, func() { sortUint32(L) })
	})
	pk := ps.rqEncode(nil, out)
	b.Run("rqDecode", func(b *testing.B) {
		benchOp(b, func() { ps.rqDecode(out, pk) })
	})
	b.Run("rqEncode", func(b *testing.B) {
		benchOp(b, func() { ps.rqEncode(pk[:0], out) })
	})
}
