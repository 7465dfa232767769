package main

import (
	"bytes"
	"fmt"
	"testing"

	"crucible.dev/registry/eval/katcheck"
	"crucible.dev/registry/iccs"
	"crucible.dev/registry/kat"
)

// TestToyKEMStraightLine computes the toy KEM's first ten NGCC KAT records
// in one straight line from testdata/toykem/README.md and the layout of the
// ICCS KAT driver (Count, Seed_Len, Seed, PK_Len, PK, SK_Len, SK, CT_Len,
// CT, SS_Len, SS, an empty line; the seed DRNG from "seed" × 16, each
// record's DRNG from its Seed), sharing neither the toyKEM model nor
// kat.WriteNGCCKEM: toyKEMDigest must then be the digest of this file too,
// so it does not rest on the writer and the model it is compared with.
func TestToyKEMStraightLine(t *testing.T) {
	var f bytes.Buffer
	field := func(name string, b []byte) { fmt.Fprintf(&f, "%s_Len = %d\n%s = %X\n", name, len(b), name, b) }
	seeds := iccs.NewDRNG(bytes.Repeat([]byte("seed"), 16))
	for count := range 10 {
		seed := make([]byte, 64)
		seeds.Read(seed)
		fmt.Fprintf(&f, "Count = %d\n", count)
		field("Seed", seed)
		rng := iccs.NewDRNG(seed)
		s, z, m := make([]byte, 32), make([]byte, 16), make([]byte, 32)
		rng.Read(s)
		rng.Read(z)
		h := iccs.PseudoHash512(s)
		pk := h[:]
		rng.Read(m)
		mask := make([]byte, 32)
		iccs.PseudoXOF(mask, pk)
		ct := make([]byte, 32)
		for i := range ct {
			ct[i] = m[i] ^ mask[i]
		}
		tag := iccs.SM3(append(append([]byte{}, m...), pk...))
		ct = append(ct, tag[:]...)
		ss := make([]byte, 48)
		iccs.PseudoXOF(ss, append(append([]byte{}, m...), ct...))
		field("PK", pk)
		field("SK", append(append(append([]byte{}, s...), z...), pk...))
		field("CT", ct)
		field("SS", ss)
		f.WriteString("\n")
	}
	got, err := katcheck.Digest(kat.FormatNGCC, bytes.NewReader(f.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if got != toyKEMDigest {
		t.Errorf("straight-line toy KEM file: digest %s, want %s", got, toyKEMDigest)
	}
}
