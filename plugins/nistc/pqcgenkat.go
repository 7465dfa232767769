//go:build nistc_kem || nistc_sig

package main

// #include "nistc.h"
import "C"

import (
	"bufio"
	"fmt"
	"io"

	"crucible.dev/registry/drbg"
	"crucible.dev/registry/katroot"
)

// The .rsp files of the NIST submission package, as PQCgenKAT_kem.c and
// PQCgenKAT_sign.c write them:
//
//   - a header "# CRYPTO_ALGNAME" and an empty line;
//   - per record "count", "seed" and the fields, byte strings in upper-case
//     hex (an empty one as "00", as fprintBstr prints it), then an empty
//     line, after the last record too;
//   - the master DRBG is randombytes_init(00..2F); it draws each record's
//     48-byte seed and, for signatures, the 33*(count+1)-byte message right
//     after it; the record's operations then run under
//     randombytes_init(seed). The reference draws every seed first, into
//     the request file; the master's draws are the same in either order.

// rspFile prints an .rsp file's header and fields.
type rspFile struct {
	w *bufio.Writer
}

func newRSPFile(w io.Writer) *rspFile {
	f := &rspFile{w: bufio.NewWriterSize(w, 64<<10)}
	fmt.Fprintf(f.w, "# %s\n\n", C.GoString(C.nistc_algname()))
	return f
}

func (f *rspFile) int(name string, v int) { fmt.Fprintf(f.w, "%s = %d\n", name, v) }

func (f *rspFile) bytes(name string, b []byte) {
	if len(b) == 0 {
		fmt.Fprintf(f.w, "%s = 00\n", name)
		return
	}
	fmt.Fprintf(f.w, "%s = %X\n", name, b)
}

// records runs body once per record with the record's DRBG.
func records(w io.Writer, n int, fresh []byte, body func(f *rspFile, count int, master, rec io.Reader) error) error {
	if n < 1 {
		return fmt.Errorf("rsp: %d records requested", n)
	}
	// The bytes 00..2F of PQCgenKAT, or the root of the host's fresh-seed
	// check (the same derivation as the liboqs-layout files').
	entropy := katroot.Fresh(fresh, "rsp", drbg.SeedSize)
	if entropy == nil {
		entropy = make([]byte, drbg.SeedSize)
		for i := range entropy {
			entropy[i] = byte(i)
		}
	}
	master, err := drbg.NewCTR(entropy, nil)
	if err != nil {
		return err
	}
	f := newRSPFile(w)
	seed := make([]byte, drbg.SeedSize)
	for count := 0; count < n; count++ {
		f.int("count", count)
		master.Read(seed)
		f.bytes("seed", seed)
		rec, err := drbg.NewCTR(seed, nil)
		if err != nil {
			return err
		}
		if err := body(f, count, master, rec); err != nil {
			return fmt.Errorf("record %d: %w", count, err)
		}
		f.w.WriteString("\n")
	}
	return f.w.Flush()
}
