package main

import (
	"bytes"
	"crypto/rand"
	"os"
	"testing"

	"crucible.dev/registry"
	"crucible.dev/registry/eval/catalog"
	"crucible.dev/registry/eval/vectors"
	"crucible.dev/registry/eval/vectors/vectorstest"
)

var long = os.Getenv("CRUCIBLE_LONG") == "1"

// TestVectors replays every vector source against every instance, as the
// host does across the plugin boundary.
func TestVectors(t *testing.T) {
	for _, in := range instances() {
		srcs := vectors.For(in.Name, long)
		if len(srcs) == 0 {
			t.Errorf("%s: no vector source applies", in.Name)
		}
		for _, src := range srcs {
			t.Run(in.ID()+"/"+src.Name, func(t *testing.T) {
				vectorstest.Source(t, src, in.Name, registry.Local(in))
			})
		}
	}
}

// TestCatalog checks that every instance is in the catalog with the kind
// and sizes it declares.
func TestCatalog(t *testing.T) {
	for _, in := range instances() {
		e, ok := catalog.Lookup(in.Name)
		if !ok {
			t.Errorf("%s: not in the catalog", in.Name)
			continue
		}
		if e.Kind != in.Kind {
			t.Errorf("%s: kind %s, catalog %s", in.Name, in.Kind, e.Kind)
		}
		got, want := in.Sizes, e.Sizes
		if got.Digest != want.Digest || got.Key != want.Key || got.Nonce != want.Nonce || got.Overhead != want.Overhead {
			t.Errorf("%s: sizes %+v, catalog %+v", in.Name, got, want)
		}
	}
}

// TestReturnedSizes checks the declared sizes against what the operations
// return.
func TestReturnedSizes(t *testing.T) {
	for _, in := range instances() {
		r := registry.Local(in)
		msg := []byte("returned sizes")
		switch in.Kind {
		case registry.KindHash:
			out, err := r.Run("hash", nil, registry.Args{registry.ArgMsg: msg})
			if err != nil || len(out[registry.ArgOut]) != in.Sizes.Digest {
				t.Errorf("%s: hash returned %d bytes (%v), declared %d", in.Name, len(out[registry.ArgOut]), err, in.Sizes.Digest)
			}
		case registry.KindMAC:
			out, err := r.Run("mac", nil, registry.Args{registry.ArgKey: make([]byte, in.Sizes.Key), registry.ArgMsg: msg})
			if err != nil || len(out[registry.ArgOut]) != in.Sizes.Digest {
				t.Errorf("%s: mac returned %d bytes (%v), declared %d", in.Name, len(out[registry.ArgOut]), err, in.Sizes.Digest)
			}
		case registry.KindAEAD:
			key, nonce := make([]byte, in.Sizes.Key), make([]byte, in.Sizes.Nonce)
			out, err := r.Run("seal", nil, registry.Args{registry.ArgKey: key, registry.ArgNonce: nonce, registry.ArgMsg: msg})
			if err != nil || len(out[registry.ArgCT]) != len(msg)+in.Sizes.Overhead {
				t.Fatalf("%s: seal returned %d bytes (%v), declared overhead %d", in.Name, len(out[registry.ArgCT]), err, in.Sizes.Overhead)
			}
			// A forged tag and a short nonce are rejected, not a crash.
			ct := bytes.Clone(out[registry.ArgCT])
			ct[len(ct)-1] ^= 1
			for _, n := range [][]byte{nonce, nonce[:8]} {
				o, err := r.Run("open", nil, registry.Args{registry.ArgKey: key, registry.ArgNonce: n, registry.ArgCT: ct})
				if err == nil && string(o[registry.ArgValid]) != "0" {
					t.Errorf("%s: forged ciphertext with a %d-byte nonce accepted", in.Name, len(n))
				}
			}
		case registry.KindDRBG:
			out, err := r.Run("generate", nil, registry.Args{registry.ArgKey: make([]byte, in.Sizes.Key), registry.ArgLength: []byte("100")})
			if err != nil || len(out[registry.ArgOut]) != 100 {
				t.Errorf("%s: generate returned %d bytes (%v)", in.Name, len(out[registry.ArgOut]), err)
			}
		}
	}
}

// TestBenchBodies runs every operation's benchmark body once at a few
// ladder lengths and checks that hashes, XOFs and the ICCS helpers do not
// allocate per call.
func TestBenchBodies(t *testing.T) {
	for _, in := range instances() {
		for _, op := range registry.Ops(in) {
			if op.Prepare == nil {
				continue // not timed
			}
			for _, n := range []int{16, 1024, 65536} {
				body, err := op.Prepare(rand.Reader, registry.BenchParams{MsgLen: n, OutLen: 64})
				if err != nil {
					t.Fatalf("%s %s: prepare: %v", in.ID(), op.Name, err)
				}
				if err := body(); err != nil {
					t.Fatalf("%s %s at %d bytes: %v", in.ID(), op.Name, n, err)
				}
				allocs := testing.AllocsPerRun(5, func() { body() })
				mustNot := in.Kind == registry.KindHash || in.Kind == registry.KindXOF || in.Name == "ICCS-DRNG"
				if allocs != 0 && mustNot {
					t.Errorf("%s %s at %d bytes: %v allocations per call", in.ID(), op.Name, n, allocs)
				} else if allocs != 0 && n == 1024 {
					t.Logf("%s %s: %v allocations per call (library)", in.ID(), op.Name, allocs)
				}
			}
		}
	}
}
