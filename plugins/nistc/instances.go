//go:build nistc_kem || nistc_sig

package main

// #include "nistc.h"
import "C"

import (
	"fmt"
	"io"
	"strings"

	"crucible.dev/registry"
	"crucible.dev/registry/kat"
)

// katSource names the .rsp files PQCgenKAT_kem.c and PQCgenKAT_sign.c
// write, which differ from liboqs' layout of the same records ("nist-rsp":
// no header, no blank line after the last record), so a catalog digest of
// one never stands for the other.
const katSource = "pqcgenkat"

// shippedSource names the shipped .rsp file as a declared vector file.
const shippedSource = "submission-rsp"

// maxShippedKAT bounds the shipped file carried inline, below the host's
// bound on inline vector files; a larger one is declared by digest alone.
const maxShippedKAT = 16 << 20

// instances serves the compiled submission as one instance, or as an
// unavailable one when it cannot be driven (so the host reports why instead
// of a plugin that does not start).
func instances() []*registry.Instance {
	in, err := submissionInstance()
	if err != nil {
		return []*registry.Instance{{Name: build.Instance, Impl: build.Impl, Kind: registry.Kind(build.Kind), Unavailable: err.Error()}}
	}
	in.Name, in.Impl = build.Instance, build.Impl
	in.Notes = map[string]string{
		"implementation": fmt.Sprintf("the submission's C code (%d files, sha256 %s) built by host build-c into a static library with its own flags, linked with cgo", len(build.Files), short(build.Digest)),
		"source":         build.Source,
		"compiled":       strings.Join(build.Files, " "),
		"replaced":       strings.Join(build.Replaced, " "),
		"cflags":         build.CFlags,
		"compiler":       build.Compiler,
		"algname":        C.GoString(C.nistc_algname()),
		"randomness":     "randombytes is the io.Reader of each call: the NIST AES-256 CTR-DRBG of the record when writing KAT files, the host's reader when timed",
		"dispatch":       "C as compiled with the flags above",
	}
	if build.KATRecords > 0 {
		src := katSource
		if build.KATSource != "" {
			src = build.KATSource
		}
		in.Declared = []registry.DeclaredDigest{{Source: src, Records: build.KATRecords, SHA256: build.KATDigest, Origin: "the submission's " + build.KATOrigin}}
	}
	if len(build.KATData) > 0 && len(build.KATData) <= maxShippedKAT {
		// The shipped file itself, inline: the host replays its records
		// (decapsulation, verification) and, when the generated file's
		// digest differs, names the first record and field that differ.
		in.Vectors = []registry.VectorFile{{Name: shippedSource, Format: kat.FormatRSP, Data: build.KATData}}
	}
	return []*registry.Instance{in}
}

// katGenerator declares the .rsp file PQCgenKAT writes, as many records as
// the shipped file has (100 when none was found).
func katGenerator(write func(w io.Writer, n int, seed []byte) error) []registry.KATGenerator {
	n := build.KATRecords
	if n == 0 {
		n = 100
	}
	if build.KATSource == pqcleanSource {
		// A digest in PQClean's form was declared: the generator
		// writes that form, so the host's digest of it compares.
		return []registry.KATGenerator{{Source: pqcleanSource, Format: kat.FormatRSP, Records: n,
			Generate: func(w io.Writer, n int, seed []byte) error { return pqcleanForm(w, n, seed, write) }}}
	}
	return []registry.KATGenerator{{Source: katSource, Format: kat.FormatRSP, Records: n, Generate: write}}
}

func short(s string) string {
	if len(s) > 16 {
		return s[:16]
	}
	return s
}
