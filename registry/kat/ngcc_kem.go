package kat

import (
	"bytes"
	"fmt"
	"io"

	"crucible.dev/registry"
	"crucible.dev/registry/iccs"
	"crucible.dev/registry/katroot"
)

// The NGCC KEM known-answer file, as the ICCS driver KAT_KEM.c shipped with
// every NGCC KEM submission writes it:
//
//   - a seed DRNG (the ICCS SM3 Hash_DRBG) is instantiated from "seed"
//     repeated 16 times;
//   - each record draws a 64-byte Seed from it, instantiates the
//     algorithm's DRNG from that Seed, and runs keygen, encaps and decaps
//     on it; the driver fails unless decaps returns the encaps secret;
//   - lines Count, Seed_Len, Seed, PK_Len, PK, SK_Len, SK, CT_Len, CT,
//     SS_Len, SS ("name = value", upper-case hex), then an empty line after
//     every record, the last included.
//
// Nothing in it depends on the algorithm, so the Seed lines are the same
// for every candidate.

// NGCCSeedLen is the length of each record's Seed.
const NGCCSeedLen = 64

// NGCCNonce returns the seed DRNG's instantiation input: "seed" × 16, or
// the root of a fresh-seed file (katroot.Fresh).
func NGCCNonce(seed []byte) []byte {
	if r := katroot.Fresh(seed, "ngcc", NGCCSeedLen); r != nil {
		return r
	}
	return bytes.Repeat([]byte("seed"), NGCCSeedLen/4)
}

// WriteNGCCKEM writes the first n records of the NGCC KEM known-answer file
// of k. k reads all its randomness from the io.Reader it is given, one Read
// per get_random_number call of the reference, so the record's DRNG stream
// is the reference's.
func WriteNGCCKEM(w io.Writer, k registry.KEM, n int, seed []byte) error {
	if n < 1 {
		return fmt.Errorf("kat: ngcc: %d records requested", n)
	}
	return writeNGCC(w, "ngcc", n, seed, func(rw *rspWriter, rng io.Reader) error { return ngccKEMRecord(rw, k, rng) })
}

// writeNGCC is the record loop both NGCC drivers share: the seed DRNG from
// "seed" × 16, per record a 64-byte Seed from it, the record's own DRNG
// instantiated from Seed, the record's fields, and an empty line.
func writeNGCC(w io.Writer, what string, n int, fresh []byte, record func(*rspWriter, io.Reader) error) error {
	seeds := iccs.NewDRNG(NGCCNonce(fresh))
	rw := newRSPWriter(w)
	seed := make([]byte, NGCCSeedLen)
	for count := 0; count < n; count++ {
		rw.int("Count", count)
		if _, err := seeds.Read(seed); err != nil {
			return fmt.Errorf("kat: %s: record %d: seed: %w", what, count, err)
		}
		rw.int("Seed_Len", len(seed))
		rw.bytes("Seed", seed)
		if err := record(rw, iccs.NewDRNG(seed)); err != nil {
			return fmt.Errorf("kat: %s: record %d: %w", what, count, err)
		}
		rw.w.WriteByte('\n')
	}
	return rw.w.Flush()
}

// ngccKEMRecord runs keygen, encaps and decaps under the record's DRNG and
// prints the record's fields.
func ngccKEMRecord(rw *rspWriter, k registry.KEM, rng io.Reader) error {
	pk, sk, err := k.GenerateKey(rng)
	if err != nil {
		return fmt.Errorf("keygen: %w", err)
	}
	rw.int("PK_Len", len(pk))
	rw.bytes("PK", pk)
	rw.int("SK_Len", len(sk))
	rw.bytes("SK", sk)
	ct, ss, err := k.Encapsulate(rng, pk)
	if err != nil {
		return fmt.Errorf("encaps: %w", err)
	}
	rw.int("CT_Len", len(ct))
	rw.bytes("CT", ct)
	rw.int("SS_Len", len(ss))
	rw.bytes("SS", ss)
	return checkDecaps(k, sk, ct, ss)
}

// checkDecaps decapsulates ct and compares the result with the shared
// secret encapsulation gave: a KAT record is written only of a round trip
// that works.
func checkDecaps(k registry.KEM, sk, ct, ss []byte) error {
	ss2, err := k.Decapsulate(sk, ct)
	if err != nil {
		return fmt.Errorf("decaps: %w", err)
	}
	if !bytes.Equal(ss, ss2) {
		return fmt.Errorf("decaps: shared secret %X, encaps gave %X", ss2, ss)
	}
	return nil
}
