package registry

import (
	"strconv"
	"strings"
)

// The standard operations' names, by kind (Ops lists them in order). Host
// and plugins name operations through these, never by literal.
const (
	OpKeygen        = "keygen"         // kem, sig
	OpEncaps        = "encaps"         // kem
	OpDecaps        = "decaps"         // kem
	OpDecapsReject  = "decaps_reject"  // kem: a well-formed ciphertext for another key (implicit rejection)
	OpDecapsInvalid = "decaps_invalid" // kem: a ciphertext with one bit flipped (the format check)
	OpSign          = "sign"           // sig
	OpVerify        = "verify"         // sig
	OpExchange      = "exchange"       // kex: every step of one exchange
	OpHash          = "hash"           // hash
	OpXOF           = "xof"            // xof
	OpMAC           = "mac"            // mac
	OpKDF           = "kdf"            // kdf
	OpSeal          = "seal"           // aead
	OpOpen          = "open"           // aead
	OpGenerate      = "generate"       // drbg
)

// OpInit names party p's key exchange setup: "init_a", "init_b".
func OpInit(p Party) string { return "init_" + p.String() }

// OpPass names pass i (1-based) of a key exchange: "pass1", ...
func OpPass(i int) string { return "pass" + strconv.Itoa(i) }

// OpDerive names party p's derivation of the shared secret: "derive_a", "derive_b".
func OpDerive(p Party) string { return "derive_" + p.String() }

// Standard reports whether name is one of kind's standard operations,
// rather than one beyond the kind's own (Instance.Extra).
func Standard(kind Kind, name string) bool {
	switch kind {
	case KindKEM:
		return name == OpKeygen || name == OpEncaps || name == OpDecaps || name == OpDecapsReject || name == OpDecapsInvalid
	case KindSig:
		return name == OpKeygen || name == OpSign || name == OpVerify
	case KindKEX:
		if n, ok := strings.CutPrefix(name, "pass"); ok {
			i, err := strconv.Atoi(n)
			return err == nil && i >= 1 && OpPass(i) == name
		}
		return name == OpInit(PartyA) || name == OpInit(PartyB) || name == OpDerive(PartyA) || name == OpDerive(PartyB) || name == OpExchange
	case KindHash:
		return name == OpHash
	case KindXOF:
		return name == OpXOF
	case KindMAC:
		return name == OpMAC
	case KindKDF:
		return name == OpKDF
	case KindAEAD:
		return name == OpSeal || name == OpOpen
	case KindDRBG:
		return name == OpGenerate
	}
	return false
}

// PartyIndex maps a party to its index in a transcript's pairs: A 0, B 1.
func PartyIndex(p Party) int {
	if p == PartyA {
		return 0
	}
	return 1
}
