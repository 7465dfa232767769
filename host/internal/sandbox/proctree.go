package sandbox

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

func itoa(n int) string { return strconv.Itoa(n) }

// PluginPID is the host's PID of the plugin's own process (not of the
// launcher in front of it), and the PID the plugin sees for itself. At the
// namespaced levels the first step became the plugin, the first process
// of its PID namespace; at LevelLandlock the plugin is the first step's
// child; unsandboxed, the first step became the plugin.
func (p *Process) PluginPID() (host, inside int) {
	if p == nil || p.cmd.Process == nil {
		return 0, 0
	}
	top := p.cmd.Process.Pid
	switch {
	case p.level.namespaced():
		return top, 1
	case p.level == LevelLandlock:
		for _, c := range scanProcs() {
			if c.ppid == top && c.state != "Z" {
				return c.pid, c.pid
			}
		}
		return 0, 0
	}
	return top, top
}

type procInfo struct {
	pid, ppid, nsPID int
	state            string
}

// scanProcs reads the parent, state and innermost namespace PID of every
// process.
func scanProcs() []procInfo {
	ents, _ := os.ReadDir("/proc")
	var out []procInfo
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		f, err := os.Open(filepath.Join("/proc", e.Name(), "status"))
		if err != nil {
			continue
		}
		pi := procInfo{pid: pid}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			k, v, _ := strings.Cut(sc.Text(), ":")
			f := strings.Fields(v)
			switch {
			case k == "PPid" && len(f) == 1:
				pi.ppid, _ = strconv.Atoi(f[0])
			case k == "NSpid" && len(f) > 0:
				pi.nsPID, _ = strconv.Atoi(f[len(f)-1])
			case k == "State" && len(f) > 0:
				pi.state = f[0]
			}
		}
		f.Close()
		out = append(out, pi)
	}
	return out
}

// killTree kills every live descendant of top, the deepest first, until
// none is left (a process killed may have started another meanwhile; its
// orphans come back to top, the subreaper), then top itself when self.
// Inside the first step it also reaps them.
func killTree(top int, self bool) {
	for round := 0; round < 100; round++ {
		procs := scanProcs()
		children := map[int][]int{}
		for _, p := range procs {
			if p.state != "Z" {
				children[p.ppid] = append(children[p.ppid], p.pid)
			}
		}
		var tree []int
		for q := children[top]; len(q) > 0; q = q[1:] {
			tree = append(tree, q[0])
			q = append(q, children[q[0]]...)
		}
		if !self {
			for {
				if pid, _ := syscall.Wait4(-1, nil, syscall.WNOHANG, nil); pid <= 0 {
					break
				}
			}
		}
		if len(tree) == 0 {
			break
		}
		for i := len(tree) - 1; i >= 0; i-- {
			syscall.Kill(tree[i], syscall.SIGKILL)
		}
	}
	if self {
		syscall.Kill(top, syscall.SIGKILL)
	}
}
