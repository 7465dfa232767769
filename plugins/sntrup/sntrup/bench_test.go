package sntrup

import (
	"crypto/rand"
	"runtime"
	"slices"
	"testing"
)

// BenchmarkKEM measures keygen, encaps and decaps of every parameter set on
// the dispatch path in use (CRUCIBLE_SNTRUP_PORTABLE=1 selects the portable
// one). Besides wall time it reports the thread's CPU time per operation,
// which on a shared machine leaves out the time other processes hold the
// core.
func BenchmarkKEM(b *testing.B) {
	for _, ps := range All {
		pk, sk, err := ps.GenerateKey(rand.Reader, OneCall)
		if err != nil {
			b.Fatal(err)
		}
		ct, _, err := ps.Encapsulate(rand.Reader, OneCall, pk)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(ps.Name+"/keygen", func(b *testing.B) {
			benchOp(b, func() { ps.GenerateKey(rand.Reader, OneCall) })
		})
		b.Run(ps.Name+"/encaps", func(b *testing.B) {
			benchOp(b, func() { ps.Encapsulate(rand.Reader, OneCall, pk) })
		})
		b.Run(ps.Name+"/decaps", func(b *testing.B) {
			benchOp(b, func() { ps.Decapsulate(sk, ct) })
		})
	}
}

// benchOp runs op in the benchmark loop on one locked thread and reports
// its CPU time per operation where the platform can tell it: the mean,
// and the median over blocks of benchBlock operations, which on a shared
// machine leaves out the blocks another process disturbed (the C
// implementations' benchmarks report medians too).
func benchOp(b *testing.B, op func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t0 := threadCPU()
	last, n := t0, 0
	var blocks []float64
	for b.Loop() {
		op()
		if n++; n%benchBlock == 0 && t0 >= 0 {
			t := threadCPU()
			blocks = append(blocks, float64(t-last)/benchBlock)
			last = t
		}
	}
	if t0 >= 0 {
		b.ReportMetric(float64(threadCPU()-t0)/float64(b.N), "cpu-ns/op")
	}
	if len(blocks) > 0 {
		slices.Sort(blocks)
		b.ReportMetric(blocks[len(blocks)/2], "med-cpu-ns/op")
	}
}

// benchBlock is the number of operations a CPU-time sample covers: a
// sample costs a system call, well below a percent of eight operations.
const benchBlock = 8
