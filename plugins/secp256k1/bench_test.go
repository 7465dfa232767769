package main

import (
	"crypto/rand"
	"testing"

	"crucible.dev/registry"
)

// BenchmarkOps times each instance's operations through the same Prepare
// functions the host's in-plugin loop uses, with a 64-byte message, so the
// Go and C implementations are measured side by side in one run:
//
//	go test -run '^$' -bench . -count 5 .
func BenchmarkOps(b *testing.B) {
	for _, in := range instances() {
		if in.Unavailable != "" {
			b.Logf("%s: %s", in.ID(), in.Unavailable)
			continue
		}
		ops := []string{"keygen", "sign", "verify"}
		if in.Kind == registry.KindKEX {
			ops = []string{"init_a", "derive_a", "exchange"}
		}
		for _, name := range ops {
			op, ok := registry.FindOp(in, name)
			if !ok {
				b.Fatalf("%s: no op %s", in.ID(), name)
			}
			b.Run(in.Name+"/"+name+"/"+in.Impl, func(b *testing.B) {
				body, err := op.Prepare(rand.Reader, registry.BenchParams{MsgLen: 64})
				if err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				for b.Loop() {
					if err := body(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
