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
	return sum(msg)
}

// PseudoXOF fills out with pseudoXOF(8·len(out), msg): the GB/T 32918.4
// §5.4.3 KDF, SM3(msg ‖ BE32(1)) ‖ SM3(msg ‖ BE32(2)) ‖ … truncated.
//
//go:noinline
func PseudoXOF(out, msg []byte) {
	calls.xof.Add(1)
	pseudoXOF(out, msg, 1)
}

// pseudoXOF writes the counter blocks from counter ctr on. The blocks are
// independent, so they go sixteen at a time through the lane kernel where
// there is one; the 32-bit counter wraps as the reference's does.
func pseudoXOF(out, msg []byte, ctr uint32) {
	if len(out) == 0 {
		return
	}
	// One block costs one compression either way; from two on the lanes
	// win (one 16-lane call costs about one scalar compression).
	if useLanes && len(out) > sm3.Size {
		xofLanes(out, msg, ctr)
		return
	}
	// Without lanes, blocks go one by one. A message of a block or more is
	// absorbed once and its state restored for each counter; a shorter one
	// costs less to absorb again than to restore.
	// Both keep what they need of msg before out is written, so out may
	// overlap msg.
	d := getDigest()
	d.h.Reset()
	d.write(msg)
	long := len(msg) >= sm3.BlockSize && len(out) > sm3.Size
	var mid [marshaledSize]byte
	var short [sm3.BlockSize]byte
	if long {
		mid = d.save()
	} else {
		msg = short[:copy(short[:], msg)]
	}
	var c [4]byte
	for first := true; len(out) > 0; first = false {
		switch {
		case first:
		case long:
			d.load(&mid)
		default:
			d.h.Reset()
			d.write(msg)
		}
		binary.BigEndian.PutUint32(c[:], ctr)
		d.write(c[:])
		blk := d.final()
		out = out[copy(out, blk[:]):]
		ctr++
	}
	d.put()
}
