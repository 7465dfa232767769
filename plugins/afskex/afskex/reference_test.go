package afskex

// Definitions as the reference states them, which the faster code of the
// package is checked against: the NTT-domain products of Appendix A
// (Karatsuba basemul with int16 stores, summed in int16, then Barrett) and
// the recursive BW32 decoder of §4.4.2.

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

// basemulAccLiteral is polyvec_basemul_acc_montgomery as the reference
// computes it.
func (p *Params) basemulAccLiteral(r []int16, a, b *polyVec) {
	var t poly
	n := p.n
	mul := basemul256
	if n == 512 {
		mul = basemul512
	}
	mul(r, a[0][:n], b[0][:n])
	for j := 1; j < p.k; j++ {
		mul(t[:n], a[j][:n], b[j][:n])
		polyAdd(r, r, t[:n])
	}
	polyReduce(r)
}

// bdd is BDD_n for any n = len(t), a power of two, written as the
// reference's commented-out BDD_recursive: the definition bdd32 unrolls.
func bdd(w, t []int16) {
	n := len(t)
	if n == 2 {
		w[0], w[1] = bddRound(t[0]), bddRound(t[1])
		return
	}
	h := n / 2
	var y1, y2, z1, z2, tmp [16]int16
	bdd(y1[:h], t[:h])
	bdd(y2[:h], t[h:])
	vecSubPhiInv(tmp[:h], t[h:], y1[:h])
	bdd(z1[:h], tmp[:h])
	vecSubPhiInv(tmp[:h], t[:h], y2[:h])
	bdd(z2[:h], tmp[:h])
	bddSelect(w, t, y1[:h], y2[:h], z1[:h], z2[:h])
}
