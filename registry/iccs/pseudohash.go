package iccs

import (
	"github.com/emmansun/gmsm/sm3"
)

// hmacKey is the fixed ICCS HMAC key, SM3("3.14159265358979") ‖
// SM3("2.71828182845904"): exactly one SM3 block, so HMAC uses it as is.
var hmacKey = func() (k [sm3.BlockSize]byte) {
	a, b := sm3.Sum([]byte("3.14159265358979")), sm3.Sum([]byte("2.71828182845904"))
	copy(k[:], a[:])
	copy(k[32:], b[:])
	return k
}()

// hmacInner and hmacOuter are the SM3 states after absorbing key ⊕ ipad
// and key ⊕ opad (RFC 2104 §2): the key is fixed, so every HM call starts
// from them and costs the message blocks plus one block for the outer hash.
var hmacInner, hmacOuter = func() (in, out [marshaledSize]byte) {
	var pad [sm3.BlockSize]byte
	d := getDigest()
	defer d.put()
	for i, k := range hmacKey {
		pad[i] = k ^ 0x36
	}
	d.h.Reset()
	d.write(pad[:])
	in = d.save()
	for i, k := range hmacKey {
		pad[i] = k ^ 0x5c
	}
	d.h.Reset()
	d.write(pad[:])
	out = d.save()
	return in, out
}()

// HMAC is HMAC-SM3 under the fixed ICCS key (HM in the specifications).
//
//go:noinline
func HMAC(msg []byte) [32]byte {
	calls.hmac.Add(1)
	return hm(msg)
}

// hm is HMAC-SM3 under the fixed key of the concatenated parts.
func hm(parts ...[]byte) [sm3.Size]byte {
	d := getDigest()
	d.load(&hmacInner)
	d.write(parts...)
	inner := d.final()
	d.load(&hmacOuter)
	d.write(inner[:])
	out := d.final()
	d.put()
	return out
}

// PseudoHash512 is pseudohash(512, msg):
// k1 = HM(02 00 ‖ m), h1 = SM3(m ‖ 02 00), h2 = SM3(k1 ‖ h1); h1 ‖ h2.
//
//go:noinline
func PseudoHash512(msg []byte) (out [64]byte) {
	calls.phash.Add(1)
	tag := [2]byte{2, 0}
	k1 := hm(tag[:], msg)
	h1 := sum(msg, tag[:])
	h2 := sum(k1[:], h1[:])
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
	tag := [2]byte{3, 0}
	k1 := hm(tag[:], msg)
	h1 := sum(msg, tag[:])
	k2 := hm(h1[:])
	h2 := sum(k1[:], h1[:])
	h3 := sum(h2[:], k2[:])
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
	tag := [2]byte{4, 0}
	k1 := hm(tag[:], msg)
	h1 := sum(msg, tag[:])
	k2 := hm(h1[:])
	h2 := sum(k1[:], h1[:])
	k3 := hm(h2[:])
	h3 := sum(h2[:], k2[:])
	k4 := hm(h3[:])
	h4 := sum(k3[:], h3[:], k4[:])
	copy(out[:], h1[:])
	copy(out[32:], h2[:])
	copy(out[64:], h3[:])
	copy(out[96:], h4[:])
	return out
}
