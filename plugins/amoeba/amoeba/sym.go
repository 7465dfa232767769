package amoeba

import "crucible.dev/registry/iccs"

// The symmetric primitives are the ICCS helpers every NGCC candidate links
// (spec §3): sm3hash and pseudoXOF, the SM3 counter-mode KDF.

// xof fills out with pseudoXOF(8·len(out), msg).
func xof(out, msg []byte) { iccs.PseudoXOF(out, msg) }

// sm3 is sm3hash(256, msg).
func sm3(msg []byte) [32]byte { return iccs.SM3(msg) }
