package sandbox

import (
	"fmt"
	"os"
	"strings"
)

// cgroupWaitFD is the descriptor on which the first step waits, before
// it does anything else, for the host to have put it in its box's
// cgroup: nothing of the plugin's runs outside the box's limits.
const cgroupWaitFD = 3

// start starts the process; with a cgroup tree, in a cgroup of its own
// (made here, removed by Wait) before the first step goes on.
func (p *Process) start() error {
	if p.tree == nil {
		return p.cmd.Start()
	}
	cg, err := p.tree.newBox(p.limits)
	if err != nil {
		return err
	}
	r, w, err := os.Pipe()
	if err != nil {
		cg.remove()
		return fmt.Errorf("sandbox: %w", err)
	}
	// Always descriptor 3: the files a build passes come after it.
	p.cmd.ExtraFiles = append([]*os.File{r}, p.cmd.ExtraFiles...)
	err = p.cmd.Start()
	r.Close()
	if err != nil {
		w.Close()
		cg.remove()
		return err
	}
	if err := cg.add(p.cmd.Process.Pid); err != nil {
		// The first step reads end of file and stops; the host reaps it.
		w.Close()
		p.cmd.Process.Kill()
		p.cmd.Wait()
		cg.remove()
		return err
	}
	p.mu.Lock()
	p.cgroup = cg
	p.mu.Unlock()
	_, err = w.Write([]byte{1})
	w.Close()
	return err
}

// removeCgroup keeps what the box's cgroup says of its limits and removes
// it, once the first step has ended.
func (p *Process) removeCgroup() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cgroup == nil {
		return
	}
	p.events = p.cgroup.events()
	p.cgroup.remove()
	p.cgroup = nil
}

// killCgroup ends every process left in the box's cgroup.
func (p *Process) killCgroup() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cgroup != nil {
		p.cgroup.kill()
	}
}

// LimitEvents says which of the box's limits the kernel enforced (its
// cgroup's memory and process limits), "" when none or when the box has
// no cgroup.
func (p *Process) LimitEvents() string {
	if p == nil {
		return ""
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cgroup != nil {
		return p.cgroup.events()
	}
	return p.events
}

// waitForCgroup, in the first step, blocks until the host has put it in
// its box's cgroup (a byte on cgroupWaitFD); end of file means the host
// could not.
func waitForCgroup() error {
	f := os.NewFile(cgroupWaitFD, "cgroup-wait")
	defer f.Close()
	var b [1]byte
	if n, _ := f.Read(b[:]); n != 1 {
		return fmt.Errorf("the host did not put the box in its cgroup")
	}
	return nil
}

// describeLimits records in the report what bounds a box as a whole.
func (lc *Launcher) describeLimits(why []string) {
	r := &lc.report
	if lc.cgroups == nil {
		r.LimitedBy = LimitedByRlimit
		r.Missing = append(r.Missing, "cgroup limits: none could be made ("+strings.Join(why, "; ")+"); rlimits bound each process, not the box's processes together, and the PID namespace (or the first step) ends the process tree")
		return
	}
	r.LimitedBy = lc.cgroups.version
	r.Mechanisms = append(r.Mechanisms, fmt.Sprintf("a %s per box (memory %d MiB and %d processes for all its processes and tmpfs pages together)", lc.cgroups.version, lc.limits.MemoryMiB, lc.limits.Procs))
}
