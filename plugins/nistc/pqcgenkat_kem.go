//go:build nistc_kem

package main

import (
	"bytes"
	"fmt"
	"io"
)

// writeKEMRSP writes the first n records of PQCkemKAT_<sk>.rsp. Each
// shared secret is checked by decapsulation, as the reference does.
func writeKEMRSP(w io.Writer, k *kem, n int, seed []byte) error {
	return records(w, n, seed, func(f *rspFile, _ int, _, rec io.Reader) error {
		pk, sk, err := k.GenerateKey(rec)
		if err != nil {
			return err
		}
		f.bytes("pk", pk)
		f.bytes("sk", sk)
		ct, ss, err := k.Encapsulate(rec, pk)
		if err != nil {
			return err
		}
		f.bytes("ct", ct)
		f.bytes("ss", ss)
		ss1, err := k.Decapsulate(sk, ct)
		if err != nil {
			return err
		}
		if !bytes.Equal(ss, ss1) {
			return fmt.Errorf("crypto_kem_dec returned a shared secret that differs from crypto_kem_enc's")
		}
		return nil
	})
}
