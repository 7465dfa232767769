package iccs

import (
	"crypto/hmac"

	"github.com/emmansun/gmsm/sm3"
)

// hmacKey is the fixed ICCS HMAC key, SM3("3.14159265358979") ‖
// SM3("2.71828182845904").
var hmacKey = func() []byte {
	a, b := sm3.Sum([]byte("3.14159265358979")), sm3.Sum([]byte("2.71828182845904"))
	return append(a[:], b[:]...)
}()

// HMAC is HMAC-SM3 under the fixed ICCS key (HM in the specifications).
//
//go:noinline
func HMAC(msg []byte) [32]byte {
	calls.hmac.Add(1)
	return hm(msg)
}

func hm(parts ...[]byte) (out [32]byte) {
	m := hmac.New(sm3.New, hmacKey)
	for _, p := range parts {
		m.Write(p)
	}
	m.Sum(out[:0])
	return out
}

func sm3cat(parts ...[]byte) (out [32]byte) {
	h := sm3.New()
	for _, p := range parts {
		h.Write(p)
	}
	h.Sum(out[:0])
	return out
}

// PseudoHash512 is pseudohash(512, msg):
// k1 = HM(02 00 ‖ m), h1 = SM3(m ‖ 02 00), h2 = SM3(k1 ‖ h1); h1 ‖ h2.
//
//go:noinline
func PseudoHash512(msg []byte) (out [64]byte) {
	calls.phash.Add(1)
	tag := []byte{2, 0}
	k1 := hm(tag, msg)
	h1 := sm3cat(msg, tag)
	h2 := sm3cat(k1[:], h1[:])
	copy(out[:], h1[:])
	copy(out[32:], h2[:])
	return out
}

// PseudoHash768 is pseudohash(768, msg): k1 = HM(03 00 ‖ m),
// h1 = SM3(m ‖ 03 00), k2 = HM(h1), h2 = SM3(k1 ‖ h1), h3 = SM3(h2 ‖ k2).
//
//go:noinline
func PseudoHash768(msg []byte) (out [96]byte) {
	calls.phash.Add(1)
	tag := []byte{3, 0}
	k1 := hm(tag, msg)
	h1 := sm3cat(msg, tag)
	k2 := hm(h1[:])
	h2 := sm3cat(k1[:], h1[:])
	h3 := sm3cat(h2[:], k2[:])
	copy(out[:], h1[:])
	copy(out[32:], h2[:])
	copy(out[64:], h3[:])
	return out
}

// PseudoHash1024 is pseudohash(1024, msg): k1 = HM(04 00 ‖ m),
// h1 = SM3(m ‖ 04 00), k2 = HM(h1), h2 = SM3(k1 ‖ h1), k3 = HM(h2),
// h3 = SM3(h2 ‖ k2), k4 = HM(h3), h4 = SM3(k3 ‖ h3 ‖ k4).
//
//go:noinline
func PseudoHash1024(msg []byte) (out [128]byte) {
	calls.phash.Add(1)
	tag := []byte{4, 0}
	k1 := hm(tag, msg)
	h1 := sm3cat(msg, tag)
	k2 := hm(h1[:])
	h2 := sm3cat(k1[:], h1[:])
	k3 := hm(h2[:])
	h3 := sm3cat(h2[:], k2[:])
	k4 := hm(h3[:])
	h4 := sm3cat(k3[:], h3[:], k4[:])
	copy(out[:], h1[:])
	copy(out[32:], h2[:])
	copy(out[64:], h3[:])
	copy(out[96:], h4[:])
	return out
}
