//go:build nistc_sig

package main

import (
	"bytes"
	"fmt"
	"io"
)

// writeSignRSP writes the first n records of PQCsignKAT_<sk>.rsp: sm is
// crypto_sign's signed message as it is, and each is opened again, as the
// reference does.
func writeSignRSP(w io.Writer, s *sig, n int, seed []byte) error {
	return records(w, n, seed, func(f *rspFile, count int, master, rec io.Reader) error {
		msg := make([]byte, 33*(count+1))
		master.Read(msg)
		f.int("mlen", len(msg))
		f.bytes("msg", msg)
		pk, sk, err := s.GenerateKey(rec)
		if err != nil {
			return err
		}
		f.bytes("pk", pk)
		f.bytes("sk", sk)
		sm, err := s.signed(rec, sk, msg)
		if err != nil {
			return err
		}
		f.int("smlen", len(sm))
		f.bytes("sm", sm)
		m, err := s.open(pk, sm)
		if err != nil {
			return err
		}
		if !bytes.Equal(m, msg) {
			return fmt.Errorf("crypto_sign_open returned a message that differs from the one signed")
		}
		return nil
	})
}
