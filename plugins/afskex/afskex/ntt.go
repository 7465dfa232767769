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
