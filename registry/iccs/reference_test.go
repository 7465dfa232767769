package iccs

import (
	"encoding/binary"

	"github.com/emmansun/gmsm/sm3"
)

// The straightforward definitions, one SM3 per block, that the fast paths
// are checked and measured against.

// refXOF is pseudoXOF by its definition: SM3(msg ‖ BE32(ctr)) for each
// counter from ctr on, concatenated and truncated.
func refXOF(out, msg []byte, ctr uint32) {
	var c [4]byte
	for len(out) > 0 {
		h := sm3.New()
		h.Write(msg)
		binary.BigEndian.PutUint32(c[:], ctr)
		h.Write(c[:])
		out = out[copy(out, h.Sum(nil)):]
		ctr++
	}
}

// refHashgen is SM3(data) ‖ SM3(data+1) ‖ … truncated to len(out).
func refHashgen(out []byte, data [seedLen]byte) {
	for len(out) > 0 {
		s := sm3.Sum(data[:])
		out = out[copy(out, s[:]):]
		addInto(&data, []byte{1})
	}
}

// refBlock16 is the SM3 compression function (GB/T 32905 §5.3) applied to
// each lane in turn.
func refBlock16(dig *[8][16]uint32, m *[16][16]uint32) {
	rotl := func(x uint32, n int) uint32 { n %= 32; return x<<n | x>>(32-n) }
	p0 := func(x uint32) uint32 { return x ^ rotl(x, 9) ^ rotl(x, 17) }
	p1 := func(x uint32) uint32 { return x ^ rotl(x, 15) ^ rotl(x, 23) }
	for l := range 16 {
		var w [68]uint32
		for j := range 16 {
			w[j] = m[j][l]
		}
		for j := 16; j < 68; j++ {
			w[j] = p1(w[j-16]^w[j-9]^rotl(w[j-3], 15)) ^ rotl(w[j-13], 7) ^ w[j-6]
		}
		var v [8]uint32
		for i := range 8 {
			v[i] = dig[i][l]
		}
		a, b, c, d, e, f, g, h := v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]
		for j := range 64 {
			t, ff, gg := uint32(0x79cc4519), a^b^c, e^f^g
			if j >= 16 {
				t, ff, gg = 0x7a879d8a, (a&b)|(a&c)|(b&c), (e&f)|(^e&g)
			}
			ss1 := rotl(rotl(a, 12)+e+rotl(t, j), 7)
			ss2 := ss1 ^ rotl(a, 12)
			tt1 := ff + d + ss2 + (w[j] ^ w[j+4])
			tt2 := gg + h + ss1 + w[j]
			d, c, b, a = c, rotl(b, 9), a, tt1
			h, g, f, e = g, rotl(f, 19), e, p0(tt2)
		}
		for i, x := range [8]uint32{a, b, c, d, e, f, g, h} {
			dig[i][l] = v[i] ^ x
		}
	}
}

// refDRNG is the DRNG by its definition (drng.c, SOURCE.md), one SM3 at a
// time, sharing nothing with DRNG but addInto.
type refDRNG struct {
	v, c [seedLen]byte
	rc   uint64
}

func refDF(x []byte) (out [seedLen]byte) {
	var buf []byte
	for i := byte(1); i <= 2; i++ {
		h := sm3.New()
		h.Write([]byte{i, 0, 0, 440 >> 8, 440 & 0xff})
		h.Write(x)
		buf = h.Sum(buf)
	}
	copy(out[:], buf)
	return out
}

func newRefDRNG(seed []byte) *refDRNG {
	d := &refDRNG{rc: 1}
	d.v = refDF(seed)
	d.c = refDF(append([]byte{0}, d.v[:]...))
	return d
}

func (d *refDRNG) read(p []byte) {
	refHashgen(p, d.v)
	h := sm3.Sum(append([]byte{3}, d.v[:]...))
	addInto(&d.v, h[:])
	addInto(&d.v, d.c[:])
	addInto(&d.v, binary.BigEndian.AppendUint64(nil, d.rc))
	d.rc++
}
