// Command afskex is the Crucible plugin for AFS-KEX, the NGCC round-1
// four-pass authenticated key exchange kex-02, in a Go port bit-exact with
// the submitters' reference code.
package main

import "crucible.dev/registry"

func main() {
	registry.Serve(&registry.Plugin{Name: "afskex", Version: "0.1.0", Instances: instances()})
}
