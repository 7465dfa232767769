package registry

import "strconv"

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

// PartyIndex maps a party to its index in a transcript's pairs: A 0, B 1.
func PartyIndex(p Party) int {
	if p == PartyA {
		return 0
	}
	return 1
}
