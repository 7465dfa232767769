package evidence

import (
	"strings"
	"testing"

	"crucible.dev/host/internal/noise"
)

// TestUnbounded checks each bound on a trial whose answer is known.
func TestUnbounded(t *testing.T) {
	const ms = 1_000_000
	for _, c := range []struct {
		name                  string
		ns                    []int64
		wall, cpu, wait, self int64
		steal                 float64 // of the machine's two CPUs
		want                  string
	}{
		{"honest", []int64{10 * ms, 10 * ms}, 22 * ms, 21 * ms, 1 * ms, 0, 0, ""},
		{"honest, loaded", []int64{10 * ms, 10 * ms}, 90 * ms, 20 * ms, 75 * ms, 0, 0, ""},
		{"older record", []int64{1}, 0, 0, 0, 0, 0, ""},
		{"more than the call", []int64{15 * ms, 15 * ms}, 22 * ms, 21 * ms, 1 * ms, 0, 0, "more than"},
		{"scaled down", []int64{20_000, 20_000}, 42 * ms, 41 * ms, 1 * ms, 0, 0, "CPU time"},
		{"asleep", []int64{20_000, 20_000}, 100 * ms, 1 * ms, 1 * ms, 0, 0, "neither ran nor waited"},
		{"CPU unreadable", []int64{20_000, 20_000}, 100 * ms, -1, -1, 0, 0, ""},
		// The reply waited while the host ran work of its own.
		{"honest, the host busy", []int64{10 * ms, 10 * ms}, 90 * ms, 21 * ms, 30 * ms, 30 * ms, 0, ""},
		{"asleep, the host busy less", []int64{10 * ms, 10 * ms}, 90 * ms, 21 * ms, 30 * ms, 10 * ms, 0, "neither ran nor waited"},
		// The hypervisor took the CPU (steal): neither running nor waiting,
		// and no sign of sleeping.
		{"honest, stolen from", []int64{35 * ms, 33 * ms}, 70 * ms, 33 * ms, 10 * ms, 3 * ms, 0.43, ""},
		{"asleep, a little stolen", []int64{35 * ms, 33 * ms}, 70 * ms, 33 * ms, 10 * ms, 3 * ms, 0.02, "neither ran nor waited"},
	} {
		tr := Trial{NS: c.ns, HostWallNS: c.wall, HostCPUNS: c.cpu, HostWaitNS: c.wait, HostSelfNS: c.self, Noise: &noise.Window{StealFrac: c.steal, CPUs: 2}}
		got := tr.Unbounded()
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	// An excluded trial counts for nothing in the statistics.
	r := Record{Trials: []Trial{
		{NS: []int64{10 * ms}, Batch: 1, HostWallNS: 11 * ms, HostCPUNS: 10 * ms, HostWaitNS: 0},
		{NS: []int64{1}, Batch: 1, HostWallNS: 50 * ms, HostCPUNS: 49 * ms, HostWaitNS: 0},
	}}
	if s := r.Recompute(); s.Excluded != 1 || s.NS.Median != 10*ms {
		t.Errorf("excluded %d, median %v: want 1 and the honest trial's 10 ms", s.Excluded, s.NS.Median)
	}
}
