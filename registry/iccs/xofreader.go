package iccs

import "github.com/emmansun/gmsm/sm3"

// XOFReader yields the pseudoXOF stream of one message incrementally:
// reading n bytes and then m more gives the first n+m bytes of
// pseudoXOF(msg), which both NGCC ports rely on when a rejection sampler
// runs short and the reference recomputes a longer prefix. Blocks are
// produced sixteen at a time, so a sampler that reads 168 bytes at once
// costs no more than one call for the whole stream.
type XOFReader struct {
	msg []byte
	ctr uint32 // counter of the next block to produce
	buf [16 * sm3.Size]byte
	off int // unread bytes start at buf[off:]
}

// NewXOFReader returns a reader of pseudoXOF(msg). It keeps msg, which
// must not change while the reader is used. Creating one counts as one
// pseudoXOF call.
func NewXOFReader(msg []byte) *XOFReader {
	x := &XOFReader{}
	x.Reset(msg)
	return x
}

// Reset restarts the reader on a new message without allocating, and
// counts as one pseudoXOF call.
//
//go:noinline
func (x *XOFReader) Reset(msg []byte) {
	calls.xof.Add(1)
	x.msg, x.ctr, x.off = msg, 1, len(x.buf)
}

// Read fills p with the next len(p) bytes of the stream. It never fails.
func (x *XOFReader) Read(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		if x.off == len(x.buf) {
			if len(p) >= len(x.buf) {
				// Whole refills go straight to p.
				k := len(p) &^ (len(x.buf) - 1)
				pseudoXOF(p[:k], x.msg, x.ctr)
				x.ctr += uint32(k / sm3.Size)
				p = p[k:]
				continue
			}
			pseudoXOF(x.buf[:], x.msg, x.ctr)
			x.ctr += uint32(len(x.buf) / sm3.Size)
			x.off = 0
		}
		c := copy(p, x.buf[x.off:])
		x.off += c
		p = p[c:]
	}
	return n, nil
}
