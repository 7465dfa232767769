package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"time"
)

// Modes that reach for the box's limits through children, where a
// per-process limit does not see them all:
//
//	memchildren: three children (CRUCIBLE_HOSTILE_CHILDREN) each
//	allocate and touch 200 MiB (CRUCIBLE_HOSTILE_CHILD_MIB) and hold
//	it; the note says how many held it at once.
//	forkbomb: forks single-threaded children until refused (at most
//	4000); the note says how many lived at once.
//
// Both then serve as the stand-in, so the host can still talk to them.

// hogArg starts a child that holds memory: hostileplugin hog <MiB>.
const hogArg = "hog"

// hog allocates and touches mib MiB, says so on stdout and holds it.
func hog(mib int) {
	b := make([]byte, mib<<20)
	for i := 0; i < len(b); i += 4096 {
		b[i] = 1
	}
	fmt.Println("held")
	time.Sleep(time.Hour)
	b[0] = 2 // keeps b alive until here
}

// memChildren starts the hogs, waits until each holds its memory or has
// died, and reports how many hold it at once.
func memChildren() string {
	n, mib := envInt("CRUCIBLE_HOSTILE_CHILDREN", 3), envInt("CRUCIBLE_HOSTILE_CHILD_MIB", 200)
	self, err := os.Executable()
	if err != nil {
		return "no executable: " + err.Error()
	}
	var kids []*exec.Cmd
	for i := 0; i < n; i++ {
		cmd := exec.Command(self, hogArg, strconv.Itoa(mib))
		out, err := cmd.StdoutPipe()
		if err != nil || cmd.Start() != nil {
			break
		}
		kids = append(kids, cmd)
		// One at a time: each holds its memory before the next starts,
		// so the kernel's choice of whom to kill is plain.
		done := make(chan bool, 1)
		go func() {
			_, err := bufio.NewReader(out).ReadString('\n')
			done <- err == nil
		}()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
		}
	}
	time.Sleep(300 * time.Millisecond)
	alive := 0
	for _, k := range kids {
		var ws syscall.WaitStatus
		if pid, _ := syscall.Wait4(k.Process.Pid, &ws, syscall.WNOHANG, nil); pid == 0 {
			alive++
		}
	}
	for _, k := range kids {
		k.Process.Kill()
		k.Wait()
	}
	return fmt.Sprintf("%d children held %d MiB each at once", alive, mib)
}

// forkBomb forks bare children (each pausing in a raw system call: no
// Go runtime, one task each) until the kernel refuses one, and reports
// how many lived at once; it kills them before it serves.
func forkBomb() string {
	var pids []int
	var why error
	for len(pids) < 4000 {
		pid, _, errno := syscall.RawSyscall(syscall.SYS_CLONE, uintptr(syscall.SIGCHLD), 0, 0) // fork(2), on every architecture
		if errno != 0 {
			why = errno
			break
		}
		if pid == 0 {
			for {
				syscall.RawSyscall6(syscall.SYS_PPOLL, 0, 0, 0, 0, 0, 0) // pause(2): no descriptors, no timeout
			}
		}
		pids = append(pids, int(pid))
	}
	for _, p := range pids {
		syscall.Kill(p, syscall.SIGKILL)
		syscall.Wait4(p, nil, 0, nil)
	}
	s := fmt.Sprintf("forked %d processes", len(pids))
	if why != nil {
		s += " (" + why.Error() + ")"
	}
	return s
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// pace, in mode "slowcalls", makes every operation take
// CRUCIBLE_HOSTILE_CALL_MS milliseconds (500 by default): each call stays
// within the host's call deadline, the plugin's whole evaluation does not.
func pace(mode string) {
	if mode == "slowcalls" {
		time.Sleep(time.Duration(envInt("CRUCIBLE_HOSTILE_CALL_MS", 500)) * time.Millisecond)
	}
}
