// Command ngcc is the Crucible adapter for NGCC submissions written in C
// against the NICCS API (KEM_AlgorithmInstance.h, KEX_AlgorithmInstance.h).
// `host build-ngcc` copies this module and a submission's sources into a
// scratch directory and builds them with cgo into crucible-plugin-NAME; the
// ICCS helpers and DRNG the C code calls are Crucible's own Go code
// (crucible.dev/registry/iccs). Built from the workspace alone it serves
// no algorithm and says so.
//
// Run as `crucible-plugin-NAME kat [N]` it writes the first N records of
// the instance's NGCC KAT file to standard output, as the ICCS driver
// KAT_KEM.c or KAT_KEX.c would.
package main

import (
	"fmt"
	"os"

	"crucible.dev/registry"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "kat" {
		if err := writeKAT(os.Args[2:]); err != nil {
			fmt.Fprintln(os.Stderr, "kat:", err)
			os.Exit(1)
		}
		return
	}
	registry.Serve(&registry.Plugin{Name: build.Plugin, Version: "0.1.0", Instances: instances()})
}
