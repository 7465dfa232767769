package poolcheck

import (
	"testing"

	"crucible.dev/registry"
)

// Bench is a plugin's BenchmarkPool: for each pooled operation of in it
// reports the median one-input and pool CPU times per call and their
// ratio, from rounds alternating rounds. Run it with -benchtime=1x: the
// rounds are the repetitions.
func Bench(b *testing.B, in *registry.Instance, rounds int) {
	for _, op := range Pooled(in) {
		b.Run(in.ID()+"/"+op, func(b *testing.B) {
			for range b.N {
				r, err := Compare(in, op, rounds)
				if err != nil {
					b.Fatal(err)
				}
				one, pool := r.Medians()
				b.ReportMetric(one, "one-ns/call")
				b.ReportMetric(pool, "pool-ns/call")
				b.ReportMetric(r.Ratio(), "pool/one")
			}
			b.ReportMetric(0, "ns/op")
		})
	}
}
