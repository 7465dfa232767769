// Command mldsa is the Crucible plugin for ML-DSA (FIPS 204): ML-DSA-44, -65
// and -87, pure with a context string, deterministic and hedged, from three
// implementations (filippo.io/mldsa, circl and gmsm).
package main

import "crucible.dev/registry"

func main() {
	registry.Serve(&registry.Plugin{Name: "mldsa", Version: "0.1.0", Instances: instances()})
}
