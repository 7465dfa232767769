package main

import (
	"crypto/rand"
	"fmt"
	"testing"

	"crucible.dev/registry"
)

// BenchmarkOps times each instance's timed operations at three message
// lengths as the plugin's own loop does, in process: the go test -bench
// figure that the host's published one is compared with (tools/benchgap).
func BenchmarkOps(b *testing.B) {
	for _, in := range instances() {
		for _, op := range registry.Ops(in) {
			if op.Prepare == nil {
				continue
			}
			for _, n := range []int{64, 1024, 16384} {
				b.Run(fmt.Sprintf("%s/%s/%d", in.ID(), op.Name, n), func(b *testing.B) {
					body, err := op.Prepare(rand.Reader, registry.BenchParams{MsgLen: n})
					if err != nil {
						b.Fatal(err)
					}
					b.SetBytes(int64(n))
					for b.Loop() {
						if err := body(); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}
