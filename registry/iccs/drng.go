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

// Read is one get_random_number(8·len(p)) call: the output is
// SM3(V) ‖ SM3(V+1) ‖ … truncated (SP 800-90A §10.1.1.4, Hashgen), then
// V = V + SM3(03 ‖ V) + C + rc and rc = rc + 1. It never fails.
//
//go:noinline
func (d *DRNG) Read(p []byte) (int, error) {
	calls.drng.Add(1)
	data := d.v
	var hv [sm3.Size]byte
	switch {
	case useLanes && len(p) <= 15*sm3.Size:
		hv = d.generateLanes(p)
	case useLanes:
		hashgenLanes(p, &data)
		hv = sum([]byte{3}, d.v[:])
	default:
		h := getDigest()
		for out := p; len(out) > 0; {
			h.h.Reset()
			h.write(data[:])
			blk := h.final()
			out = out[copy(out, blk[:]):]
			increment(&data)
		}
		h.put()
		hv = sum([]byte{3}, d.v[:])
	}
	addInto(&d.v, hv[:])
	addInto(&d.v, d.c[:])
	var rc [8]byte
	binary.BigEndian.PutUint64(rc[:], d.rc)
	addInto(&d.v, rc[:])
	d.rc++
	return len(p), nil
}

// generateLanes writes the output blocks of a Read of at most fifteen
// blocks and returns SM3(03 ‖ V), the state update's hash, computed in the
// next lane: the update does not depend on the output, so one kernel call
// does both, and a second finishes the update's padding block
// (03 ‖ V is 56 bytes, so its length field needs a block of its own).
func (d *DRNG) generateLanes(p []byte) (hv [sm3.Size]byte) {
	l := lanePool.Get().(*lanes)
	defer lanePool.Put(l)
	data := d.v
	n := (len(p) + sm3.Size - 1) / sm3.Size // output lanes; lane n updates
	for j := range n {
		setSeedBlock(l, j, &data)
		increment(&data)
	}
	var blk [sm3.BlockSize]byte
	blk[0] = 3
	copy(blk[1:], d.v[:])
	blk[1+seedLen] = 0x80
	for k := range 16 {
		l.m[k][n] = binary.BigEndian.Uint32(blk[4*k:])
	}
	splat16(&l.dig[0], &iv[0], 8)
	lanesOut := (n + 1) * sm3.Size
	l.compress(lanesOut, (*[16][16]uint32)(l.m[:16]))
	l.put(p)
	for k := range 16 {
		l.m[k][n] = 0
	}
	l.m[15][n] = (1 + seedLen) * 8
	l.compress(lanesOut, (*[16][16]uint32)(l.m[:16]))
	for i := range 8 {
		binary.BigEndian.PutUint32(hv[4*i:], l.dig[i][n])
	}
	return hv
}

// setSeedBlock sets lane j's message to the one padded block of the
// 55-byte data: data, the 0x80 pad byte and the 64-bit length 440.
func setSeedBlock(l *lanes, j int, data *[seedLen]byte) {
	for k := range 13 {
		l.m[k][j] = binary.BigEndian.Uint32(data[4*k:])
	}
	l.m[13][j] = uint32(data[52])<<24 | uint32(data[53])<<16 | uint32(data[54])<<8 | 0x80
	l.m[14][j] = 0
	l.m[15][j] = seedLen * 8
}

// hashgenLanes writes SM3(data) ‖ SM3(data+1) ‖ … to out sixteen blocks
// at a time. Each message is exactly one block: 55 bytes of data, the
// 0x80 pad byte and the 64-bit length 440.
func hashgenLanes(out []byte, data *[seedLen]byte) {
	l := lanePool.Get().(*lanes)
	defer lanePool.Put(l)
	for len(out) > 0 {
		for j := range 16 {
			setSeedBlock(l, j, data)
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
