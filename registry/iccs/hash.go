package iccs

import (
	"encoding/binary"

	"github.com/emmansun/gmsm/sm3"
)

// SM3 is sm3hash(256, msg): the GB/T 32905 digest.
//
//go:noinline
func SM3(msg []byte) [32]byte {
	calls.sm3.Add(1)
	return sm3.Sum(msg)
}

// PseudoXOF fills out with pseudoXOF(8·len(out), msg): the GB/T 32918.4
// §5.4.3 KDF, SM3(msg ‖ BE32(1)) ‖ SM3(msg ‖ BE32(2)) ‖ … truncated.
//
//go:noinline
func PseudoXOF(out, msg []byte) {
	calls.xof.Add(1)
	pseudoXOF(out, msg, 1)
}

// pseudoXOF writes the counter blocks from counter ctr on.
func pseudoXOF(out, msg []byte, ctr uint32) {
	h := sm3.New()
	var c [4]byte
	var d [32]byte
	for len(out) > 0 {
		h.Reset()
		h.Write(msg)
		binary.BigEndian.PutUint32(c[:], ctr)
		h.Write(c[:])
		n := copy(out, h.Sum(d[:0]))
		out = out[n:]
		ctr++
	}
}
