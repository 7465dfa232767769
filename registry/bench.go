package registry

import (
	"bytes"
	"crypto/rand"
	"fmt"
	"runtime"
	"runtime/pprof"
	"time"
)

// BenchSpec says how to time one operation.
type BenchSpec struct {
	Samples int64 // timed samples
	Batch   int64 // calls per sample; >1 for operations too fast to time one by one
	Warmup  int64 // untimed calls first
	Params  BenchParams
	Profile bool         // take a CPU profile of Samples × Batch calls instead of timing them
	Body    func() error // a loop PrepareBench made; nil to prepare (and warm up) here
	// A loop on host-supplied inputs (fed.go): Setup and the warm-up
	// Inputs for PrepareFed; Fed, the call it prepared, and Inputs, one
	// per timed call (Samples × Batch), for Bench.
	Setup  [][]byte
	Inputs [][][]byte
	Fed    FedCall
}

// BenchResult is what the loop measured. Times and cycles are per sample.
type BenchResult struct {
	NS, Cycles      []int64
	CycleSource     string
	CoreCycles      []int64 // per sample, when perf events are allowed
	CoreCyclesError string  // why there are none
	AllocsPerOp     float64
	BytesPerOp      float64
	RSSBaseKiB      int64
	RSSPeakKiB      int64
	HWMReset        bool
	CPU             int
	CallsPerOp      map[string]float64
	Profile         []byte
	Outputs         [][]byte // per host-supplied input, the call's output; a streamed loop's folds, in one
}

// PrepareBench prepares op's inputs outside any timed region and runs the
// warm-up calls, returning the loop body that Bench then times.
func PrepareBench(in *Instance, op Op, s BenchSpec) (func() error, error) {
	if op.Prepare == nil {
		return nil, fmt.Errorf("bench %s %s: the operation is not timed", in.ID(), op.Name)
	}
	rnd := benchRand(rand.Reader)
	if in.Rand != nil {
		rnd = in.Rand()
	}
	body, err := op.Prepare(rnd, s.Params)
	if err != nil {
		return nil, fmt.Errorf("bench %s %s: prepare: %w", in.ID(), op.Name, err)
	}
	for i := int64(0); i < s.Warmup; i++ {
		if err := body(); err != nil {
			return nil, fmt.Errorf("bench %s %s: warm-up: %w", in.ID(), op.Name, err)
		}
	}
	// A collection now, so the timed loop starts on a clean heap without
	// paying for one: a forced collection takes milliseconds on a busy
	// machine, which the host would see as time outside the samples.
	runtime.GC()
	return body, nil
}

// Bench times op of in inside this process: inputs are prepared outside the
// timed region (here, or earlier by PrepareBench), the goroutine is locked
// to its OS thread, and each sample reads the monotonic clock and the cycle
// counter around Batch calls.
func Bench(in *Instance, op Op, s BenchSpec) (*BenchResult, error) {
	if s.Samples < 1 || s.Batch < 1 {
		return nil, fmt.Errorf("bench %s %s: samples and batch must be positive", in.ID(), op.Name)
	}
	body := s.Body
	var outs [][]byte
	switch {
	case s.Fed != nil && op.Stream:
		if len(s.Inputs) != 1 {
			return nil, fmt.Errorf("bench %s %s: %d base inputs for a streamed loop, want 1: %w", in.ID(), op.Name, len(s.Inputs), errFedInput)
		}
		var folds []byte
		body, folds = streamBody(s.Fed, s.Inputs[0], s.Samples*s.Batch)
		outs = [][]byte{folds}
	case s.Fed != nil:
		if int64(len(s.Inputs)) != s.Samples*s.Batch {
			return nil, fmt.Errorf("bench %s %s: %d inputs for %d calls: %w", in.ID(), op.Name, len(s.Inputs), s.Samples*s.Batch, errFedInput)
		}
		body, outs = fedBody(s.Fed, s.Inputs)
	}
	if body == nil {
		var err error
		if body, err = PrepareBench(in, op, s); err != nil {
			return nil, err
		}
	}
	if s.Profile {
		p, err := profile(body, s.Samples*s.Batch)
		if err != nil {
			return nil, fmt.Errorf("bench %s %s: profile: %w", in.ID(), op.Name, err)
		}
		return &BenchResult{CycleSource: tscSource, Profile: p}, nil
	}
	r := &BenchResult{
		NS:          make([]int64, s.Samples),
		Cycles:      make([]int64, s.Samples),
		CycleSource: tscSource,
		CallsPerOp:  map[string]float64{},
		Outputs:     outs,
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	r.HWMReset = resetPeakRSS()
	r.RSSBaseKiB = procStatus("VmRSS")
	r.CPU = currentCPU()
	core, err := openCoreCounter()
	if err != nil {
		r.CoreCyclesError = err.Error()
	} else {
		defer core.close()
		r.CoreCycles = make([]int64, s.Samples)
	}
	defer holdGC()()
	calls0 := readCallCounts()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	countStart()
	for i := range r.NS {
		// The core counter is read outside the clock's window: a read is a
		// system call, and would otherwise inflate short samples.
		var k0 int64
		if core != nil {
			k0 = core.read()
		}
		t0 := time.Now()
		c0 := cycles()
		if err := countedBatch(body, s.Batch); err != nil {
			return nil, fmt.Errorf("bench %s %s: sample %d: %w", in.ID(), op.Name, i, err)
		}
		c1 := cycles()
		r.NS[i] = int64(time.Since(t0))
		r.Cycles[i] = int64(c1 - c0)
		if core != nil {
			r.CoreCycles[i] = core.read() - k0
		}
	}
	countDone()
	runtime.ReadMemStats(&m1)
	calls1 := readCallCounts()
	r.RSSPeakKiB = procStatus("VmHWM")
	n := float64(s.Samples * s.Batch)
	r.AllocsPerOp = float64(m1.Mallocs-m0.Mallocs) / n
	r.BytesPerOp = float64(m1.TotalAlloc-m0.TotalAlloc) / n
	for k, v := range calls1 {
		if d := v - calls0[k]; d > 0 {
			r.CallsPerOp[k] = float64(d) / n
		}
	}
	return r, nil
}

// ProfileHz is the sampling rate of the CPU profiles a Bench call with
// Profile set takes: 2.5 times runtime/pprof's default, and what Linux
// delivers on a kernel that ticks 250 times a second (CONFIG_HZ=250, as
// here: CPU-time timers fire on ticks, so a higher rate gives no more).
const ProfileHz = 250

// profile runs body n times under the CPU profiler: a count, not a
// duration, like every other loop of a run.
func profile(body func() error, n int64) ([]byte, error) {
	var buf bytes.Buffer
	// The rate set first is the one the profile takes (StartCPUProfile's
	// own 100 Hz is refused, with a line on stderr, and the profile
	// records the real period): as many samples in 40% of the time.
	runtime.SetCPUProfileRate(ProfileHz)
	if err := pprof.StartCPUProfile(&buf); err != nil {
		return nil, err
	}
	for i := int64(0); i < n; i++ {
		if err := body(); err != nil {
			pprof.StopCPUProfile()
			return nil, err
		}
	}
	pprof.StopCPUProfile()
	return buf.Bytes(), nil
}
