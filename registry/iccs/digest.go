package iccs

import (
	"encoding"
	"encoding/binary"
	"hash"
	"sync"

	"github.com/emmansun/gmsm/sm3"
)

// digest is a reusable gmsm SM3 state with its own output, state and
// input buffers. Whatever is passed to a hash.Hash method escapes to the
// heap, so every input is copied through buf first: the helpers then leave
// their callers' stack buffers on the stack and allocate nothing once the
// pool is warm.
//
// The state's marshalling interfaces are asserted once, when the digest is
// made: an interface-to-interface assertion on every call goes through the
// runtime's assertion cache, hashed with a seed drawn per process, so the
// instructions it costs change from run to run (0.85% of Amoeba512's key
// generation under callgrind), which an exact instruction count must not.
type digest struct {
	h     hash.Hash
	un    encoding.BinaryUnmarshaler
	ap    encoding.BinaryAppender
	sum   [sm3.Size]byte
	state [marshaledSize]byte
	buf   [1024]byte
}

// marshaledSize is the length of gmsm's marshalled SM3 state:
// "sm3\x03", the eight chaining words, the 64-byte buffer, the length.
const marshaledSize = 4 + 32 + 64 + 8

var digests = sync.Pool{New: func() any {
	h := sm3.New()
	return &digest{h: h, un: h.(encoding.BinaryUnmarshaler), ap: h.(encoding.BinaryAppender)}
}}

func getDigest() *digest { return digests.Get().(*digest) }

func (d *digest) put() { digests.Put(d) }

// write absorbs the parts in order.
func (d *digest) write(parts ...[]byte) {
	for _, p := range parts {
		for len(p) > 0 {
			n := copy(d.buf[:], p)
			d.h.Write(d.buf[:n])
			p = p[n:]
		}
	}
}

// final returns the digest of what was written.
func (d *digest) final() [sm3.Size]byte {
	d.h.Sum(d.sum[:0])
	return d.sum
}

// chain returns the chaining value after the whole blocks written so far.
func (d *digest) chain() (v [8]uint32) {
	b, _ := d.ap.AppendBinary(d.state[:0])
	for i := range v {
		v[i] = binary.BigEndian.Uint32(b[4+4*i:])
	}
	return v
}

// load restores a state saved with save.
func (d *digest) load(s *[marshaledSize]byte) {
	d.state = *s
	if err := d.un.UnmarshalBinary(d.state[:]); err != nil {
		panic("iccs: " + err.Error())
	}
}

// save returns the marshalled state.
func (d *digest) save() (s [marshaledSize]byte) {
	d.ap.AppendBinary(d.state[:0])
	return d.state
}

// sum is SM3 of the concatenated parts.
func sum(parts ...[]byte) [sm3.Size]byte {
	d := getDigest()
	d.h.Reset()
	d.write(parts...)
	out := d.final()
	d.put()
	return out
}
