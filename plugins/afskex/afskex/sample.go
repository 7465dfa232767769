package afskex

import (
	"math/bits"

	"crucible.dev/registry"
	"crucible.dev/registry/iccs"
)

// xofBlock is the granularity in which the reference squeezes the matrix
// XOF (§4.3). pseudoXOF is prefix-stable, so parsing one stream of the
// reference's initial length, extended when it runs short, reads exactly
// the bytes the reference reads.
const xofBlock = 168

// sampleUniform parses the matrix entry whose XOF input is ρ ‖ x ‖ y into
// f by rejection sampling of 12-bit candidates (§4.3).
func (p *Params) sampleUniform(f []int16, rho []byte, x, y byte) {
	var in [maxS + 2]byte
	m := copy(in[:], rho)
	in[m], in[m+1] = x, y
	seed := in[:m+2]

	// The reference starts with 3 blocks at N = 256 and 6 at N = 512;
	// more are needed in well under 1% of entries.
	var stack [12 * xofBlock]byte
	l := 3 * xofBlock * p.n / 256
	buf := stack[:l]
	iccs.PseudoXOF(buf, seed)
	ctr, off := 0, 0
	for ctr < len(f) {
		if off+3 > len(buf) {
			l += xofBlock
			if l <= len(stack) {
				buf = stack[:l]
			} else {
				buf = make([]byte, l)
			}
			iccs.PseudoXOF(buf, seed)
		}
		c := (*[3]byte)(buf[off:])
		b0, b1, b2 := uint16(c[0]), uint16(c[1]), uint16(c[2])
		off += 3
		d1 := b0 | (b1&0x0F)<<8
		d2 := b1>>4 | b2<<4
		if d1 < q {
			f[ctr] = int16(d1)
			ctr++
		}
		if d2 < q && ctr < len(f) {
			f[ctr] = int16(d2)
			ctr++
		}
	}
}

// genMatrix builds A from ρ (§4.3): entry (i, j) from the stream of
// ρ ‖ j ‖ i, or of ρ ‖ i ‖ j for the transpose that Enc uses.
func (p *Params) genMatrix(a *[maxK]polyVec, rho []byte, transposed bool) {
	// ρ is public by design (it is sent as part of the public key), though
	// init draws it from the secret randomness: sampleUniform's rejection
	// branches depend on ρ alone, so they are no leak.
	registry.Declassify(rho)
	for i := 0; i < p.k; i++ {
		for j := 0; j < p.k; j++ {
			if transposed {
				p.sampleUniform(a[i][j][:p.n], rho, byte(i), byte(j))
			} else {
				p.sampleUniform(a[i][j][:p.n], rho, byte(j), byte(i))
			}
		}
	}
}

// sampleNoise sets f to CBD_η(PRF(σ, nonce)) (§4.3): coefficient i is the
// weight of bits 2ηi … 2ηi+η−1 of pseudoXOF(σ ‖ nonce) minus the weight of
// the η bits after them, in little-endian bit order.
func (p *Params) sampleNoise(f []int16, sigma []byte, nonce byte, eta int) {
	var in [maxS + 1]byte
	m := copy(in[:], sigma)
	in[m] = nonce
	// η·N/4 bytes, at most 6·256/4 = 384 or 2·512/4 = 256, plus two bytes
	// of slack for the three-byte window below.
	var stack [384 + 2]byte
	buf := stack[:eta*len(f)/4]
	iccs.PseudoXOF(buf, in[:m+1])
	buf = stack[:len(buf)+2]
	switch eta {
	case 2:
		// Two coefficients per byte: the pair sums of a byte's bits.
		for i := 0; i+1 < len(f); i += 2 {
			b := uint32(buf[i/2])
			d := b&0x55 + b>>1&0x55
			c := (*[2]int16)(f[i:])
			c[0] = int16(d&3) - int16(d>>2&3)
			c[1] = int16(d>>4&3) - int16(d>>6&3)
		}
	case 3:
		// Four coefficients per three bytes: the triple sums of 24 bits.
		for i := 0; i+3 < len(f); i += 4 {
			x := (*[3]byte)(buf[i/4*3:])
			t := uint32(x[0]) | uint32(x[1])<<8 | uint32(x[2])<<16
			d := t&0x249249 + t>>1&0x249249 + t>>2&0x249249
			c := (*[4]int16)(f[i:])
			for j := range c {
				c[j] = int16(d>>(6*j)&7) - int16(d>>(6*j+3)&7)
			}
		}
	case 5:
		// Four coefficients per five bytes: 5-bit weights of 40 bits.
		for i := 0; i+3 < len(f); i += 4 {
			x := (*[5]byte)(buf[i/4*5:])
			w := uint64(x[0]) | uint64(x[1])<<8 | uint64(x[2])<<16 | uint64(x[3])<<24 | uint64(x[4])<<32
			c := (*[4]int16)(f[i:])
			for j := range c {
				c[j] = int16(bits.OnesCount64(w>>(10*j)&31) - bits.OnesCount64(w>>(10*j+5)&31))
			}
		}
	case 6:
		// Two coefficients per three bytes: 3-bit weights of 24 bits.
		for i := 0; i+1 < len(f); i += 2 {
			x := (*[3]byte)(buf[i/2*3:])
			t := uint32(x[0]) | uint32(x[1])<<8 | uint32(x[2])<<16
			d := t&0x249249 + t>>1&0x249249 + t>>2&0x249249
			c := (*[2]int16)(f[i:])
			c[0] = int16(d&7+d>>3&7) - int16(d>>6&7+d>>9&7)
			c[1] = int16(d>>12&7+d>>15&7) - int16(d>>18&7+d>>21&7)
		}
	default:
		mask := uint32(1)<<eta - 1
		for i := range f {
			o := 2 * eta * i
			c := (*[3]byte)(buf[o/8:])
			w := (uint32(c[0]) | uint32(c[1])<<8 | uint32(c[2])<<16) >> (o % 8)
			f[i] = int16(bits.OnesCount32(w&mask) - bits.OnesCount32(w>>eta&mask))
		}
	}
}
