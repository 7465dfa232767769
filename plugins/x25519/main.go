// Command x25519 is the Crucible plugin for X25519 (RFC 7748) from the Go
// standard library, served as a 2-pass key exchange with a scalar
// multiplication operation.
package main

import "crucible.dev/registry"

func main() {
	registry.Serve(&registry.Plugin{Name: "x25519", Version: "0.1.0", Instances: instances()})
}
