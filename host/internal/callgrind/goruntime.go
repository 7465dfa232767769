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
	Instructions int64 // the file's total, less Scheduler
	Scheduler    int64 // in the Go scheduler's functions, left out
}

// CountGo reads a callgrind file of a Go program's thread and returns its
// instruction count without the scheduler's share (see goScheduler).
func CountGo(data []byte) (LoopCount, error) {
	total, err := Instructions(bytes.NewReader(data))
	if err != nil {
		return LoopCount{}, err
	}
	self, err := Self(bytes.NewReader(data))
	if err != nil {
		return LoopCount{}, err
	}
	var sum, sched int64
	for fn, n := range self {
		sum += n
		if isGoScheduler(fn) {
			sched += n
		}
	}
	if sum != total {
		return LoopCount{}, fmt.Errorf("callgrind output: functions' costs add up to %d, its total says %d", sum, total)
	}
	return LoopCount{Instructions: total - sched, Scheduler: sched}, nil
}
