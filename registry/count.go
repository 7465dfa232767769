package registry

import (
	"io"
	mrand "math/rand/v2"
	"os"
	"runtime"
	"runtime/debug"
)

// EnvCounter, set to CounterCallgrind in a plugin's environment, says the
// plugin runs under valgrind's callgrind to have its timed loops' machine
// instructions counted. The host sets it when it starts the plugin so, and
// reads the counts from callgrind's own output, never from the plugin.
const EnvCounter = "CRUCIBLE_COUNTER"

// CounterCallgrind is EnvCounter's one value.
const CounterCallgrind = "callgrind"

// The functions the host points callgrind at: entering CountStartFunc
// zeroes the counts (--zero-before), collection is on inside CountedFunc
// only (--toggle-collect), and leaving CountDumpFunc writes the counts to
// a file of their own (--dump-after), once per timed call, so one process
// can count several operations.
const (
	CountStartFunc = "crucible.dev/registry.countStart"
	CountedFunc    = "crucible.dev/registry.countedBatch"
	CountDumpFunc  = "crucible.dev/registry.countDone"
)

// counting reports whether this process runs under the instruction counter.
func counting() bool { return os.Getenv(EnvCounter) == CounterCallgrind }

// countedBatch performs n calls of body: one sample of a timed loop, and
// the whole region an instruction count covers.
//
//go:noinline
func countedBatch(body func() error, n int64) error {
	for j := int64(0); j < n; j++ {
		if err := body(); err != nil {
			return err
		}
	}
	return nil
}

// countStart marks the start of a timed loop for the counter (see
// CountStartFunc). It does nothing itself; go:noinline keeps the call.
//
//go:noinline
func countStart() {}

// countDone marks the end of a timed loop for the counter (see
// CountDumpFunc). It does nothing itself; go:noinline keeps the call.
//
//go:noinline
func countDone() {}

// holdGC turns the garbage collector off while instructions are counted,
// so a collection starting at some call and not another does not make two
// counts differ (allocations themselves are still counted), and returns
// what restores it. A collection first leaves the heap in the same state
// for every count, whatever the calls before allocated. Outside the
// counter it does nothing: there a timed loop pays for its collections as
// real use does.
func holdGC() func() {
	if !counting() {
		return func() {}
	}
	runtime.GC()
	old := debug.SetGCPercent(-1)
	growStack(countStackFrames)
	return func() { debug.SetGCPercent(old) }
}

// countStackFrames × 16 KiB is the stack grown before a counted loop.
const countStackFrames = 64

// growStack makes the goroutine's stack large before a counted loop (and
// with the collector off it is not shrunk), so that no call in the loop
// grows it: growing copies the stack elsewhere, and callgrind, which
// follows calls by the stack pointer, would take the move for returns
// from every frame, the loop's own included, and stop counting.
//
//go:noinline
func growStack(n int) byte {
	var frame [16 << 10]byte
	frame[n%len(frame)] = byte(n)
	if n > 0 {
		return growStack(n-1) ^ frame[(n*7)%len(frame)]
	}
	return frame[0]
}

// countSeed seeds the randomness counted loops draw their inputs from.
var countSeed = [32]byte{'c', 'r', 'u', 'c', 'i', 'b', 'l', 'e', ' ', 'c', 'o', 'u', 'n', 't'}

// benchRand is the randomness a benchmark's inputs come from: the system's,
// or under the counter a fixed stream, so that two counts of an operation
// whose work depends on its inputs (rejection sampling) run on the same
// inputs and give the same number.
func benchRand(fallback io.Reader) io.Reader {
	if counting() {
		return mrand.NewChaCha8(countSeed)
	}
	return fallback
}
