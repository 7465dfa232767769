package afskex

// zetas[i] = 17^bitrev7(i) · 2^16 mod q, centred: the powers of the 256th
// root of unity 17 in bit-reversed order, in Montgomery form (§4.1). Both
// ring degrees use the same 128 entries.
var zetas [128]int16

func init() {
	const zeta = 17
	var pow [128]int32 // 17^i mod q
	pow[0] = 1
	for i := 1; i < 128; i++ {
		pow[i] = pow[i-1] * zeta % q
	}
	for i := range zetas {
		r := 0
		for b := 0; b < 7; b++ {
			r |= (i >> b & 1) << (6 - b)
		}
		z := pow[r] * (1 << 16) % q
		if z > q/2 {
			z -= q
		}
		zetas[i] = int16(z)
	}
}

// ntt is the forward transform of §4.1 with the reduction schedule of
// Appendix A: 7 layers in place, down to degree-2 blocks at N = 256 and
// degree-4 blocks at N = 512, then a Barrett reduction of every output.
func ntt(f []int16) {
	n := len(f)
	k := 1
	for l := n / 2; l >= n/128; l >>= 1 {
		// At N = 512 the reference bounds growth by reducing both
		// outputs of the layers len = 32 and 16.
		reduce := n == 512 && (l == 32 || l == 16)
		for start := 0; start < n; start += 2 * l {
			z := zetas[k]
			k++
			a, b := f[start:start+l], f[start+l:start+2*l]
			b = b[:len(a)]
			if reduce {
				for j := range a {
					t := fqmul(z, b[j])
					b[j] = barrettReduce(a[j] - t)
					a[j] = barrettReduce(a[j] + t)
				}
				continue
			}
			for j := range a {
				t := fqmul(z, b[j])
				b[j] = a[j] - t
				a[j] = a[j] + t
			}
		}
	}
	for i := range f {
		f[i] = barrettReduce(f[i])
	}
}

// invNTT is the inverse transform of §4.1 (Gentleman–Sande, Appendix A),
// followed by the multiplication by 128^-1·2^16 that also returns the
// Montgomery-scaled products of basemul to normal form.
func invNTT(f []int16) {
	n := len(f)
	k := 127
	for l := n / 128; l <= n/2; l <<= 1 {
		for start := 0; start < n; start += 2 * l {
			z := zetas[k]
			k--
			a, b := f[start:start+l], f[start+l:start+2*l]
			b = b[:len(a)]
			for j := range a {
				t := a[j]
				a[j] = barrettReduce(t + b[j])
				b[j] = fqmul(z, b[j]-t)
			}
		}
	}
	for i := range f {
		f[i] = fqmul(f[i], fInv)
	}
}

// basemul256 multiplies a and b in the NTT domain of N = 256: 64 groups of
// two degree-1 residues, mod X²−ζ and X²+ζ, with Karatsuba (Appendix A).
func basemul256(r, a, b []int16) {
	for i, z := range zetas[64:] {
		r, a, b := (*[4]int16)(r[4*i:]), (*[4]int16)(a[4*i:]), (*[4]int16)(b[4*i:])
		basemul2((*[2]int16)(r[:2]), (*[2]int16)(a[:2]), (*[2]int16)(b[:2]), z)
		basemul2((*[2]int16)(r[2:]), (*[2]int16)(a[2:]), (*[2]int16)(b[2:]), -z)
	}
}

func basemul2(r, a, b *[2]int16, z int16) {
	a0, a1, b0, b1 := a[0], a[1], b[0], b[1]
	d0 := fqmul(a0, b0)
	d1 := fqmul(a1, b1)
	r[0] = fqmul(d1, z) + d0
	r[1] = fqmul(a0+a1, b0+b1) - d0 - d1
}

// basemul512 multiplies in the NTT domain of N = 512: 64 groups of two
// degree-3 residues, mod X⁴−ζ and X⁴+ζ, with the reference's Karatsuba
// variant and a Barrett reduction of each output (Appendix A).
func basemul512(r, a, b []int16) {
	for i, z := range zetas[64:] {
		r, a, b := (*[8]int16)(r[8*i:]), (*[8]int16)(a[8*i:]), (*[8]int16)(b[8*i:])
		basemul4((*[4]int16)(r[:4]), (*[4]int16)(a[:4]), (*[4]int16)(b[:4]), z)
		basemul4((*[4]int16)(r[4:]), (*[4]int16)(a[4:]), (*[4]int16)(b[4:]), -z)
	}
}

func basemul4(r, a, b *[4]int16, z int16) {
	a0, a1, a2, a3 := a[0], a[1], a[2], a[3]
	b0, b1, b2, b3 := b[0], b[1], b[2], b[3]
	d0, d1, d2, d3 := fqmul(a0, b0), fqmul(a1, b1), fqmul(a2, b2), fqmul(a3, b3)
	// dxy is the cross term a_x·b_y + a_y·b_x.
	d01 := fqmul(a0+a1, b0+b1) - d0 - d1
	d02 := fqmul(a0+a2, b0+b2) - d0 - d2
	d03 := fqmul(a0+a3, b0+b3) - d0 - d3
	d12 := fqmul(a1+a2, b1+b2) - d1 - d2
	d13 := fqmul(a1+a3, b1+b3) - d1 - d3
	d23 := fqmul(a2+a3, b2+b3) - d2 - d3
	r[0] = barrettReduce(d0 + fqmul(d13+d2, z))
	r[1] = barrettReduce(d01 + fqmul(d23, z))
	r[2] = barrettReduce(d02 + d1 + fqmul(d3, z))
	r[3] = barrettReduce(d03 + d12)
}
