// Command amoeba is the Crucible plugin for Amoeba, the NGCC round-1 KEM
// candidate kem-02: a bit-exact Go port of the submitters' reference code,
// all five parameter sets.
package main

import "crucible.dev/registry"

func main() {
	registry.Serve(&registry.Plugin{Name: "amoeba", Version: "0.1.0", Instances: instances()})
}
