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

// ntt is the forward transform of §4.1: 7 layers of Cooley–Tukey
// butterflies in place, down to degree-2 blocks at N = 256 and degree-4
// blocks at N = 512, then a Barrett reduction of every output. Its output
// is the centred residue, as the reference's is, which is all the bytes
// depend on. Inputs are below q in magnitude and each layer adds a
// Montgomery product below q, so the coefficients stay below 8q < 2^15
// without the reductions the reference makes inside the N = 512 layers
// len = 32 and 16.
func ntt(f []int16) {
	n := len(f)
	k := 1
	for l := n / 2; l >= n/128; l >>= 1 {
		for start := 0; start < n; start += 2 * l {
			z := zetas[k]
			k++
			a, b := f[start:start+l], f[start+l:start+2*l]
			b = b[:len(a)]
			for j := range a {
				t := fqmul(z, b[j])
				b[j] = a[j] - t
				a[j] = a[j] + t
			}
		}
	}
	polyReduce(f)
}

// invNTT is the inverse transform of §4.1 (Gentleman–Sande), followed by
// the multiplication by 128^-1·2^16 that also returns the Montgomery-scaled
// products of basemul to normal form. Its input is basemulAcc's centred
// output; what it hands on is only ever added to small terms and reduced,
// so any representative below q will do. The reference Barrett-reduces the
// sum of every butterfly; here sums are left to grow, doubling per layer
// from (q−1)/2 to 16·(q−1)/2 = 26624 < 2^15 after four layers (and the
// differences fed to fqmul stay as small), when one pass reduces them all.
func invNTT(f []int16) {
	n := len(f)
	k := 127
	layer := 0
	for l := n / 128; l <= n/2; l <<= 1 {
		for start := 0; start < n; start += 2 * l {
			z := zetas[k]
			k--
			a, b := f[start:start+l], f[start+l:start+2*l]
			b = b[:len(a)]
			for j := range a {
				t := a[j]
				a[j] = t + b[j]
				b[j] = fqmul(z, b[j]-t)
			}
		}
		if layer++; layer == 4 {
			polyReduce(f)
		}
	}
	for i := range f {
		f[i] = fqmul(f[i], fInv)
	}
}
