package callgrind

import (
	"bytes"
	"fmt"
	"strings"
)

// goScheduler are the Go runtime's functions that run in a goroutine's
// thread when the runtime preempts it (its monitor asks a goroutine that
// has run 10 ms to yield at its next function entry; under valgrind every
// counted loop runs that long) or grows its stack. How often that happens
// depends on the wall clock, not on the code counted, so their
// instructions are left out of a count, by name.
var goScheduler = map[string]bool{
	"runtime.newstack": true, "runtime.newstack.abi0": true,
	"runtime.goschedImpl": true, "runtime.schedule": true, "runtime.findRunnable": true,
	"runtime.execute": true, "runtime.stoplockedm": true, "runtime.startlockedm": true,
	"runtime.handoffp": true, "runtime.startm": true, "runtime.wakep": true,
	"runtime.notesleep": true, "runtime.notewakeup": true,
	"runtime.futexsleep": true, "runtime.futexwakeup": true, "runtime.futex.abi0": true, "runtime.futex": true,
	"gogo": true, "runtime.gogo.abi0": true,
	"runtime.acquirep": true, "runtime.acquirepNoTrace": true, "runtime.releasep": true,
	"runtime.releasepNoTrace": true, "runtime.wirep": true,
	"runtime.pidleget": true, "runtime.pidlegetSpinning": true, "runtime.pidleput": true,
	"runtime.checkdead": true, "runtime.incidlelocked": true, "runtime.casgstatus": true,
	"runtime.lock2": true, "runtime.unlock2": true,
	"runtime.(*listHeadManual).pop": true, "runtime.(*mcache).prepareForSweep": true,
	"runtime.(*gcControllerState).releaseNextGCMarkWorker": true,
	"runtime.mPark": true, "runtime.globrunqget": true, "runtime.runqget": true,
}

// goAllocator are the prefixes of the Go allocator's slow paths: refilling
// a thread's cache of spans, taking pages from the heap (the page
// allocator's bitmaps, summaries and scavenger index), its statistics,
// the check for a collection a refill makes, the runtime's own metadata
// (persistentalloc, span-set blocks), the switch to the system stack
// these run on, and the runtime's own random numbers (heap-profile
// sampling). Which call
// takes them, and whether a span it gets must be zeroed, depends on the
// state the heap was left in before the loop, not on the code counted. The
// fast path every allocation takes stays in the count.
var goAllocator = []string{
	"runtime.(*mcache).", "runtime.(*mcentral).", "runtime.(*mheap).", "runtime.(*mspan).",
	"runtime.(*pageAlloc).", "runtime.(*pageCache).", "runtime.(*pallocBits).", "runtime.(*pageBits).",
	"runtime.(*consistentHeapStats).", "runtime.(*gcControllerState).", "runtime.(*spanInlineMarkBits).",
	"runtime.(*sysMemStat).", "runtime.(*fixalloc).", "runtime.sysUsed", "runtime.deductSweepCredit",
	"runtime.(*pallocData).", "runtime.(*scavengeIndex).", "runtime.(*scavChunkData).", "runtime.mergeSummaries",
	"runtime.(*spanSet).", "runtime.(*atomicHeadTailIndex).", "runtime.gcTrigger.test",
	"runtime.persistentalloc", "runtime.(*spanSetBlockAlloc).", "runtime.(*lfstack).",
	"runtime.systemstack", "gosave_systemstack_switch",
	"internal/chacha8rand.",
}

// memclr is the runtime's zeroing: counted where the code calls it (a
// clear of a buffer), left out where the runtime zeroes memory it hands out.
const memclr = "runtime.memclrNoHeapPointers"

// isGoAllocator reports whether fn is one of goAllocator's.
func isGoAllocator(fn string) bool {
	for _, p := range goAllocator {
		if strings.HasPrefix(fn, p) {
			return true
		}
	}
	return false
}

// isGoScheduler reports whether fn is one of goScheduler's, or a recursion
// level of one (callgrind names them fn'2, fn'3...), or the stack-growth
// entry runtime.morestack*.
func isGoScheduler(fn string) bool {
	if i := strings.LastIndexByte(fn, '\''); i > 0 {
		fn = fn[:i]
	}
	return goScheduler[fn] || strings.HasPrefix(fn, "runtime.morestack")
}

// LoopCount is the instructions a counted loop executed.
type LoopCount struct {
	Instructions int64 // the file's total, less Runtime
	Runtime      int64 // in the Go scheduler and the allocator's slow paths, left out
	Calls        int64 // calls the loop function (CountGo's loop) made
}

// CountGo reads a callgrind file of a Go program's thread and returns its
// instruction count without the scheduler's and the allocator's slow
// paths' shares (see goScheduler, goAllocator).
//
// loop is the function whose calls are the counted ones: how many calls it
// made is returned, for the caller to check against the calls it asked
// for (a count cut short shows there).
func CountGo(data []byte, loop string) (LoopCount, error) {
	total, err := Instructions(bytes.NewReader(data))
	if err != nil {
		return LoopCount{}, err
	}
	c, err := Self(bytes.NewReader(data))
	if err != nil {
		return LoopCount{}, err
	}
	var sum, left int64
	for fn, n := range c.Self {
		sum += n
		if isGoScheduler(fn) || isGoAllocator(fn) {
			left += n
		}
	}
	if sum != total {
		return LoopCount{}, fmt.Errorf("callgrind output: functions' costs add up to %d, its total says %d", sum, total)
	}
	for e, n := range c.Calls {
		if e[1] == memclr && strings.HasPrefix(e[0], "runtime.") {
			left += n
		}
	}
	var calls int64
	for e, n := range c.Count {
		if e[0] == loop {
			calls += n
		}
	}
	if left > total {
		return LoopCount{}, fmt.Errorf("callgrind output: %d of %d instructions in the runtime", left, total)
	}
	return LoopCount{Instructions: total - left, Runtime: left, Calls: calls}, nil
}
