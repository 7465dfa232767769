//go:build nistc_sig

package main

// #include "nistc.h"
import "C"

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"crucible.dev/registry"
	"crucible.dev/registry/drbg"
)

// sig is a submission's crypto_sign_* behind registry.Signature. The NIST
// API signs into a signed message sm that carries the message; the
// detached signature Crucible times and audits is sm without the message,
// at the place the probe found it (layout).
type sig struct {
	sizes registry.Sizes
	// head is where the message starts in sm, counted from the start, or,
	// when tail is set, the message ends sm (sig‖msg, the common layout).
	head int
	tail bool
}

func (s *sig) GenerateKey(rand io.Reader) (pk, sk []byte, err error) {
	pk, sk = make([]byte, s.sizes.PublicKey), make([]byte, s.sizes.SecretKey)
	if err := call("crypto_sign_keypair", rand, func() C.int { return C.nistc_sign_keypair(ptr(pk), ptr(sk)) }); err != nil {
		return nil, nil, err
	}
	return pk, sk, nil
}

// signed is crypto_sign's signed message, as the .rsp file's sm holds it.
func (s *sig) signed(rand io.Reader, sk, msg []byte) ([]byte, error) {
	if len(sk) != s.sizes.SecretKey {
		return nil, fmt.Errorf("crypto_sign: secret key is %d bytes, CRYPTO_SECRETKEYBYTES is %d", len(sk), s.sizes.SecretKey)
	}
	k, m := append([]byte(nil), sk...), append([]byte(nil), msg...)
	sm := make([]byte, len(msg)+s.sizes.Signature)
	var n C.ulonglong
	if err := call("crypto_sign", rand, func() C.int {
		return C.nistc_sign(ptr(sm), &n, ptr(m), C.ulonglong(len(m)), ptr(k))
	}); err != nil {
		return nil, err
	}
	if uint64(n) > uint64(len(sm)) || uint64(n) < uint64(len(msg)) {
		return nil, fmt.Errorf("crypto_sign: smlen %d for a %d-byte message, CRYPTO_BYTES %d", uint64(n), len(msg), s.sizes.Signature)
	}
	return sm[:n], nil
}

// open is crypto_sign_open: the message sm carries, or an error.
func (s *sig) open(pk, sm []byte) ([]byte, error) {
	p, in := append([]byte(nil), pk...), append([]byte(nil), sm...)
	m := make([]byte, len(sm))
	var n C.ulonglong
	if err := call("crypto_sign_open", nil, func() C.int {
		return C.nistc_sign_open(ptr(m), &n, ptr(in), C.ulonglong(len(in)), ptr(p))
	}); err != nil {
		return nil, err
	}
	if uint64(n) > uint64(len(m)) {
		return nil, fmt.Errorf("crypto_sign_open: mlen %d from a %d-byte signed message", uint64(n), len(sm))
	}
	return m[:n], nil
}

func (s *sig) Sign(rand io.Reader, sk, msg, ctx []byte) ([]byte, error) {
	if len(ctx) != 0 {
		return nil, errors.New("crypto_sign: the NIST API has no context string")
	}
	sm, err := s.signed(rand, sk, msg)
	if err != nil {
		return nil, err
	}
	if s.tail {
		if !bytes.Equal(sm[len(sm)-len(msg):], msg) {
			return nil, errors.New("crypto_sign: the signed message does not end with the message, as it did when probed")
		}
		return sm[:len(sm)-len(msg)], nil
	}
	if len(sm) < s.head+len(msg) || !bytes.Equal(sm[s.head:s.head+len(msg)], msg) {
		return nil, fmt.Errorf("crypto_sign: the message is not at byte %d of the signed message, as it was when probed", s.head)
	}
	return append(append([]byte(nil), sm[:s.head]...), sm[s.head+len(msg):]...), nil
}

func (s *sig) Verify(pk, msg, sg, ctx []byte) error {
	if len(ctx) != 0 {
		return errors.New("crypto_sign_open: the NIST API has no context string")
	}
	if len(pk) != s.sizes.PublicKey {
		return fmt.Errorf("crypto_sign_open: public key is %d bytes, CRYPTO_PUBLICKEYBYTES is %d", len(pk), s.sizes.PublicKey)
	}
	if len(sg) > s.sizes.Signature || (!s.tail && len(sg) < s.head) {
		return registry.ErrInvalidSignature
	}
	var sm []byte
	if s.tail {
		sm = append(append([]byte(nil), sg...), msg...)
	} else {
		sm = append(append(append([]byte(nil), sg[:s.head]...), msg...), sg[s.head:]...)
	}
	m, err := s.open(pk, sm)
	if err != nil || !bytes.Equal(m, msg) {
		return registry.ErrInvalidSignature
	}
	return nil
}

// probe finds where crypto_sign puts the message in the signed message, by
// signing two messages of different lengths under a key of its own: at the
// end (sig‖msg), or at the same offset from the start both times (as
// Falcon's header‖nonce‖msg‖sig).
func (s *sig) probe() error {
	rng, _ := drbg.NewCTR(make([]byte, drbg.SeedSize), nil)
	_, sk, err := s.GenerateKey(rng)
	if err != nil {
		return err
	}
	var heads [2]int
	tail := true
	for i, n := range []int{33, 66} {
		msg := make([]byte, n)
		rng.Read(msg)
		sm, err := s.signed(rng, sk, msg)
		if err != nil {
			return err
		}
		tail = tail && bytes.HasSuffix(sm, msg)
		if heads[i] = bytes.Index(sm, msg); heads[i] < 0 {
			return errors.New("crypto_sign's signed message does not contain the message: no detached signature can be cut from it")
		}
	}
	switch {
	case tail:
		s.tail = true
	case heads[0] == heads[1]:
		s.head = heads[0]
	default:
		return fmt.Errorf("crypto_sign puts the message at byte %d of one signed message and %d of another: no fixed layout to cut a detached signature from", heads[0], heads[1])
	}
	return nil
}

// submissionInstance is the signature scheme with the sizes of api.h;
// CRYPTO_BYTES is the largest signature, declared as a maximum.
func submissionInstance() (*registry.Instance, error) {
	s := &sig{sizes: registry.Sizes{
		PublicKey:    int(C.nistc_publickeybytes),
		SecretKey:    int(C.nistc_secretkeybytes),
		Signature:    int(C.nistc_bytes),
		SignatureMax: true,
	}}
	if err := s.probe(); err != nil {
		return nil, err
	}
	return &registry.Instance{
		Kind:      registry.KindSig,
		Signature: s,
		Sizes:     s.sizes,
		KATs:      katGenerator(func(w io.Writer, n int, seed []byte) error { return writeSignRSP(w, s, n, seed) }),
	}, nil
}
