package registry

import (
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// pinProcess pins every thread of the process to CPU n. Threads the runtime
// starts later inherit the mask of the thread that creates them.
func pinProcess(n int) error {
	var set unix.CPUSet
	set.Set(n)
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return unix.SchedSetaffinity(0, &set)
	}
	for _, t := range tasks {
		tid, err := strconv.Atoi(t.Name())
		if err != nil {
			continue
		}
		if err := unix.SchedSetaffinity(tid, &set); err != nil {
			return err
		}
	}
	return nil
}
