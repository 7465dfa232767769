package main

import (
	"crypto/rand"
	"testing"

	"crucible.dev/registry"
)

// BenchmarkSteps times every step of every instance as the host does:
// the operation's Prepare, then its loop body.
func BenchmarkSteps(b *testing.B) {
	for _, in := range instances() {
		for _, op := range registry.Ops(in) {
			b.Run(in.Name+"/"+op.Name, func(b *testing.B) {
				body, err := op.Prepare(rand.Reader, registry.BenchParams{})
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
