package iccs

import (
	"encoding/binary"
	"sync"

	"github.com/emmansun/gmsm/sm3"
)

// xofLanes is pseudoXOF on the lane kernel. The message's whole blocks are
// hashed once; every counter block then shares that chaining value and a
// final part tail ‖ BE32(ctr) ‖ padding (one block, or two when the tail
// is longer than 51 bytes), in which only the one or two words holding the
// counter differ between lanes.
func xofLanes(out, msg []byte, ctr uint32) {
	whole := len(msg) &^ (sm3.BlockSize - 1)
	iv := chainOf(msg[:whole])
	tail := msg[whole:]
	nb := 1
	if len(tail)+4+9 > sm3.BlockSize {
		nb = 2
	}
	var t [2 * sm3.BlockSize]byte
	copy(t[:], tail)
	t[len(tail)+4] = 0x80
	binary.BigEndian.PutUint64(t[nb*sm3.BlockSize-8:], uint64(len(msg)+4)*8)

	l := lanePool.Get().(*lanes)
	defer lanePool.Put(l)
	var tw [32]uint32
	for k := range tw {
		tw[k] = binary.BigEndian.Uint32(t[4*k:])
	}
	splat16(&l.m[0], &tw[0], 16*nb)
	// The counter occupies bytes o..o+3: the low bytes of word k0 from bit
	// offset s, and the high bytes of word k0+1 when s is not zero.
	o := len(tail)
	k0, s := o/4, uint(o%4)*8
	w0, w1 := tw[k0], tw[k0+1]
	for len(out) > 0 {
		for j := range 16 {
			c := ctr + uint32(j)
			l.m[k0][j] = w0 | c>>s
			if s != 0 {
				l.m[k0+1][j] = w1 | c<<(32-s)
			}
		}
		splat16(&l.dig[0], &iv[0], 8)
		l.compress(len(out), (*[16][16]uint32)(l.m[:16]))
		if nb == 2 {
			l.compress(len(out), (*[16][16]uint32)(l.m[16:]))
		}
		out = out[l.put(out):]
		ctr += 16
	}
}

// lanes is the working memory of the lane kernel: 16 states and up to two
// message blocks for each lane. It is pooled rather than declared on the
// stack: zeroing 2.5 KB per call cost a sixth of a 16-block pseudoXOF.
type lanes struct {
	dig [8][16]uint32
	m   [32][16]uint32
}

var lanePool = sync.Pool{New: func() any { return new(lanes) }}

// compress runs one message block through the lanes, on eight of them
// when the n bytes still wanted fit in eight digests.
func (l *lanes) compress(n int, m *[16][16]uint32) {
	if n <= 8*sm3.Size {
		block8(&l.dig, m)
	} else {
		block16(&l.dig, m)
	}
}

// put writes the lanes' digests in lane order to out, as far as it
// reaches, and returns how many bytes it wrote.
func (l *lanes) put(out []byte) int {
	if len(out) >= 16*sm3.Size {
		for j := range 16 {
			o := out[sm3.Size*j : sm3.Size*j+sm3.Size]
			for i := range 8 {
				binary.BigEndian.PutUint32(o[4*i:], l.dig[i][j])
			}
		}
		return 16 * sm3.Size
	}
	var buf [16 * sm3.Size]byte
	lanesNeeded := (len(out) + sm3.Size - 1) / sm3.Size
	for j := range lanesNeeded {
		for i := range 8 {
			binary.BigEndian.PutUint32(buf[sm3.Size*j+4*i:], l.dig[i][j])
		}
	}
	return copy(out, buf[:])
}

// iv is the SM3 initial value (GB/T 32905 §4.1).
var iv = [8]uint32{0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600, 0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e}

// chainOf returns the chaining value after the whole blocks of msg.
func chainOf(msg []byte) [8]uint32 {
	if len(msg) == 0 {
		return iv
	}
	d := getDigest()
	d.h.Reset()
	d.write(msg)
	v := d.chain()
	d.put()
	return v
}
