//go:build cgo

package libsecp256k1

// #cgo LDFLAGS: -ldl
// #include <stdlib.h>
// #include "shim.h"
import "C"

import (
	"crypto/rand"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"crucible.dev/registry"
)

var (
	loadOnce sync.Once
	loadErr  error
	libPath  string
	// ready guards every call: the function pointers are NULL until the
	// library is loaded.
	ready atomic.Bool
)

// Load opens the library on first use and reports why it is unusable.
func Load() error {
	loadOnce.Do(func() {
		var tried []string
		for _, name := range candidates() {
			cname := C.CString(name)
			msg := C.crs_open(cname)
			C.free(unsafe.Pointer(cname))
			if msg == nil {
				libPath = C.GoString(C.crs_lib_path())
				// Context randomisation blinds the secret-dependent
				// scalar multiplications (secp256k1.h,
				// secp256k1_context_randomize).
				var seed [32]byte
				if _, err := rand.Read(seed[:]); err != nil {
					loadErr = fmt.Errorf("%w: seeding the context: %v", ErrNotLoaded, err)
					return
				}
				if C.crs_randomize(ptr(seed[:])) != 1 {
					loadErr = fmt.Errorf("%w: secp256k1_context_randomize failed", ErrNotLoaded)
					return
				}
				ready.Store(true)
				return
			}
			tried = append(tried, name+": "+C.GoString(msg))
		}
		loadErr = fmt.Errorf("%w: %s", ErrNotLoaded, strings.Join(tried, "; "))
	})
	return loadErr
}

// loaded returns nil once the library is usable, loading it on first use.
func loaded() error {
	if ready.Load() {
		return nil
	}
	if err := Load(); err != nil {
		return err
	}
	return nil
}

// Path is the file the dynamic loader resolved the library to.
func Path() string { return libPath }

// ptr returns a C pointer to b's first byte, or NULL for an empty slice.
func ptr(b []byte) *C.uchar {
	if len(b) == 0 {
		return nil
	}
	return (*C.uchar)(unsafe.Pointer(&b[0]))
}

// publicKey makes the opaque public key of sk, declared public.
func publicKey(sk []byte) (*[64]byte, bool) {
	var pk [64]byte
	ok := []byte{byte(C.crs_pubkey_create(ptr(pk[:]), ptr(sk)))}
	// Public by design: an out-of-range key fails in the open, and the
	// public key is the call's published result.
	registry.Declassify(ok)
	registry.Declassify(pk[:])
	return &pk, ok[0] == 1
}

// PublicKey returns the 33-byte compressed public key of sk (SEC 1 §2.3.3).
func PublicKey(sk []byte) ([]byte, error) {
	if err := loaded(); err != nil {
		return nil, err
	}
	if len(sk) != 32 {
		return nil, fmt.Errorf("libsecp256k1 pubkey: secret key is %d bytes, want 32", len(sk))
	}
	pk, ok := publicKey(sk)
	if !ok {
		return nil, errors.New("libsecp256k1 pubkey: secret key out of range")
	}
	out := make([]byte, 33)
	C.crs_pubkey_serialize(ptr(out), ptr(pk[:]))
	return out, nil
}

// ECDSASign signs hash with RFC 6979 nonces, using extra (nil or 32 bytes)
// as the additional data of RFC 6979 §3.6, and returns a low-S signature in
// DER or 64-byte compact form.
func ECDSASign(sk, hash, extra []byte, der bool) ([]byte, error) {
	if err := loaded(); err != nil {
		return nil, err
	}
	if len(sk) != 32 || len(hash) != 32 || (extra != nil && len(extra) != 32) {
		return nil, fmt.Errorf("libsecp256k1 ecdsa sign: input lengths sk %d, hash %d, extra %d", len(sk), len(hash), len(extra))
	}
	var sig [64]byte
	ok := []byte{byte(C.crs_ecdsa_sign(ptr(sig[:]), ptr(sk), ptr(hash), ptr(extra)))}
	// Public by design: an out-of-range key fails in the open, and the
	// signature is the call's published result.
	registry.Declassify(ok)
	registry.Declassify(sig[:])
	if ok[0] != 1 {
		return nil, errors.New("libsecp256k1 ecdsa sign: secret key out of range")
	}
	out := make([]byte, 72)
	var n C.size_t = 72
	C.crs_ecdsa_serialize(ptr(out), &n, ptr(sig[:]), cbool(der))
	return out[:n], nil
}

// ECDSAVerify verifies sig (DER or compact) over hash under pk (a SEC 1
// encoded point). With lowS a signature whose s exceeds n/2 is rejected
// (BIP-62, BIP-146); otherwise it is normalised first.
func ECDSAVerify(pk, hash, sig []byte, der, lowS bool) error {
	if err := loaded(); err != nil {
		return err
	}
	if len(hash) != 32 || len(pk) == 0 || len(sig) == 0 {
		return fmt.Errorf("libsecp256k1 ecdsa verify: input lengths pk %d, hash %d, sig %d", len(pk), len(hash), len(sig))
	}
	switch C.crs_ecdsa_verify(ptr(pk), C.size_t(len(pk)), ptr(hash), ptr(sig), C.size_t(len(sig)), cbool(der), cbool(lowS)) {
	case 1:
		return nil
	case -1:
		return errors.New("libsecp256k1 ecdsa verify: public key does not parse")
	case -2:
		return errors.New("libsecp256k1 ecdsa verify: signature does not parse")
	}
	return ErrInvalidSignature
}

// XOnlyPublicKey returns the 32-byte BIP-340 public key of sk.
func XOnlyPublicKey(sk []byte) ([]byte, error) {
	if err := loaded(); err != nil {
		return nil, err
	}
	if len(sk) != 32 {
		return nil, fmt.Errorf("libsecp256k1 xonly pubkey: secret key is %d bytes, want 32", len(sk))
	}
	pk, ok := publicKey(sk)
	if !ok {
		return nil, errors.New("libsecp256k1 xonly pubkey: secret key out of range")
	}
	out := make([]byte, 32)
	C.crs_xonly_serialize(ptr(out), ptr(pk[:]))
	return out, nil
}

// SchnorrSign returns the BIP-340 signature of msg (any length) with
// auxiliary randomness aux (32 bytes).
func SchnorrSign(sk, msg, aux []byte) ([]byte, error) {
	if err := loaded(); err != nil {
		return nil, err
	}
	if len(sk) != 32 || len(aux) != 32 {
		return nil, fmt.Errorf("libsecp256k1 schnorr sign: input lengths sk %d, aux %d", len(sk), len(aux))
	}
	var kp [96]byte // secret: it holds sk
	ok := []byte{byte(C.crs_keypair(ptr(kp[:]), ptr(sk)))}
	// Public by design: an out-of-range key fails in the open.
	registry.Declassify(ok)
	if ok[0] != 1 {
		return nil, errors.New("libsecp256k1 schnorr sign: secret key out of range")
	}
	out := make([]byte, 64)
	ok[0] = byte(C.crs_schnorr_sign(ptr(out), ptr(msg), C.size_t(len(msg)), ptr(kp[:]), ptr(aux)))
	// Public by design: a failed signing (a key pair that does not load)
	// fails in the open.
	registry.Declassify(ok)
	if ok[0] != 1 {
		return nil, errors.New("libsecp256k1 schnorr sign: signing failed")
	}
	return out, nil
}

// SchnorrVerify verifies a BIP-340 signature.
func SchnorrVerify(pk, msg, sig []byte) error {
	if err := loaded(); err != nil {
		return err
	}
	if len(pk) != 32 || len(sig) != 64 {
		return fmt.Errorf("libsecp256k1 schnorr verify: input lengths pk %d, sig %d", len(pk), len(sig))
	}
	switch C.crs_schnorr_verify(ptr(sig), ptr(msg), C.size_t(len(msg)), ptr(pk)) {
	case 1:
		return nil
	case -1:
		return errors.New("libsecp256k1 schnorr verify: public key is not on the curve")
	}
	return ErrInvalidSignature
}

// ECDH returns the shared secret of sk and the SEC 1 encoded point peer:
// libsecp256k1's default SHA-256 of the compressed shared point, or with
// raw its x coordinate.
func ECDH(sk, peer []byte, raw bool) ([]byte, error) {
	if err := loaded(); err != nil {
		return nil, err
	}
	if len(sk) != 32 || len(peer) == 0 {
		return nil, fmt.Errorf("libsecp256k1 ecdh: input lengths sk %d, peer %d", len(sk), len(peer))
	}
	out := make([]byte, 32)
	verdict := []byte{byte(C.crs_ecdh(ptr(out), ptr(sk), ptr(peer), C.size_t(len(peer)), cbool(raw)))}
	// Public by design: a peer key that does not parse or an out-of-range
	// secret key fails in the open.
	registry.Declassify(verdict)
	switch int8(verdict[0]) {
	case 1:
		return out, nil
	case -1:
		return nil, errors.New("libsecp256k1 ecdh: peer public key does not parse")
	}
	return nil, errors.New("libsecp256k1 ecdh: secret key out of range")
}

func cbool(b bool) C.int {
	if b {
		return 1
	}
	return 0
}

// Noop makes one empty cgo call; its benchmark is the binding's overhead,
// paid once per operation.
func Noop() { C.crs_noop() }
