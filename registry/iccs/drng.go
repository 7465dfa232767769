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

// df is the derivation function (SP 800-90A §10.3.1, Hash_df): the first
// 55 bytes of SM3(01 ‖ BE32(440) ‖ x) ‖ SM3(02 ‖ BE32(440) ‖ x).
func df(parts ...[]byte) (out [seedLen]byte) {
	var buf [64]byte
	d := getDigest()
	for i := byte(1); i <= 2; i++ {
		hdr := [5]byte{i}
		binary.BigEndian.PutUint32(hdr[1:], seedLen*8)
		d.h.Reset()
		d.write(hdr[:])
		d.write(parts...)
		s := d.final()
		copy(buf[(i-1)*32:], s[:])
	}
	d.put()
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

// drngLanes is the output length, in SM3 blocks, from which Read hashes
// its counter blocks on the lane kernel rather than one by one.
const drngLanes = 2

// Read is one get_random_number(8·len(p)) call: the output is
// SM3(V) ‖ SM3(V+1) ‖ … truncated (SP 800-90A §10.1.1.4, Hashgen), then
// V = V + SM3(03 ‖ V) + C + rc and rc = rc + 1. It never fails.
//
//go:noinline
func (d *DRNG) Read(p []byte) (int, error) {
	calls.drng.Add(1)
	data := d.v
	if useLanes && len(p) >= drngLanes*sm3.Size {
		hashgenLanes(p, &data)
	} else {
		h := getDigest()
		for out := p; len(out) > 0; {
			h.h.Reset()
			h.write(data[:])
			blk := h.final()
			out = out[copy(out, blk[:]):]
			increment(&data)
		}
		h.put()
	}
	hv := sum([]byte{3}, d.v[:])
	addInto(&d.v, hv[:])
	addInto(&d.v, d.c[:])
	var rc [8]byte
	binary.BigEndian.PutUint64(rc[:], d.rc)
	addInto(&d.v, rc[:])
	d.rc++
	return len(p), nil
}

// hashgenLanes writes SM3(data) ‖ SM3(data+1) ‖ … to out sixteen blocks
// at a time. Each message is exactly one block: 55 bytes of data, the
// 0x80 pad byte and the 64-bit length 440.
func hashgenLanes(out []byte, data *[seedLen]byte) {
	l := lanePool.Get().(*lanes)
	defer lanePool.Put(l)
	l.m[14] = [16]uint32{}
	l.m[15] = [16]uint32{seedLen * 8, seedLen * 8, seedLen * 8, seedLen * 8, seedLen * 8, seedLen * 8, seedLen * 8, seedLen * 8,
		seedLen * 8, seedLen * 8, seedLen * 8, seedLen * 8, seedLen * 8, seedLen * 8, seedLen * 8, seedLen * 8}
	for len(out) > 0 {
		for j := range 16 {
			for k := range 13 {
				l.m[k][j] = binary.BigEndian.Uint32(data[4*k:])
			}
			l.m[13][j] = uint32(data[52])<<24 | uint32(data[53])<<16 | uint32(data[54])<<8 | 0x80
			increment(data)
		}
		splat16(&l.dig[0], &iv[0], 8)
		l.compress(len(out), (*[16][16]uint32)(l.m[:16]))
		out = out[l.put(out):]
	}
}

// increment adds one to v modulo 2^440.
func increment(v *[seedLen]byte) {
	for i := seedLen - 1; i >= 0; i-- {
		v[i]++
		if v[i] != 0 {
			return
		}
	}
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
