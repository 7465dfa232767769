package sntrup

// sortUint32 sorts x in place with a data-oblivious sorting network, so
// that the sequence of memory accesses and operations depends only on
// len(x). Short_fromlist (spec §3.5) needs it: the sorted keys carry the
// secret positions of a weight-w polynomial. The portable network is
// Batcher's merge exchange (Knuth TAOCP vol. 3, §5.2.2 Algorithm M); the
// AVX2 one is bitonic (sortBitonicAVX2). Both sort, so both give the same
// output.
func sortUint32(x []uint32) {
	if useAVX2 {
		sortBitonicAVX2(x, useAVX512)
		return
	}
	sortMergeExchange(x)
}

// sortMergeExchange is the portable network.
func sortMergeExchange(x []uint32) {
	n := len(x)
	if n < 2 {
		return
	}
	top := 1
	for top < n-top {
		top += top
	}
	for p := top; p > 0; p >>= 1 {
		minmaxRuns(x, 0, p, n-p, p)
		for q := top; q > p; q >>= 1 {
			minmaxRuns(x, p, q, n-q, p)
		}
	}
}

// minmaxRuns applies minmax(x[i+a], x[i+b]) for every i < end with
// i&p == 0, that is, over runs of length p starting at multiples of 2p.
func minmaxRuns(x []uint32, a, b, end, p int) {
	if p == 1 {
		for i := 0; i < end; i += 2 {
			minmaxGeneric(x[i+a:i+a+1], x[i+b:i+b+1])
		}
		return
	}
	for j := 0; j < end; j += 2 * p {
		k := min(p, end-j)
		minmaxGeneric(x[j+a:j+a+k], x[j+b:j+b+k])
	}
}

// minmaxGeneric sets lo[i], hi[i] to the minimum and maximum of the pair,
// in constant time.
func minmaxGeneric(lo, hi []uint32) {
	hi = hi[:len(lo)]
	for i := range lo {
		a, b := lo[i], hi[i]
		mask := uint32(int64(uint64(b)-uint64(a)) >> 63) // all ones if b < a
		t := (a ^ b) & mask
		lo[i], hi[i] = a^t, b^t
	}
}
