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
	"bufio"
	"fmt"
	"os"
	"strconv"

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

// writeKAT writes the instance's KAT file to standard output.
func writeKAT(args []string) error {
	in := instances()[0]
	if in.Unavailable != "" {
		return fmt.Errorf("%s: %s", in.ID(), in.Unavailable)
	}
	if len(in.KATs) == 0 {
		return fmt.Errorf("%s: built without a KAT generator", in.ID())
	}
	g := in.KATs[0]
	n := g.Records
	if len(args) > 0 {
		v, err := strconv.Atoi(args[0])
		if err != nil || v < 1 {
			return fmt.Errorf("record count %q: want a positive number", args[0])
		}
		n = v
	}
	w := bufio.NewWriter(os.Stdout)
	if err := g.Generate(w, n); err != nil {
		return fmt.Errorf("%s: %w", in.ID(), err)
	}
	return w.Flush()
}
