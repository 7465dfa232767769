package registry

// Kind names the interface an instance implements.
type Kind string

// The kinds of the contract.
const (
	KindKEM  Kind = "kem"  // key encapsulation: KEM
	KindSig  Kind = "sig"  // signature: Signature
	KindKEX  Kind = "kex"  // n-pass key exchange: KEX
	KindHash Kind = "hash" // fixed-length hash: Hash
	KindXOF  Kind = "xof"  // extendable-output function: XOF
	KindMAC  Kind = "mac"  // message authentication code: MAC
	KindKDF  Kind = "kdf"  // key derivation function: KDF
	KindAEAD Kind = "aead" // authenticated encryption: AEAD
	KindDRBG Kind = "drbg" // deterministic random bit generator: DRBG
)

// Kinds lists every kind, in the order reports show them.
var Kinds = []Kind{KindKEM, KindSig, KindKEX, KindHash, KindXOF, KindMAC, KindKDF, KindAEAD, KindDRBG}

// Symmetric reports whether k is a symmetric-primitive kind, measured over a
// ladder of message lengths.
func (k Kind) Symmetric() bool {
	switch k {
	case KindHash, KindXOF, KindMAC, KindKDF, KindAEAD, KindDRBG:
		return true
	}
	return false
}

// Valid reports whether k is one of the contract's kinds.
func (k Kind) Valid() bool {
	for _, x := range Kinds {
		if k == x {
			return true
		}
	}
	return false
}
