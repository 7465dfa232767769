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
	checkStraightLine(t, "KEM", toyKEMDigest, func(f *bytes.Buffer, field func(string, []byte), rng *iccs.DRNG) {
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
	})
}

// TestToyKEXStraightLine computes the toy exchange's first ten NGCC KAT
// records in one straight line from testdata/toykex/README.md and the ICCS
// KEX driver's layout, as the submitters' own driver prints it (Count,
// Seed, Pass_Num, each party's PK, SK and Init_St, then each pass's state
// of its sender and message, then SS; an empty message prints as "M4 = "),
// with the parties drawing from the record's DRNG in the driver's call
// order (init_a, init_b, pass 1 to 4). It shares neither the toyKEX model
// nor kat.WriteNGCCKEX, so toyKEXDigest does not rest on either.
func TestToyKEXStraightLine(t *testing.T) {
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	checkStraightLine(t, "KEX", toyKEXDigest, func(f *bytes.Buffer, field func(string, []byte), rng *iccs.DRNG) {
		f.WriteString("Pass_Num = 4\n")
		skA, skB, na, nb := make([]byte, 32), make([]byte, 32), make([]byte, 32), make([]byte, 32)
		rng.Read(skA)
		hA := iccs.SM3(skA)
		pkA := hA[:]
		rng.Read(skB)
		hB := iccs.SM3(skB)
		pkB := hB[:]
		rng.Read(na)
		rng.Read(nb)
		k := make([]byte, 64)
		iccs.PseudoXOF(k, cat(na, nb, pkA, pkB))
		tagB := iccs.PseudoHash512(cat(k, []byte("B")))
		tagA := iccs.SM3(cat(k, []byte("A")))
		ss := make([]byte, 32)
		iccs.PseudoXOF(ss, cat(k, []byte("ss")))
		field("PKa", pkA)
		field("SKa", skA)
		field("Init_Sta", pkA)
		field("PKb", pkB)
		field("SKb", skB)
		field("Init_Stb", pkB)
		field("Pass1_Sta", cat(pkA, na))
		field("M1", na)
		field("Pass2_Stb", cat(pkB, na, nb))
		field("M2", cat(nb, tagB[:32]))
		field("Pass3_Sta", k)
		field("M3", tagA[:])
		field("Pass4_Stb", cat(pkB, na, nb))
		field("M4", nil)
		field("SS", ss)
	})
}

// checkStraightLine writes ten records as the ICCS KAT drivers do (the seed
// DRNG from "seed" × 16; each record's Count, Seed and then its own fields
// from a DRNG seeded with Seed, ended by an empty line; a field as name_Len
// and upper-case hex, nothing after "= " when empty) and compares the
// file's NGCC digest with want.
func checkStraightLine(t *testing.T, kind, want string, record func(f *bytes.Buffer, field func(string, []byte), rng *iccs.DRNG)) {
	t.Helper()
	var f bytes.Buffer
	field := func(name string, b []byte) {
		fmt.Fprintf(&f, "%s_Len = %d\n%s = %X\n", name, len(b), name, b)
	}
	seeds := iccs.NewDRNG(bytes.Repeat([]byte("seed"), 16))
	for count := range 10 {
		seed := make([]byte, 64)
		seeds.Read(seed)
		fmt.Fprintf(&f, "Count = %d\n", count)
		field("Seed", seed)
		record(&f, field, iccs.NewDRNG(seed))
		f.WriteString("\n")
	}
	got, err := katcheck.Digest(kat.FormatNGCC, bytes.NewReader(f.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("straight-line toy %s file: digest %s, want %s", kind, got, want)
	}
}
