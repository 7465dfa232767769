// Command sntrup is the Crucible plugin for Streamlined NTRU Prime, all six
// parameter sets of the round 3 specification, implemented in this module.
package main

import "crucible.dev/registry"

func main() {
	registry.Serve(&registry.Plugin{Name: "sntrup", Version: "0.1.0", Instances: instances()})
}
