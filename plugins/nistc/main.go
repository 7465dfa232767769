// Command nistc is the Crucible adapter for submissions written in C
// against the NIST PQC API (api.h, crypto_kem_keypair/enc/dec,
// crypto_sign_keypair, crypto_sign, crypto_sign_open). `host build-c --api
// nist` compiles a submission into a static library with its own flags,
// copies this module beside it and links the two with cgo into
// crucible-plugin-NAME. The submission's randombytes() is the adapter's:
// the io.Reader of each call, which is the NIST AES-256 CTR-DRBG of the
// record when writing KAT files, so the shipped PQCkemKAT_*.rsp and
// PQCsignKAT_*.rsp reproduce byte for byte. Built from the workspace alone
// it serves no algorithm and says so.
//
// Run as `crucible-plugin-NAME kat [N]` it writes the first N records of
// the .rsp file PQCgenKAT_kem.c or PQCgenKAT_sign.c would write.
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

// writeKAT writes the instance's .rsp file to standard output.
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
	if err := g.Generate(w, n, nil); err != nil {
		return fmt.Errorf("%s: %w", in.ID(), err)
	}
	return w.Flush()
}
