package sandbox

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

func itoa(n int) string { return strconv.Itoa(n) }

// PluginPID is the host's PID of the plugin's own process (not of the
// launcher in front of it), and the PID the plugin sees for itself. In the
// sandbox the plugin is the second process of its PID namespace, the child
// of bubblewrap's init; unsandboxed, the first step became the plugin.
func (p *Process) PluginPID() (host, inside int) {
	if p == nil || p.cmd.Process == nil {
		return 0, 0
	}
	top := p.cmd.Process.Pid
	if !p.sandboxed {
		return top, top
	}
	procs := scanProcs()
	for _, init := range procs {
		if init.ppid != top {
			continue
		}
		for _, c := range procs {
			if c.ppid == init.pid && c.nsPID == 2 {
				return c.pid, c.nsPID
			}
		}
	}
	return 0, 0
}

type procInfo struct{ pid, ppid, nsPID int }

// scanProcs reads the parent and innermost namespace PID of every process.
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
			}
		}
		f.Close()
		out = append(out, pi)
	}
	return out
}
