// Package kat writes known-answer files (NIST .rsp, the NGCC KAT text
// files) from an implementation's own output; package
// crucible.dev/registry/eval/katcheck reads, hashes and compares them on the
// evaluator's side.
package kat

// The KAT file formats.
const (
	// FormatRSP is a NIST PQC .rsp file, hashed as raw bytes (liboqs'
	// kats.json and PQClean's META.yml digests).
	FormatRSP = "nist-rsp"
	// FormatNGCC is an NGCC KAT text file, hashed in the harness's
	// canonical form (katcheck.Hasher).
	FormatNGCC = "ngcc"
)
