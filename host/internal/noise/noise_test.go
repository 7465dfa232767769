package noise

import (
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"crucible.dev/registry/testenv"
)

func TestParse(t *testing.T) {
	steal, total := parseStat([]byte("cpu  100 5 50 800 10 0 5 30 7 0\ncpu0 1 2 3\n"))
	if steal != 30 || total != 1000 {
		t.Errorf("parseStat: steal %d total %d, want 30 1000", steal, total)
	}
	if n := parsePressure([]byte("some avg10=1.00 avg60=0.50 avg300=0.10 total=123456\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n")); n != 123456 {
		t.Errorf("parsePressure: %d, want 123456", n)
	}
	if n := parseLoadavg([]byte("0.50 0.40 0.30 3/300 12345\n")); n != 3 {
		t.Errorf("parseLoadavg: %d, want 3", n)
	}
}

func TestBetween(t *testing.T) {
	t0 := time.Unix(0, 0)
	a := Sample{At: t0, StealTick: 0, TotalTick: 0, StallUS: 0, Runnable: 1}
	quiet := Between(a, Sample{At: t0.Add(time.Second), TotalTick: 200, StallUS: 10_000, Runnable: 2})
	if quiet.Disturbed {
		t.Errorf("1%% stall judged disturbed: %+v", quiet)
	}
	loaded := Between(a, Sample{At: t0.Add(time.Second), TotalTick: 200, StallUS: 500_000, Runnable: 9})
	if !loaded.Disturbed || loaded.StallFrac != 0.5 {
		t.Errorf("50%% stall: %+v", loaded)
	}
	stolen := Between(a, Sample{At: t0.Add(time.Second), StealTick: 20, TotalTick: 200, StallUS: 0, Runnable: 1})
	if !stolen.Disturbed || stolen.StealFrac != 0.1 {
		t.Errorf("10%% steal: %+v", stolen)
	}
	noPSI := Between(Sample{At: t0, StallUS: -1}, Sample{At: t0.Add(time.Second), StallUS: -1, Runnable: runtime.NumCPU() + 5})
	if !noPSI.Disturbed || noPSI.StallFrac != -1 {
		t.Errorf("a long run queue without pressure information: %+v", noPSI)
	}
}

func TestGrade(t *testing.T) {
	for _, c := range []struct {
		trials, disturbed int
		want              string
	}{{100, 0, "quiet"}, {100, 5, "quiet"}, {100, 6, "noisy"}, {100, 34, "disturbed"}, {0, 0, "quiet"}} {
		if g := Of(c.trials, c.disturbed, 0); g.Grade != c.want {
			t.Errorf("Of(%d, %d) = %s, want %s", c.trials, c.disturbed, g.Grade, c.want)
		}
	}
}

// TestHogIsSeen runs more CPU-bound goroutines than CPUs and checks that
// the window over them is judged disturbed: the signal a campaign marks
// its trials with.
func TestHogIsSeen(t *testing.T) {
	if Read().StallUS < 0 {
		testenv.Skip(t, "no /proc/pressure/cpu: the run-queue fallback is covered by TestBetween")
	}
	// More threads than CPUs: the Go scheduler runs at most GOMAXPROCS
	// goroutines at once, so raise it for the hog to reach the kernel.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4 * runtime.NumCPU()))
	var stop atomic.Bool
	for range 3 * runtime.NumCPU() {
		go func() {
			for !stop.Load() {
			}
		}()
	}
	defer stop.Store(true)
	time.Sleep(100 * time.Millisecond)
	a := Read()
	time.Sleep(500 * time.Millisecond)
	if w := Between(a, Read()); !w.Disturbed {
		t.Errorf("3 spinning goroutines per CPU, window not disturbed: %+v", w)
	}
}
