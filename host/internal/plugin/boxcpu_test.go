package plugin

import (
	"os"
	"os/exec"
	"testing"
	"time"
)

// TestBoxCPU checks that the box's CPU time counts work done by a child
// process that has already ended, which the live threads' schedstat of
// the box's root never shows: a plugin cannot hide work in a helper; and
// its page faults.
func TestBoxCPU(t *testing.T) {
	// The shell starts a subshell that spins for a while and ends, then
	// waits: all the CPU time is the reaped child's.
	sh := exec.Command("sh", "-c", `(i=0; while [ $i -lt 400000 ]; do i=$((i+1)); done); echo done; sleep 30`)
	out, err := sh.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := sh.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { sh.Process.Kill(); sh.Wait() }()
	buf := make([]byte, 5)
	if _, err := out.Read(buf); err != nil {
		t.Fatal(err)
	}
	time.Sleep(50 * time.Millisecond)
	live, _ := threadsSched(sh.Process.Pid)
	u := boxCPU(sh.Process.Pid)
	box := u.CPUNS
	t.Logf("live threads %v, box %v", time.Duration(live), time.Duration(box))
	if box < 100*int64(time.Millisecond) || box < 10*live {
		t.Errorf("box CPU %v, live threads %v: the ended child's CPU time is missing", time.Duration(box), time.Duration(live))
	}
	// The reaped subshell's page faults count too: a process cannot run
	// without taking some.
	if u.MinorFaults <= 0 {
		t.Errorf("%d minor page faults in the box", u.MinorFaults)
	}
	if got := boxRoot(sh.Process.Pid); got != sh.Process.Pid {
		t.Errorf("boxRoot of a child of the host is %d, want itself (%d)", got, sh.Process.Pid)
	}
	if c := boxCPU(0).CPUNS; c != -1 || processCPU(os.Getpid()) <= 0 {
		t.Error("boxCPU(0) or the host's own clock")
	}
}
