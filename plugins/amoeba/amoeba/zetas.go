package amoeba

// The twiddle tables of zetas.c, generated at init by the rule of spec §4.3
// rather than copied: ρ = 9 is a primitive 864-th root of unity mod q, and
// each table entry is a power of ρ whose exponent follows the tree of the
// transform (a split into two halves, two radix-3 levels, four radix-2
// levels).
var (
	forwardZetas [566]int16 // FZ: ρ^E[k]·2^16 mod q
	inverseZetas [566]int16 // IZ: ρ^-E[565-k]·2^16 mod q
	nttOfY       [n]int16   // YN: Y = X^K at NTT slot n, centred, plain form

)

const (
	root  = 9   // ρ
	order = 864 // multiplicative order of ρ; the NTT evaluates at its primitive roots
)

// powMod returns b^e mod q for e ≥ 0.
func powMod(b, e int) int {
	r := 1
	b %= q
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = r * b % q
		}
		b = b * b % q
	}
	return r
}

// mont returns ρ^e in Montgomery form, in [0, q).
func mont(e int) int16 {
	e = ((e % order) + order) % order
	return int16(powMod(root, e) << 16 % q)
}

func init() {
	// Exponent list in the order ForwardNTT consumes it.
	exps := make([]int, 0, len(forwardZetas))
	exps = append(exps, 144, 720)
	halves := [2][]int{{144}, {720}}
	expand := func(div int, step int) {
		for h := range halves {
			var next []int
			for _, e := range halves[h] {
				for c := 0; c < div; c++ {
					child := (e/div + c*step) % order
					exps = append(exps, child)
					next = append(next, child)
				}
			}
			halves[h] = next
		}
	}
	for range 2 {
		expand(3, order/3)
	}
	for range 4 {
		expand(2, order/2)
	}
	if len(exps) != len(forwardZetas) {
		panic("amoeba: twiddle tree has the wrong size")
	}
	for k, e := range exps {
		forwardZetas[k] = mont(e)
		inverseZetas[len(exps)-1-k] = mont(-e)
	}
	leaves := append(halves[0], halves[1]...)
	for i, e := range leaves {
		y := powMod(root, e)
		if y > half {
			y -= q
		}
		nttOfY[i] = int16(y)
		nttOfY32[i] = int32(y)
	}
	buildSchedules()
}
