// Command secp256k1 is the Crucible plugin for secp256k1: ECDSA, BIP-340
// Schnorr and ECDH, each served by decred or btcec, libsecp256k1 and this
// project's own implementation (package k256).
package main

import "crucible.dev/registry"

func main() {
	registry.Serve(&registry.Plugin{Name: "secp256k1", Version: "0.1.0", Instances: instances()})
}
