//go:build nistc_kem || nistc_sig

package main

import (
	"bytes"
	"fmt"
	"io"
)

// pqcleanSource names the KAT text PQClean digests in META.yml
// (nistkat-sha256): the records of the PQCgenKAT file without its
// "# ALGNAME" header and without the empty line after the last record.
const pqcleanSource = "pqclean-nistkat"

// pqcleanForm writes the PQCgenKAT file write produces in PQClean's form.
// The file is held in memory: PQClean digests one record.
func pqcleanForm(w io.Writer, n int, seed []byte, write func(w io.Writer, n int, seed []byte) error) error {
	var full bytes.Buffer
	if err := write(&full, n, seed); err != nil {
		return err
	}
	_, body, ok := bytes.Cut(full.Bytes(), []byte("\n\n"))
	if !ok || !bytes.HasSuffix(body, []byte("\n\n")) {
		return fmt.Errorf("%s: the .rsp file has no header or no empty line after its last record", pqcleanSource)
	}
	_, err := w.Write(body[:len(body)-1])
	return err
}
