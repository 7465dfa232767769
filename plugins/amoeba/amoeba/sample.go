package amoeba

import "crucible.dev/registry"

// parseBlock is the pseudoXOF output length Parse draws at a time: 64
// triples of bytes.
const parseBlock = 192

// parse expands ρ into the public matrix Â (spec §5.1), taken directly as
// NTT-domain values. It reproduces the reference's rejection sampler
// exactly, including its second candidate (b1 >> 4) + 256·b2, which is
// accepted only for b2 ≤ 13: the matrix is not uniform, but the KAT is.
func parse(a []int16, rho []byte) {
	// ρ is public by design: it is the public key's seed half, though
	// keygen computes it from the secret seed d and decaps reads it out of
	// the secret key. The rejection sampling's branches and count of tries
	// depend on ρ alone, so the taint check must not take them for leaks.
	registry.Declassify(rho[:seedLen])
	var state [seedLen + 1]byte
	copy(state[:], rho[:seedLen])
	var buf [parseBlock]byte
	i := 0
	for i < len(a) {
		xof(buf[:], state[:])
		state[seedLen]++
		for j := 0; j < parseBlock && i < len(a); j += 3 {
			b0, b1, b2 := uint16(buf[j]), uint16(buf[j+1]), uint16(buf[j+2])
			if x1 := b0 | (b1&0x0f)<<8; x1 < q {
				a[i] = int16(x1)
				i++
			}
			if x2 := b1>>4 + b2<<8; i < len(a) && x2 < q {
				a[i] = int16(x2)
				i++
			}
		}
	}
}

// spread returns x with bit b moved to bit 8b (the low bit of byte b), so
// that eight CBD counters can be summed in one uint64. It is arithmetic, not
// a 256-entry table: x is secret noise, and a table indexed by it is a
// cache-timing channel (the taint check reported spread[x] here).
func spread(x byte) uint64 {
	v := uint64(x)
	v = (v | v<<28) & 0x0000000f0000000f // bits 4…7 to 32…35
	v = (v | v<<14) & 0x0003000300030003 // pairs to 16-bit lanes
	v = (v | v<<7) & 0x0101010101010101  // single bits to byte lanes
	return v
}

// cbd samples a small polynomial of length KN from seed and label (spec
// §5.2): η differences of pseudoXOF bits (LSB-first) give 3·KN/2 centred
// binomial values, and the top third is folded in modulo
// X^KN − X^KN/2 + 1.
//
// Each counter is kept offset by η in one byte lane of a uint64:
// bit(x) − bit(y) + 1 = bit(x) + bit(^y), so the lanes stay in [0, 2η] and
// never carry.
func cbd(f []int16, eta int, seed []byte, label byte, buf []byte) {
	var state [seedLen + 2]byte
	copy(state[:], seed[:seedLen])
	state[seedLen] = label
	nbytes := len(f) * 3 / 16
	var lanes [maxK * n * 3 / 16]uint64
	acc := lanes[:nbytes]
	a1, a2 := buf[:nbytes], buf[nbytes:2*nbytes]
	for range eta {
		xof(a1, state[:])
		state[seedLen+1]++
		xof(a2, state[:])
		state[seedLen+1]++
		a2 := a2[:len(acc)]
		a1 := a1[:len(acc)]
		for k := range acc {
			acc[k] += spread(a1[k]) + spread(^a2[k])
		}
	}
	// Unpack the lanes into the counters F[8k+b] = lane b of acc[k] − η.
	var F [maxK * n * 3 / 2]int16
	cnt := F[:8*nbytes]
	for k, v := range acc {
		o := cnt[8*k : 8*k+8]
		for b := range o {
			o[b] = int16(v>>(8*b)&0xff) - int16(eta)
		}
	}
	third := len(cnt) / 3
	lo, mid, hi := cnt[:third], cnt[third:2*third], cnt[2*third:]
	f = f[:2*third]
	for i, e := range hi {
		f[i] = lo[i] - e
		f[i+third] = mid[i] + e
	}
}
