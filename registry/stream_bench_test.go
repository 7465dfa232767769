package registry

import (
	"fmt"
	"testing"
)

// BenchmarkStreamCost times SHA-256 through the plugin's own loop (one
// message, hot) and through a streamed fed loop (the call's number
// written into the host's message, the digest folded), side by side: the
// difference is what host-chosen inputs cost an honest hash.
func BenchmarkStreamCost(b *testing.B) {
	in := &Instance{Name: "sha", Kind: KindHash, Hash: sha256Hash{}}
	op, _ := FindOp(in, OpHash)
	for _, n := range []int{64, 1024, 16384} {
		p := BenchParams{MsgLen: n}
		b.Run(fmt.Sprintf("own/%d", n), func(b *testing.B) {
			body, err := op.Prepare(nil, p)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(n))
			for b.Loop() {
				body()
			}
		})
		b.Run(fmt.Sprintf("stream/%d", n), func(b *testing.B) {
			call, err := op.Fed(nil, p, nil)
			if err != nil {
				b.Fatal(err)
			}
			body, _ := streamBody(call, [][]byte{FreshRand(n)}, int64(b.N)+1)
			b.SetBytes(int64(n))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				body()
			}
		})
	}
}
