package secp256k1

// The catalog names of the instances this package's types implement.
const (
	NameECDSA        = "ECDSA-secp256k1-SHA256"
	NameECDSACompact = "ECDSA-secp256k1-SHA256-compact"
	NameBIP340       = "BIP340-Schnorr"
	NameECDH         = "ECDH-secp256k1"
	NameECDHX        = "ECDH-secp256k1-x"
)

// The implementation names.
const (
	ImplDecred  = "decred"
	ImplBtcec   = "btcec"
	ImplLibsecp = "libsecp256k1"
	// ImplCrucible is this project's own implementation, package k256.
	ImplCrucible = "crucible"
)

// ecdsaBackends are the backends of ECDSA and ECDH by implementation.
var ecdsaBackends = map[string]interface {
	ecdsaBackend
	ecdhBackend
}{ImplDecred: decred{}, ImplCrucible: crucible{}, ImplLibsecp: libsecp{}}

// bip340Backends are the backends of BIP-340 by implementation.
var bip340Backends = map[string]bip340Backend{ImplBtcec: btcecSchnorr{}, ImplCrucible: crucibleSchnorr{}, ImplLibsecp: libsecpSchnorr{}}

// NewECDSA returns impl's ECDSA over SHA-256 with DER signatures when der,
// 64-byte r ‖ s ones otherwise; nil for an implementation without ECDSA.
func NewECDSA(impl string, der bool) *ECDSA {
	b, ok := ecdsaBackends[impl]
	if !ok {
		return nil
	}
	return &ECDSA{backend: b, der: der}
}

// NewECDH returns impl's ECDH, whose secret is the x coordinate of the
// shared point when raw and its SHA-256 otherwise; nil for an
// implementation without ECDH.
func NewECDH(impl string, raw bool) *ECDH {
	b, ok := ecdsaBackends[impl]
	if !ok {
		return nil
	}
	return &ECDH{backend: b, raw: raw}
}

// NewSchnorr returns impl's BIP-340 Schnorr signature; nil for an
// implementation without it.
func NewSchnorr(impl string) *Schnorr {
	b, ok := bip340Backends[impl]
	if !ok {
		return nil
	}
	return &Schnorr{backend: b}
}
