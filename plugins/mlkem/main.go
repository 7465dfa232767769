// Command mlkem is Crucible's ML-KEM plugin: ML-KEM-512, ML-KEM-768 and
// ML-KEM-1024 (FIPS 203) from the Go standard library, circl and gmsm.
package main

import "crucible.dev/registry"

func main() {
	registry.Serve(&registry.Plugin{Name: "mlkem", Version: "0.1.0", Instances: instances()})
}
