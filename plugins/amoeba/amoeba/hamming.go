package amoeba

import "math/bits"

// The message code of hamming.c (spec §6): the extended Hamming code of
// length 1023 with r = 10 check bits, shortened to 512 data bits, plus an
// overall parity bit: [523, 512].

var (
	// eccCol[j] is column j of the check matrix: the j-th integer in
	// 1…1023 with at least two bits set.
	eccCol [eccL]uint16
	// eccPos maps a nonzero syndrome to the codeword position it blames,
	// or -1. Weight-one syndromes 2^i blame position 512 + 2^i − 1, as the
	// reference's table does (see decodeECC).
	eccPos [1 << eccR]int16
)

func init() {
	for s := range eccPos {
		eccPos[s] = -1
	}
	j := 0
	for s := 1; s < 1<<eccR; s++ {
		if bits.OnesCount(uint(s)) == 1 {
			eccPos[s] = int16(eccL + s - 1)
			continue
		}
		if j < eccL {
			eccCol[j] = uint16(s)
			eccPos[s] = int16(j)
			j++
		}
	}
}

// encodeECC writes the codeword of msg, one bit per byte: the 512 message
// bits LSB-first, the 10 check bits, the overall parity.
func encodeECC(c *[eccN]byte, msg []byte) {
	var check uint16
	var parity byte
	for j := range eccL {
		b := msg[j>>3] >> (j & 7) & 1
		c[j] = b
		check ^= eccCol[j] & -uint16(b)
		parity ^= b
	}
	for r := range eccR {
		b := byte(check >> r & 1)
		c[eccL+r] = b
		parity ^= b
	}
	c[eccL+eccR] = parity
}

// decodeECC corrects at most one error in c and writes the message bits
// into msg, LSB-first. It reports false for the reference's status 2,
// which makes decapsulation fail.
//
// The reference's table maps the syndrome 2^i to position 512 + 2^i − 1,
// which is the check bit i only for i ≤ 1; for i = 2, 3 it flips another
// check bit and the data is still right; for i ≥ 4 it writes past the end
// of its 523-byte buffer (undefined behaviour, an abort under a stack
// protector). This port treats those positions as uncorrectable (status 2),
// as spec §6 prescribes, and never writes out of bounds.
func decodeECC(msg []byte, c *[eccN]byte) bool {
	var s uint16
	var parity byte
	for j := range eccL {
		s ^= eccCol[j] & -uint16(c[j])
		parity ^= c[j]
	}
	for r := range eccR {
		s ^= uint16(c[eccL+r]) << r
		parity ^= c[eccL+r]
	}
	parity ^= c[eccL+eccR]
	flip := -1
	if s != 0 {
		pos := int(eccPos[s])
		// Flipping one bit toggles the overall parity, so the corrected
		// word has even parity exactly when parity was odd.
		if pos < 0 || pos >= eccN || parity == 0 {
			return false
		}
		flip = pos
	}
	for i := range msgLen {
		msg[i] = 0
	}
	for j := range eccL {
		b := c[j]
		if j == flip {
			b ^= 1
		}
		msg[j>>3] |= b << (j & 7)
	}
	return true
}
