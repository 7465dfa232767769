//go:build nistc_kem

package main

// #include "nistc.h"
import "C"

import (
	"fmt"
	"io"

	"crucible.dev/registry"
)

// kem is a submission's crypto_kem_* behind registry.KEM, with the sizes of
// its api.h. The C code gets private copies of its inputs: the NIST API
// takes them const, but nothing enforces it.
type kem struct {
	sizes registry.Sizes
}

func (k *kem) GenerateKey(rand io.Reader) (pk, sk []byte, err error) {
	pk, sk = make([]byte, k.sizes.PublicKey), make([]byte, k.sizes.SecretKey)
	if err := call("crypto_kem_keypair", rand, func() C.int { return C.nistc_kem_keypair(ptr(pk), ptr(sk)) }); err != nil {
		return nil, nil, err
	}
	return pk, sk, nil
}

func (k *kem) Encapsulate(rand io.Reader, pk []byte) (ct, ss []byte, err error) {
	if len(pk) != k.sizes.PublicKey {
		return nil, nil, fmt.Errorf("crypto_kem_enc: public key is %d bytes, CRYPTO_PUBLICKEYBYTES is %d", len(pk), k.sizes.PublicKey)
	}
	in := append([]byte(nil), pk...)
	ct, ss = make([]byte, k.sizes.Ciphertext), make([]byte, k.sizes.SharedSecret)
	if err := call("crypto_kem_enc", rand, func() C.int { return C.nistc_kem_enc(ptr(ct), ptr(ss), ptr(in)) }); err != nil {
		return nil, nil, err
	}
	return ct, ss, nil
}

func (k *kem) Decapsulate(sk, ct []byte) ([]byte, error) {
	if len(sk) != k.sizes.SecretKey {
		return nil, fmt.Errorf("crypto_kem_dec: secret key is %d bytes, CRYPTO_SECRETKEYBYTES is %d", len(sk), k.sizes.SecretKey)
	}
	if len(ct) != k.sizes.Ciphertext {
		return nil, fmt.Errorf("crypto_kem_dec: ciphertext is %d bytes, CRYPTO_CIPHERTEXTBYTES is %d", len(ct), k.sizes.Ciphertext)
	}
	s, c := append([]byte(nil), sk...), append([]byte(nil), ct...)
	ss := make([]byte, k.sizes.SharedSecret)
	if err := call("crypto_kem_dec", nil, func() C.int { return C.nistc_kem_dec(ptr(ss), ptr(c), ptr(s)) }); err != nil {
		return nil, err
	}
	return ss, nil
}

// submissionInstance is the KEM with the sizes of api.h.
func submissionInstance() (*registry.Instance, error) {
	k := &kem{sizes: registry.Sizes{
		PublicKey:    int(C.nistc_publickeybytes),
		SecretKey:    int(C.nistc_secretkeybytes),
		Ciphertext:   int(C.nistc_ciphertextbytes),
		SharedSecret: int(C.nistc_bytes),
	}}
	return &registry.Instance{
		Kind:  registry.KindKEM,
		KEM:   k,
		Sizes: k.sizes,
		KATs:  katGenerator(func(w io.Writer, n int, seed []byte) error { return writeKEMRSP(w, k, n, seed) }),
	}, nil
}
