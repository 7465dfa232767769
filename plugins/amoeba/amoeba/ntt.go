package amoeba

// The 288-point NTT of ntt_2s3t.c (spec §4.4, §4.5) over
// A = Z_q[Y]/(Y^288 − Y^144 + 1), evaluating a block at the 288 primitive
// 864-th roots of unity. Every store into the reference's int16_t is an int16
// conversion here, and every sum the reference forms in int before a store
// is formed in int32, because intermediate values stay unreduced and the KAT
// bytes depend on those exact representatives.
//
// The butterflies of one level are independent of each other, so the order
// in which a level visits its blocks does not change any value. The
// reference walks half 0 then half 1 forward and half 1 then half 0, blocks
// descending, in the inverse, consuming the twiddle tables in that order;
// the schedules below are built at init by replaying exactly those walks
// and recording each block's twiddles by block position, so the transforms
// run in plain ascending order with the reference's twiddles.

// The transform's shape: a split into halves of 144, two radix-3 levels and
// four radix-2 levels per half.
const (
	halfN    = n / 2
	r3Levels = 2
	r2Levels = 4
)

// r3Level is one radix-3 level: block b covers [3mb, 3m(b+1)) and uses
// twiddles z[b] = (z1, z2, z3) and their squares w[b] = int16(mr(z_k²)),
// which the reference recomputes on every call.
type r3Level struct {
	m    int
	z, w [][3]int32
	vec  []montVecs // the same twiddles broadcast for the AVX2 kernels
}

// r2Level is one radix-2 level: block b covers [2mb, 2m(b+1)) and uses
// twiddle z[b].
type r2Level struct {
	m   int
	z   []int32
	vec *r2Vecs // for m = 8 and 4: the twiddles laid out for the AVX2 kernels
}

var (
	fwdR3 [r3Levels]r3Level
	fwdR2 [r2Levels]r2Level
	invR2 [r2Levels]r2Level
	invR3 [r3Levels]r3Level
	// composeZeta is IZ[565], the twiddle of the inverse's final step.
	composeZeta int32
	// splitVecs and composeVecs broadcast FZ[0], and IZ[565] with the
	// final scale, for the AVX2 kernels.
	splitVecs, composeVecs montVecs
)

// square is the radix-3 butterflies' second twiddle, int16(mr(z·z)).
func square(z int32) int32 { return int32(int16(mr(z * z))) }

// buildSchedules replays ForwardNTT's and InverseNTT's loops over the
// twiddle tables (called by the tables' init).
func buildSchedules() {
	p := 2
	cnt, size := 1, halfN
	for l := range fwdR3 {
		lv := &fwdR3[l]
		lv.m = size / 3
		lv.z, lv.w, lv.vec = make([][3]int32, 2*cnt), make([][3]int32, 2*cnt), make([]montVecs, 2*cnt)
		for h := 0; h < n; h += halfN {
			for j := 0; j < cnt; j++ {
				b := (h + j*size) / size
				for k := range 3 {
					z := int32(forwardZetas[p+k])
					lv.z[b][k], lv.w[b][k] = z, square(z)
				}
				lv.vec[b] = r3Vecs(lv.z[b], lv.w[b])
				p += 3
			}
		}
		cnt, size = cnt*3, size/3
	}
	for l := range fwdR2 {
		lv := &fwdR2[l]
		lv.m = size / 2
		lv.z = make([]int32, 2*cnt)
		for h := 0; h < n; h += halfN {
			for j := 0; j < cnt; j++ {
				// The odd entries of FZ belong to the sibling node and are
				// not read by the forward transform.
				lv.z[(h+j*size)/size] = int32(forwardZetas[p])
				p += 2
			}
		}
		cnt, size = cnt*2, size/2
	}

	p = 0
	cnt, size = halfN, 1
	for l := range invR2 {
		cnt, size = cnt/2, size*2
		lv := &invR2[l]
		lv.m = size / 2
		lv.z = make([]int32, 2*cnt)
		for h := halfN; h >= 0; h -= halfN {
			for j := cnt - 1; j >= 0; j-- {
				lv.z[(h+j*size)/size] = int32(inverseZetas[p+1])
				p += 2
			}
		}
	}
	for l := range invR3 {
		cnt, size = cnt/3, size*3
		lv := &invR3[l]
		lv.m = size / 3
		lv.z, lv.w, lv.vec = make([][3]int32, 2*cnt), make([][3]int32, 2*cnt), make([]montVecs, 2*cnt)
		for h := halfN; h >= 0; h -= halfN {
			for j := cnt - 1; j >= 0; j-- {
				// The reference passes (IZ[p+2], IZ[p+1], IZ[p]) as
				// (z1, z2, z3).
				b := (h + j*size) / size
				for k := range 3 {
					z := int32(inverseZetas[p+2-k])
					lv.z[b][k], lv.w[b][k] = z, square(z)
				}
				lv.vec[b] = r3Vecs(lv.z[b], lv.w[b])
				p += 3
			}
		}
	}
	composeZeta = int32(inverseZetas[p+1])
	for _, lv := range []*r2Level{&fwdR2[0], &fwdR2[1], &invR2[2], &invR2[3]} {
		lv.vec = buildR2Vecs(lv)
	}
	splitVecs = broadcast(int32(forwardZetas[0]))
	composeVecs = broadcast(composeZeta, invFactor)
}

// forwardNTT transforms one block in place: the split for Y^144 = ζ6 and
// ζ6^5, two radix-3 levels and four radix-2 levels per half. The output is
// not reduced.
func forwardNTT(f *[n]int16) {
	if useAVX2 {
		splitAVX2(f, &splitVecs)
		for l := range fwdR3 {
			lv := &fwdR3[l]
			for blk := range lv.vec {
				o := blk * 3 * lv.m
				fwdRadix3AVX2(&f[o], &f[o+lv.m], &f[o+2*lv.m], lv.m/16, &lv.vec[blk])
			}
		}
	} else {
		split(f)
		for l := range fwdR3 {
			fwdRadix3(f, &fwdR3[l])
		}
	}
	// Radix 2: (x, y) → (x ± ζy). The last two levels have one and two
	// butterflies per block and are written out.
	first := 0
	if useAVX2 {
		fwdRadix2x8AVX2(f, fwdR2[0].vec)
		fwdRadix2x4AVX2(f, fwdR2[1].vec)
		first = 2
	}
	for l := first; l < r2Levels-2; l++ {
		lv := &fwdR2[l]
		m := lv.m
		for blk, z := range lv.z {
			o := blk * 2 * m
			a := f[o : o+m]
			b := f[o+m : o+2*m][:len(a)]
			for t, x := range a {
				w := int16(mr(z * int32(b[t])))
				a[t] = x + w
				b[t] = x - w
			}
		}
	}
	for blk, z := range fwdR2[r2Levels-2].z {
		g := (*[4]int16)(f[4*blk:])
		w0 := int16(mr(z * int32(g[2])))
		w1 := int16(mr(z * int32(g[3])))
		g[0], g[2] = g[0]+w0, g[0]-w0
		g[1], g[3] = g[1]+w1, g[1]-w1
	}
	for blk, z := range fwdR2[r2Levels-1].z {
		g := (*[2]int16)(f[2*blk:])
		w := int16(mr(z * int32(g[1])))
		g[0], g[1] = g[0]+w, g[0]-w
	}
}

// inverseNTT undoes forwardNTT and scales, returning canonical values in
// [0, q).
func inverseNTT(f *[n]int16) {
	// Radix 2: (x, y) → (x + y, ζ(x − y)); the sum is reduced from its int32
	// value, not from an int16. The first two levels are written out.
	for blk, z := range invR2[0].z {
		g := (*[2]int16)(f[2*blk:])
		x, y := g[0], g[1]
		g[0] = int16(br(int32(x) + int32(y)))
		g[1] = int16(mr(z * int32(x-y)))
	}
	for blk, z := range invR2[1].z {
		g := (*[4]int16)(f[4*blk:])
		x0, x1, y0, y1 := g[0], g[1], g[2], g[3]
		g[0] = int16(br(int32(x0) + int32(y0)))
		g[1] = int16(br(int32(x1) + int32(y1)))
		g[2] = int16(mr(z * int32(x0-y0)))
		g[3] = int16(mr(z * int32(x1-y1)))
	}
	if useAVX2 {
		invRadix2x4AVX2(f, invR2[2].vec)
		invRadix2x8AVX2(f, invR2[3].vec)
	}
	for l := 2; l < r2Levels && !useAVX2; l++ {
		lv := &invR2[l]
		m := lv.m
		for blk, z := range lv.z {
			o := blk * 2 * m
			a := f[o : o+m]
			b := f[o+m : o+2*m][:len(a)]
			for t, x := range a {
				y := b[t]
				a[t] = int16(br(int32(x) + int32(y)))
				b[t] = int16(mr(z * int32(x-y)))
			}
		}
	}
	if useAVX2 {
		for l := range invR3 {
			lv := &invR3[l]
			for blk := range lv.vec {
				o := blk * 3 * lv.m
				invRadix3AVX2(&f[o], &f[o+lv.m], &f[o+2*lv.m], lv.m/16, &lv.vec[blk])
			}
		}
		composeAVX2(f, &composeVecs)
		return
	}
	for l := range invR3 {
		invRadix3(f, &invR3[l])
	}
	compose(f)
}

// split is the forward transform's first step, (X, Y) → (X + ζY, X + Y − ζY)
// with ζ = FZ[0], on the halves of the block.
func split(f *[n]int16) {
	z := int32(forwardZetas[0])
	lo, hi := f[:halfN], f[halfN:]
	for t, x := range lo {
		y := hi[t]
		w := int16(mr(z * int32(y)))
		lo[t] = x + w
		hi[t] = x + y - w
	}
}

// fwdRadix3 is one forward radix-3 level: (a, b, c) → (a + z_k·b + z_k²·c),
// k = 1, 2, 3, each sum formed in int32 and stored as int16.
func fwdRadix3(f *[n]int16, lv *r3Level) {
	m := lv.m
	for blk, zs := range lv.z {
		ws := lv.w[blk]
		z1, z2, z3, w1, w2, w3 := zs[0], zs[1], zs[2], ws[0], ws[1], ws[2]
		o := blk * 3 * m
		a := f[o : o+m]
		b := f[o+m : o+2*m][:len(a)]
		c := f[o+2*m : o+3*m][:len(a)]
		for t := range a {
			x, y, zz := int32(a[t]), int32(b[t]), int32(c[t])
			a[t] = int16(x + mr(z1*y) + mr(w1*zz))
			b[t] = int16(x + mr(z2*y) + mr(w2*zz))
			c[t] = int16(x + mr(z3*y) + mr(w3*zz))
		}
	}
}

// invRadix3 is one inverse radix-3 level: (a, b, c) → (BR(a + b + c),
// Σ z_k·…, Σ z_k²·…), the sums formed in int32.
func invRadix3(f *[n]int16, lv *r3Level) {
	m := lv.m
	for blk, zs := range lv.z {
		ws := lv.w[blk]
		z1, z2, z3, w1, w2, w3 := zs[0], zs[1], zs[2], ws[0], ws[1], ws[2]
		o := blk * 3 * m
		a := f[o : o+m]
		b := f[o+m : o+2*m][:len(a)]
		c := f[o+2*m : o+3*m][:len(a)]
		for t := range a {
			x, y, zz := int32(a[t]), int32(b[t]), int32(c[t])
			a[t] = int16(br(x + y + zz))
			b[t] = int16(mr(z1*x) + mr(z2*y) + mr(z3*zz))
			c[t] = int16(mr(w1*x) + mr(w2*y) + mr(w3*zz))
		}
	}
}

// compose undoes the split: from A + ζB and A + ζ^5·B it recovers 3A and 3B.
// Every step is an int16 store in the reference, and 2·s may wrap; the same
// wraps happen here. The scale by 2^16·432^-1 (the reference's separate
// final loop) follows on each output at once.
func compose(f *[n]int16) {
	z := composeZeta
	lo, hi := f[:halfN], f[halfN:]
	for t, a := range lo {
		b := hi[t]
		d := a - b
		s := a + b
		d = int16(mr(z * int32(d)))
		d += b
		u := 2*s - d
		lo[t] = scale(u)
		hi[t] = scale(s + d - u)
	}
}

// scale is the inverse transform's last step: multiply by 2^16·432^-1 in
// Montgomery form and lift a negative result by q.
func scale(x int16) int16 {
	g := int16(mr(int32(x) * invFactor))
	return g + (g>>15)&q
}
