// Command ed25519 is the Crucible plugin for Ed25519 (RFC 8032) from the Go
// standard library: the classical signature baseline beside ML-DSA. It
// declares its own KAT material (RFC 8032 §7.1 and Wycheproof's ed25519
// file), so it needs no catalog entry and no code in the core.
package main

import "crucible.dev/registry"

func main() {
	registry.Serve(&registry.Plugin{Name: "ed25519", Version: "0.1.0", Instances: instances()})
}
