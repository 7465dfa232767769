package main

import (
	"crypto/rand"
	"testing"

	"crucible.dev/registry"
)

// BenchmarkMLDSA times keygen, sign (hedged) and verify of every instance
// through the same Prepare bodies the host's in-plugin loop runs: a 64-byte
// message, keys and signatures passed as bytes.
func BenchmarkMLDSA(b *testing.B) {
	for _, in := range instances() {
		for _, name := range []string{"keygen", "sign", "verify"} {
			op, ok := registry.FindOp(in, name)
			if !ok {
				b.Fatalf("%s: no %s", in.ID(), name)
			}
			b.Run(in.ID()+"/"+name, func(b *testing.B) {
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
