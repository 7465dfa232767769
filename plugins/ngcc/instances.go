//go:build ngcc_kem || ngcc_kex

package main

import (
	"fmt"
	"io"
	"strings"

	"crucible.dev/registry"
	"crucible.dev/registry/iccs"
	"crucible.dev/registry/kat"
)

// instances serves the compiled submission as one instance, or as an
// unavailable one when its own claims make it unusable (so the host
// reports why instead of a plugin that does not start).
func instances() []*registry.Instance {
	in, err := submissionInstance()
	if err != nil {
		return []*registry.Instance{{Name: build.Instance, Impl: "ngcc-c", Kind: registry.Kind(build.Kind), Unavailable: err.Error()}}
	}
	in.Name, in.Impl = build.Instance, "ngcc-c"
	in.Notes = map[string]string{
		"implementation": fmt.Sprintf("the submission's C code (%d files, sha256 %s) built by host build-ngcc with cgo", len(build.Files), short(build.Digest)),
		"source":         build.Source,
		"compiled":       strings.Join(build.Files, " "),
		"replaced":       strings.Join(build.Replaced, " "),
		"cflags":         build.CFlags,
		"compiler":       build.Compiler,
		"symmetric":      "ICCS sm3hash, pseudoXOF, pseudohash and DRNG from crucible.dev/registry/iccs (" + iccs.Implementation() + "), called from C through cgo exports",
		"randomness":     "drng_algorithm is the io.Reader of each call: the ICCS DRNG of the record when writing KATs, the host's reader when timed",
		"dispatch":       "C as compiled with the flags above; ICCS helpers: " + iccs.Implementation(),
	}
	in.Profile = []string{"crucible.dev/registry/iccs."}
	return []*registry.Instance{in}
}

// katGenerator declares the NGCC KAT file the ICCS driver writes, when the
// build asked for one.
func katGenerator(write func(w io.Writer, n int, seed []byte) error) []registry.KATGenerator {
	if build.KATRecords == 0 {
		return nil
	}
	return []registry.KATGenerator{{Source: "ngcc", Format: kat.FormatNGCC, Records: build.KATRecords, Generate: write}}
}

func short(s string) string {
	if len(s) > 16 {
		return s[:16]
	}
	return s
}
