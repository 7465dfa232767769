// Package poolcheck measures what a timed loop's pool of distinct inputs
// does to an honest implementation's timing: the contract's loop is timed
// on one input repeated and on the pool, in many short alternating rounds,
// so that the machine's drift falls on both alike, and in the thread's CPU
// time, which leaves out the time other processes hold the core.
package poolcheck

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"time"

	"golang.org/x/sys/unix"

	"crucible.dev/registry"
)

// Result holds the CPU nanoseconds per call of each round, for one input
// repeated (One) and for the pool (Pool).
type Result struct {
	Instance, Op string
	One, Pool    []float64
}

// Ratio is pool time over one-input time: the median over pairs of
// rounds (one ran first in the one, the pool in the other) of the
// geometric mean of their two ratios. Whichever loop runs second in a
// round may run faster or slower for running second; the pair cancels
// that, where a median of single rounds would land in one of the two
// modes it makes.
func (r Result) Ratio() float64 {
	var q []float64
	for i := 0; i+1 < len(r.One); i += 2 {
		q = append(q, math.Sqrt(r.Pool[i]/r.One[i]*r.Pool[i+1]/r.One[i+1]))
	}
	return median(q)
}

// Medians are the median nanoseconds per call with one input and with
// the pool.
func (r Result) Medians() (one, pool float64) { return median(r.One), median(r.Pool) }

func median(v []float64) float64 {
	s := slices.Sorted(slices.Values(v))
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// Pooled lists the operations of in whose timed loop cycles through a
// pool: those whose loop changes when BenchParams.Pool does.
func Pooled(in *registry.Instance) []string {
	switch in.Kind {
	case registry.KindKEM:
		return []string{registry.OpDecaps, registry.OpDecapsReject, registry.OpDecapsInvalid}
	case registry.KindSig:
		return []string{registry.OpSign, registry.OpVerify}
	case registry.KindKEX:
		var ops []string
		for i := 1; i <= in.KEX.Passes(); i++ {
			ops = append(ops, registry.OpPass(i))
		}
		return append(ops, registry.OpDerive(registry.PartyA), registry.OpDerive(registry.PartyB))
	}
	return nil
}

// roundCPU is the CPU time a round aims at: short enough that a
// preemption spoils few rounds, long enough that reading the clock costs
// nothing beside it.
const roundCPU = 5 * time.Millisecond

// Compare times op of in over rounds rounds (made even), one input
// repeated and the pool alternating (ABBA, so neither always runs first).
func Compare(in *registry.Instance, op string, rounds int) (Result, error) {
	o, ok := registry.FindOp(in, op)
	if !ok {
		return Result{}, fmt.Errorf("poolcheck %s: no operation %s", in.ID(), op)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	prepare := func(pool int) (func() error, error) {
		return registry.PrepareBench(in, o, registry.BenchSpec{Warmup: registry.BenchPool, Params: registry.BenchParams{Pool: pool}})
	}
	one, err := prepare(1)
	if err != nil {
		return Result{}, err
	}
	pool, err := prepare(0)
	if err != nil {
		return Result{}, err
	}
	timed := func(body func() error, calls int) (float64, error) {
		t0 := threadCPU()
		for range calls {
			if err := body(); err != nil {
				return 0, fmt.Errorf("poolcheck %s %s: %w", in.ID(), op, err)
			}
		}
		return float64(threadCPU()-t0) / float64(calls), nil
	}
	// The pool's length is the unit: every round cycles it whole.
	per, err := timed(pool, registry.BenchPool)
	if err != nil {
		return Result{}, err
	}
	calls := registry.BenchPool * max(1, int(float64(roundCPU)/(per*registry.BenchPool)))
	r := Result{Instance: in.ID(), Op: op}
	for i := range rounds + rounds%2 {
		into := []*[]float64{&r.One, &r.Pool}
		loops := []func() error{one, pool}
		if i%2 == 1 {
			slices.Reverse(into)
			slices.Reverse(loops)
		}
		for j, body := range loops {
			ns, err := timed(body, calls)
			if err != nil {
				return Result{}, err
			}
			*into[j] = append(*into[j], ns)
		}
	}
	return r, nil
}

// threadCPU is the calling thread's CPU time in nanoseconds.
func threadCPU() int64 {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		panic(fmt.Sprintf("poolcheck: thread CPU clock: %v", err))
	}
	return ts.Nano()
}
