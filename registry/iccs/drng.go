package iccs

import (
	"encoding/binary"

	"github.com/emmansun/gmsm/sm3"
)

// seedLen is SEEDLEN of drng.h: the state words are 440 bits.
const seedLen = 55

// DRNG is the ICCS SM3 Hash_DRBG (NIST SP 800-90A Hash_DRBG over SM3,
// seedlen 440, no personalization, no additional input, no reseeding), the
// generator NGCC KAT drivers and candidates draw all randomness from.
type DRNG struct {
	v, c [seedLen]byte
	rc   uint64 // reseed counter
}

// df is the derivation function: the first 55 bytes of
// SM3(01 ‖ BE32(440) ‖ x) ‖ SM3(02 ‖ BE32(440) ‖ x).
func df(parts ...[]byte) (out [seedLen]byte) {
	var buf [64]byte
	for i := byte(1); i <= 2; i++ {
		h := sm3.New()
		hdr := [5]byte{i}
		binary.BigEndian.PutUint32(hdr[1:], seedLen*8)
		h.Write(hdr[:])
		for _, p := range parts {
			h.Write(p)
		}
		h.Sum(buf[(i-1)*32 : (i-1)*32])
	}
	copy(out[:], buf[:seedLen])
	return out
}

// NewDRNG instantiates the generator from seed (init_random_number):
// V = df(seed), C = df(00 ‖ V), reseed counter 1.
func NewDRNG(seed []byte) *DRNG {
	d := &DRNG{rc: 1}
	d.v = df(seed)
	d.c = df([]byte{0}, d.v[:])
	return d
}

// Read is one get_random_number(8·len(p)) call: the output is
// SM3(V) ‖ SM3(V+1) ‖ … truncated, then V = V + SM3(03 ‖ V) + C + rc and
// rc = rc + 1. It never fails.
//
//go:noinline
func (d *DRNG) Read(p []byte) (int, error) {
	calls.drng.Add(1)
	data := d.v
	var blk [32]byte
	for out := p; len(out) > 0; {
		blk = sm3.Sum(data[:])
		n := copy(out, blk[:])
		out = out[n:]
		addInto(&data, []byte{1})
	}
	h := sm3cat([]byte{3}, d.v[:])
	addInto(&d.v, h[:])
	addInto(&d.v, d.c[:])
	var rc [8]byte
	binary.BigEndian.PutUint64(rc[:], d.rc)
	addInto(&d.v, rc[:])
	d.rc++
	return len(p), nil
}

// addInto adds the big-endian number x to v modulo 2^440.
func addInto(v *[seedLen]byte, x []byte) {
	var carry uint16
	for i := 0; i < seedLen; i++ {
		s := uint16(v[seedLen-1-i]) + carry
		if i < len(x) {
			s += uint16(x[len(x)-1-i])
		}
		v[seedLen-1-i] = byte(s)
		carry = s >> 8
	}
}
