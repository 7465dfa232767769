//go:build ngcc_kem

package main

/*
// The NICCS KEM API (KEM_AlgorithmInstance.h), which the submission's
// sources implement.
unsigned long long kem_get_pk_len_bytes();
unsigned long long kem_get_sk_len_bytes();
unsigned long long kem_get_ss_len_bytes();
unsigned long long kem_get_ct_len_bytes();
int kem_keygen(unsigned char *pk, unsigned long long *pk_len_bytes, unsigned char *sk, unsigned long long *sk_len_bytes);
int kem_enc(unsigned char *pk, unsigned long long pk_len_bytes, unsigned char *ss, unsigned long long *ss_len_bytes, unsigned char *ct, unsigned long long *ct_len_bytes);
int kem_dec(unsigned char *sk, unsigned long long sk_len_bytes, unsigned char *ct, unsigned long long ct_len_bytes, unsigned char *ss, unsigned long long *ss_len_bytes);
*/
import "C"

import (
	"fmt"
	"io"

	"crucible.dev/registry"
	"crucible.dev/registry/kat"
)

// kem is a submission's KEM behind registry.KEM. The byte lengths are the
// ones its kem_get_*_len_bytes functions claim; buffers of those sizes are
// what the ICCS driver hands it.
type kem struct {
	sizes registry.Sizes
}

func newKEM() *kem {
	return &kem{sizes: registry.Sizes{
		PublicKey:    int(C.kem_get_pk_len_bytes()),
		SecretKey:    int(C.kem_get_sk_len_bytes()),
		Ciphertext:   int(C.kem_get_ct_len_bytes()),
		SharedSecret: int(C.kem_get_ss_len_bytes()),
	}}
}

func (k *kem) GenerateKey(rand io.Reader) (pk, sk []byte, err error) {
	pk, sk = make([]byte, k.sizes.PublicKey), make([]byte, k.sizes.SecretKey)
	pl, sl := C.ulonglong(len(pk)), C.ulonglong(len(sk))
	if _, err := call("kem_keygen", rand, func() C.int { return C.kem_keygen(ptr(pk), &pl, ptr(sk), &sl) }); err != nil {
		return nil, nil, err
	}
	if pk, err = claimed("kem_keygen: pk", pk, pl); err != nil {
		return nil, nil, err
	}
	if sk, err = claimed("kem_keygen: sk", sk, sl); err != nil {
		return nil, nil, err
	}
	return pk, sk, nil
}

func (k *kem) Encapsulate(rand io.Reader, pk []byte) (ct, ss []byte, err error) {
	if len(pk) != k.sizes.PublicKey {
		return nil, nil, fmt.Errorf("kem_enc: public key is %d bytes, the submission claims %d", len(pk), k.sizes.PublicKey)
	}
	// A private copy: the API's pointers are not const, and the caller's
	// key must survive whatever the C code does with its input.
	in := append([]byte(nil), pk...)
	ct, ss = make([]byte, k.sizes.Ciphertext), make([]byte, k.sizes.SharedSecret)
	cl, sl := C.ulonglong(len(ct)), C.ulonglong(len(ss))
	if _, err := call("kem_enc", rand, func() C.int {
		return C.kem_enc(ptr(in), C.ulonglong(len(in)), ptr(ss), &sl, ptr(ct), &cl)
	}); err != nil {
		return nil, nil, err
	}
	if ct, err = claimed("kem_enc: ct", ct, cl); err != nil {
		return nil, nil, err
	}
	if ss, err = claimed("kem_enc: ss", ss, sl); err != nil {
		return nil, nil, err
	}
	return ct, ss, nil
}

func (k *kem) Decapsulate(sk, ct []byte) ([]byte, error) {
	if len(sk) != k.sizes.SecretKey {
		return nil, fmt.Errorf("kem_dec: secret key is %d bytes, the submission claims %d", len(sk), k.sizes.SecretKey)
	}
	if len(ct) != k.sizes.Ciphertext {
		return nil, fmt.Errorf("kem_dec: ciphertext is %d bytes, the submission claims %d", len(ct), k.sizes.Ciphertext)
	}
	s, c := append([]byte(nil), sk...), append([]byte(nil), ct...)
	ss := make([]byte, k.sizes.SharedSecret)
	sl := C.ulonglong(len(ss))
	// kem_dec returns -1 for a ciphertext it rejects explicitly: an error
	// here, as the driver treats it.
	if _, err := call("kem_dec", nil, func() C.int {
		return C.kem_dec(ptr(s), C.ulonglong(len(s)), ptr(c), C.ulonglong(len(c)), ptr(ss), &sl)
	}); err != nil {
		return nil, err
	}
	return claimed("kem_dec: ss", ss, sl)
}

// submissionInstance is the KEM with the sizes its length functions claim.
func submissionInstance() (*registry.Instance, error) {
	k := newKEM()
	return &registry.Instance{
		Kind:  registry.KindKEM,
		KEM:   k,
		Sizes: k.sizes,
		KATs:  katGenerator(func(w io.Writer, n int, seed []byte) error { return kat.WriteNGCCKEM(w, k, n, seed) }),
	}, nil
}
