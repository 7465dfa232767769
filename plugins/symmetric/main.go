// Command symmetric is the Crucible plugin for symmetric primitives: hashes,
// XOFs, MACs, HKDF, AEADs and DRBGs from the Go standard library,
// golang.org/x/crypto and gmsm, and the ICCS helper functions that NGCC
// submissions call, served as instances of their own so a report can set a
// candidate's hash share against the same code measured alone.
package main

import (
	"crucible.dev/plugins/symmetric/symmetric"
	"crucible.dev/registry"
)

func main() {
	registry.Serve(&registry.Plugin{Name: "symmetric", Version: symmetric.Version, Instances: instances()})
}
