package amoeba

import "math/bits"

// The message code of hamming.c (spec §6): the extended Hamming code of
// length 1023 with r = 10 check bits, shortened to 512 data bits, plus an
// overall parity bit: [523, 512].

// eccCol[j] is column j of the check matrix: the j-th integer in 1…1023
// with at least two bits set. (The weight-one syndromes 2^i belong to the
// check bits: see decodeECC.)
var eccCol [eccL]uint16

func init() {
	j := 0
	for s := 1; s < 1<<eccR && j < eccL; s++ {
		if bits.OnesCount(uint(s)) > 1 {
			eccCol[j] = uint16(s)
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

// syndrome is codeword c's syndrome (the XOR of the columns of its set
// data bits and its check bits) and its overall parity, computed without
// a branch on c.
func syndrome(c *[eccN]byte) (s uint16, parity byte) {
	for j := range eccL {
		s ^= eccCol[j] & -uint16(c[j])
		parity ^= c[j]
	}
	for r := range eccR {
		s ^= uint16(c[eccL+r]) << r
		parity ^= c[eccL+r]
	}
	return s, parity ^ c[eccL+eccR]
}

// decodeECC corrects at most one error in c and writes the message bits
// into msg, LSB-first. It returns 1 when it could, and 0 for the
// reference's status 2, which makes decapsulation fail (msg then holds no
// meaningful message). The verdict is an int, not a bool, so that the
// caller can turn it into a mask without a branch.
//
// The reference's table maps the syndrome 2^i to position 512 + 2^i − 1,
// which is the check bit i only for i ≤ 1; for i = 2, 3 it flips another
// check bit and the data is still right; for i ≥ 4 it writes past the end
// of its 523-byte buffer (undefined behaviour, an abort under a stack
// protector). This port treats those positions as uncorrectable (status 2),
// as spec §6 prescribes, and never writes out of bounds.
//
// c is the decrypted codeword, so the syndrome and every decision taken
// from it are secret: the port neither branches on them nor indexes a
// table with them (eccPos[s] and the test s ≠ 0 were both reported by the
// taint check). Each data position compares its column with s under a
// mask instead, which costs eccL comparisons the table did not.
func decodeECC(msg []byte, c *[eccN]byte) int {
	s, parity := syndrome(c)
	for i := range msgLen {
		msg[i] = 0
	}
	// found is 1 when s names a position the reference corrects: a data
	// column (flipped below), or check bit 0…3's syndrome 1, 2, 4, 8, whose
	// correction touches check bits only and leaves the data as it is.
	var found uint16
	for j := range eccL {
		hit := eq16(eccCol[j], s)
		found |= hit
		msg[j>>3] |= (c[j] ^ byte(hit)) << (j & 7)
	}
	found |= eq16(s, 1) | eq16(s, 2) | eq16(s, 4) | eq16(s, 8)
	// A correctable word has s = 0, or s ≠ 0 with odd parity (flipping one
	// bit toggles the overall parity, so the corrected word is even).
	zero := eq16(s, 0)
	return int(zero | (found & uint16(parity&1)))
}

// eq16 returns 1 when a == b and 0 otherwise, without a branch:
// a ^ b − 1 borrows out of the low 16 bits exactly when a ^ b is zero.
func eq16(a, b uint16) uint16 {
	return uint16((uint32(a^b) - 1) >> 31)
}
