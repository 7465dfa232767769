package kat

import (
	"bufio"
	"bytes"
	"fmt"
	"io"

	"crucible.dev/registry"
	"crucible.dev/registry/drbg"
	"crucible.dev/registry/katroot"
)

// The NIST PQC .rsp layout, as liboqs' tests/kat_kem.c and tests/kat_sig.c
// print it and as its tests/KATs/*/kats.json digests cover it:
//
//   - no header: the file starts with "count = 0";
//   - one "name = value" line per field, byte strings in upper-case hex
//     (an empty one printed as "00", as fprintBstr does), lengths in decimal;
//   - one empty line between records and none after the last, so the
//     "single" digest covers exactly the count-0 record and the "all" digest
//     the first 100 records.
//
// The master generator is the CTR DRBG instantiated from entropy 00..2F with
// no personalization. Each record draws its 48-byte seed from it (and, for
// signatures, the message after the seed); the record's operations then run
// under a fresh generator instantiated from that seed. Draws inside a record
// never touch the master, which is what liboqs' save/restore of the PRNG
// state around each record amounts to.

// RSPEntropy returns the master entropy input of every NIST PQC KAT file:
// the bytes 00, 01, ..., 2F, or with a seed the root of a fresh-seed file
// (katroot.Fresh).
func RSPEntropy(seed []byte) []byte {
	if r := katroot.Fresh(seed, "rsp", drbg.SeedSize); r != nil {
		return r
	}
	e := make([]byte, drbg.SeedSize)
	for i := range e {
		e[i] = byte(i)
	}
	return e
}

// rspWriter prints fields in the .rsp layout.
type rspWriter struct {
	w   *bufio.Writer
	hex []byte
}

func newRSPWriter(w io.Writer) *rspWriter { return &rspWriter{w: bufio.NewWriterSize(w, 64<<10)} }

func (r *rspWriter) int(name string, v int) { fmt.Fprintf(r.w, "%s = %d\n", name, v) }

func (r *rspWriter) bytes(name string, b []byte) {
	const digits = "0123456789ABCDEF"
	r.w.WriteString(name)
	r.w.WriteString(" = ")
	if len(b) == 0 {
		r.w.WriteString("00")
	} else {
		r.hex = r.hex[:0]
		for _, c := range b {
			r.hex = append(r.hex, digits[c>>4], digits[c&15])
		}
		r.w.Write(r.hex)
	}
	r.w.WriteByte('\n')
}

// rspRecords runs one body per record, separated by empty lines, with the
// record's seed drawn from the master generator and its own generator
// instantiated from that seed.
func rspRecords(w io.Writer, n int, fresh []byte, body func(rw *rspWriter, count int, master, rec io.Reader) error) error {
	if n < 1 {
		return fmt.Errorf("kat: rsp: %d records requested", n)
	}
	master, err := drbg.NewCTR(RSPEntropy(fresh), nil)
	if err != nil {
		return err
	}
	rw := newRSPWriter(w)
	seed := make([]byte, drbg.SeedSize)
	for count := 0; count < n; count++ {
		if count > 0 {
			rw.w.WriteByte('\n')
		}
		rw.int("count", count)
		master.Read(seed)
		rw.bytes("seed", seed)
		rec, err := drbg.NewCTR(seed, nil)
		if err != nil {
			return err
		}
		if err := body(rw, count, master, rec); err != nil {
			return fmt.Errorf("record %d: %w", count, err)
		}
	}
	return rw.w.Flush()
}

// WriteRSPKEM writes the first n records of the NIST PQC KEM .rsp file of k
// (count, seed, pk, sk, ct, ss). Keys and ciphertexts are whatever k
// returns, so sk is in the implementation's own form. Each record's shared
// secret is checked by decapsulation before the next is written.
func WriteRSPKEM(w io.Writer, k registry.KEM, n int, seed []byte) error {
	return rspRecords(w, n, seed, func(rw *rspWriter, _ int, _, rec io.Reader) error {
		pk, sk, err := k.GenerateKey(rec)
		if err != nil {
			return fmt.Errorf("keygen: %w", err)
		}
		rw.bytes("pk", pk)
		rw.bytes("sk", sk)
		ct, ss, err := k.Encapsulate(rec, pk)
		if err != nil {
			return fmt.Errorf("encaps: %w", err)
		}
		rw.bytes("ct", ct)
		rw.bytes("ss", ss)
		return checkDecaps(k, sk, ct, ss)
	})
}

// RSPSignOptions fix what a signature .rsp file leaves to its generator.
// The zero value is what liboqs' tests/kat_sig.c does for ML-DSA except for
// Hedged, which callers set explicitly to say which variant they reproduce.
type RSPSignOptions struct {
	// MsgLen is the message length of record count. Nil means liboqs'
	// 33*(count+1). The message is drawn from the master generator in one
	// call right after the record's seed.
	MsgLen func(count int) int
	// Hedged passes the record's generator to Sign, after keygen has drawn
	// from it, as the signing randomness (liboqs' ML-DSA signs hedged: rnd
	// is 32 bytes read there). False signs with nil randomness, the
	// scheme's deterministic variant.
	Hedged bool
	// Context is the context string given to Sign (liboqs: empty).
	Context []byte
	// SignedMessage builds the sm field from the signature and the
	// message. Nil means sig‖msg, liboqs' layout for ML-DSA.
	SignedMessage func(sig, msg []byte) []byte
}

// WriteRSPSign writes the first n records of the NIST PQC signature .rsp file
// of s (count, seed, mlen, msg, pk, sk, smlen, sm). Each signature is
// verified before the next record is written.
func WriteRSPSign(w io.Writer, s registry.Signature, n int, seed []byte, opt RSPSignOptions) error {
	msgLen := opt.MsgLen
	if msgLen == nil {
		msgLen = func(count int) int { return 33 * (count + 1) }
	}
	combine := opt.SignedMessage
	if combine == nil {
		combine = func(sig, msg []byte) []byte { return append(bytes.Clone(sig), msg...) }
	}
	return rspRecords(w, n, seed, func(rw *rspWriter, count int, master, rec io.Reader) error {
		msg := make([]byte, msgLen(count))
		master.Read(msg)
		rw.int("mlen", len(msg))
		rw.bytes("msg", msg)
		pk, sk, err := s.GenerateKey(rec)
		if err != nil {
			return fmt.Errorf("keygen: %w", err)
		}
		rw.bytes("pk", pk)
		rw.bytes("sk", sk)
		var r io.Reader
		if opt.Hedged {
			r = rec
		}
		sig, err := s.Sign(r, sk, msg, opt.Context)
		if err != nil {
			return fmt.Errorf("sign: %w", err)
		}
		sm := combine(sig, msg)
		rw.int("smlen", len(sm))
		rw.bytes("sm", sm)
		if err := s.Verify(pk, msg, sig, opt.Context); err != nil {
			return fmt.Errorf("verify: %w", err)
		}
		return nil
	})
}
